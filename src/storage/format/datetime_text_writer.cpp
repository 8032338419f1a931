// src/storage/format/datetime_text_writer.cpp
#include "storage/format/datetime_text_writer.hpp"

#include "common/types/time_zone.hpp"

namespace sluice {

DatetimeTextWriter::DatetimeTextWriter(const TimeZone* zone)
    : zone_(zone != nullptr ? *zone : TimeZone::utc()),
      date_(DatetimePattern::compile("yyyy-MM-dd")),
      timestamp_(DatetimePattern::compile("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")),
      timestamp_ntz_(DatetimePattern::compile("yyyy-MM-dd'T'HH:mm:ss.SSS")) {}

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
