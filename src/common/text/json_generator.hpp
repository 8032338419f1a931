// src/common/text/json_generator.hpp
//
// Values as Spark's JacksonGenerator writes them, for to_json and the JSON data source:
// - struct fields in declaration order, a NULL field left out with ignoreNullFields (the
//   default); NULL array elements and map values written as null;
// - map keys as Spark's key.toString: strings and numbers as text, a DATE or TIMESTAMP key as
//   its internal number (days, microseconds), an ARRAY or STRUCT key as "[1,x]";
// - DOUBLE / FLOAT as Java prints them, NaN and infinities quoted; DECIMAL as
//   BigDecimal.toString; BINARY in base64; DATE, TIMESTAMP (in the session's zone) and
//   TIMESTAMP_NTZ with the dateFormat / timestampFormat / timestampNTZFormat patterns, by
//   default yyyy-MM-dd, yyyy-MM-dd'T'HH:mm:ss.SSSXXX and yyyy-MM-dd'T'HH:mm:ss.SSS;
//   intervals as their SQL text, quoted.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/datetime_pattern.hpp"

namespace sluice {

class TimeZone;
class Value;

struct JsonGeneratorOptions {
  //! dateFormat, timestampFormat, timestampNTZFormat; null: Spark's defaults.
  std::shared_ptr<const DatetimePattern> date_format;
  std::shared_ptr<const DatetimePattern> timestamp_format;
  std::shared_ptr<const DatetimePattern> timestamp_ntz_format;
  //! ignoreNullFields: a NULL struct field is left out of its object.
  bool ignore_null_fields = true;
};

class JsonGenerator {
 public:
  //! TIMESTAMP values are written in `zone` (the session's time zone).
  JsonGenerator(const JsonGeneratorOptions& options, const TimeZone& zone);

  void appendValue(std::string& out, const Value& value) const;
  //! A row as an object: `values` follow `fields`.
  void appendStruct(std::string& out, const std::vector<StructField>& fields,
                    const std::vector<Value>& values) const;

 private:
  const JsonGeneratorOptions& options_;
  const TimeZone& zone_;
  const DatetimePattern& timestamp_format_;
  const DatetimePattern& timestamp_ntz_format_;
};

}  // namespace sluice
