// src/function/scalar/csv/csv_function_options.hpp
//
// The options map of from_csv, schema_of_csv and to_csv, read as Spark's CSVOptions reads it:
// names in any case, unknown names ignored. Reading: sep (or delimiter), quote, escape,
// nullValue, nanValue, positiveInf, negativeInf, dateFormat, timestampFormat,
// timestampNTZFormat, timeZone, ignoreLeadingWhiteSpace, ignoreTrailingWhiteSpace, comment, mode
// (PERMISSIVE or FAILFAST) and columnNameOfCorruptRecord.
// Writing: sep, quote, escape, nullValue, dateFormat, timestampFormat, timestampNTZFormat and
// timeZone.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "common/csv/csv_options.hpp"
#include "common/csv/csv_record_format.hpp"

namespace sluice {

class TimeZone;
class Value;

struct CsvReadFunctionOptions {
  //! The tokenizer's and converters' options; time_zone is the timeZone option (null: the
  //! session's).
  csv::CsvOptions csv;
  //! FAILFAST: a malformed record raises MALFORMED_RECORD_IN_PARSING instead of giving NULLs.
  bool fail_fast = false;
  //! The STRING field that receives a malformed record's text (Spark's default name).
  std::string corrupt_column = "_corrupt_record";
};

struct CsvWriteFunctionOptions {
  csv::CsvWriteOptions csv;
  //! The timeZone option; null: the session's.
  std::shared_ptr<const TimeZone> zone;
};

//! `map` is the options argument's value (null or a NULL map: the defaults). `function` names
//! the function in errors: PARSE_MODE_UNSUPPORTED for DROPMALFORMED, INVALID_PARAMETER_VALUE for
//! a separator, quote or escape that is not one character or an unknown time zone,
//! INVALID_DATETIME_PATTERN for a bad pattern.
CsvReadFunctionOptions readCsvReadOptions(const Value* map, std::string_view function);
CsvWriteFunctionOptions readCsvWriteOptions(const Value* map, std::string_view function);

}  // namespace sluice
