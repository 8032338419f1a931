// src/common/types/datetime_text_writer.hpp
//
// Dates and timestamps as Spark's text data sources (JSON, CSV) write them: by default their
// dateFormat yyyy-MM-dd, timestampFormat yyyy-MM-dd'T'HH:mm:ss.SSSXXX in the session's zone,
// and timestampNTZFormat yyyy-MM-dd'T'HH:mm:ss.SSS; or the patterns given.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/types/datetime_pattern.hpp"

namespace sluice {

class TimeZone;

class DatetimeTextWriter {
 public:
  //! `zone` is the session's time zone; null is UTC. Empty patterns are the defaults.
  explicit DatetimeTextWriter(const TimeZone* zone, std::string_view date_format = {},
                              std::string_view timestamp_format = {},
                              std::string_view timestamp_ntz_format = {});

  std::string date(int32_t days) const;
  std::string timestamp(int64_t micros) const;
  std::string timestampNtz(int64_t micros) const;

 private:
  const TimeZone& zone_;
  DatetimePattern date_;
  DatetimePattern timestamp_;
  DatetimePattern timestamp_ntz_;
};

}  // namespace sluice
