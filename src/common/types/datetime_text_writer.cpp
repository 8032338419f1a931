// src/common/types/datetime_text_writer.cpp
#include "common/types/datetime_text_writer.hpp"

#include "common/types/time_zone.hpp"

namespace sluice {

namespace {

DatetimePattern compileOr(std::string_view pattern, std::string_view fallback) {
  return DatetimePattern::compile(pattern.empty() ? fallback : pattern);
}

}  // namespace

DatetimeTextWriter::DatetimeTextWriter(const TimeZone* zone, std::string_view date_format,
                                       std::string_view timestamp_format,
                                       std::string_view timestamp_ntz_format)
    : zone_(zone != nullptr ? *zone : TimeZone::utc()),
      date_(compileOr(date_format, "yyyy-MM-dd")),
      timestamp_(compileOr(timestamp_format, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX")),
      timestamp_ntz_(compileOr(timestamp_ntz_format, "yyyy-MM-dd'T'HH:mm:ss.SSS")) {}

std::string DatetimeTextWriter::date(int32_t days) const {
  return date_.formatDate(days);
}

std::string DatetimeTextWriter::timestamp(int64_t micros) const {
  return timestamp_.formatTimestamp(micros, zone_);
}

std::string DatetimeTextWriter::timestampNtz(int64_t micros) const {
  // A wall-clock time: formatted as the UTC instant of the same digits.
  return timestamp_ntz_.formatTimestamp(micros, TimeZone::utc());
}

}  // namespace sluice
