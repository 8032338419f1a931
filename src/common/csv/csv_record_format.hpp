// src/common/csv/csv_record_format.hpp
//
// The text of CSV records as Spark's UnivocityGenerator writes them: by default ',' between
// fields, NULL as an empty field and an empty string as "" (emptyValue replaces it; quoteAll
// quotes every value), leading and trailing white space
// of values dropped (ignoreLeadingWhiteSpace / ignoreTrailingWhiteSpace are true for writing);
// a value holding the separator, a quote or a line break is quoted, its quotes escaped with the
// escape character. DATE as yyyy-MM-dd, TIMESTAMP as yyyy-MM-dd'T'HH:mm:ss.SSSXXX in the
// session's zone (or the dateFormat / timestampFormat patterns), numbers with Java's digits,
// BINARY as hex bytes ("[0A FF]"), arrays, maps and structs (to_csv; CSV files refuse them) as
// the generator prints them: "[1, null]", "{a -> 1}", "{1, x}".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/datetime_text_writer.hpp"

namespace sluice {
class TimeZone;
class Value;
}  // namespace sluice

namespace sluice::csv {

struct CsvWriteOptions {
  //! header: the first line names the columns.
  bool header = false;
  char separator = ',';
  char quote = '"';
  char escape = '\\';
  //! nullValue: the text of a NULL.
  std::string null_value;
  //! emptyValue: the text of an empty string, written as it is; unset: a quoted empty field.
  std::optional<std::string> empty_value;
  //! quoteAll: every value (not NULLs) and every header name is quoted.
  bool quote_all = false;
  //! lineSep: what ends each record of a file.
  std::string line_separator = "\n";
  //! The zone TIMESTAMP values are written in (the session's); null: UTC.
  const TimeZone* time_zone = nullptr;
  //! dateFormat / timestampFormat / timestampNTZFormat; empty: Spark's defaults.
  std::string date_format;
  std::string timestamp_format;
  std::string timestamp_ntz_format;
};

class CsvRecordFormatter {
 public:
  //! `options` must outlive the formatter. Throws INVALID_DATETIME_PATTERN for a bad pattern.
  explicit CsvRecordFormatter(const CsvWriteOptions& options);

  //! Appends one record (no line break).
  void appendRecord(const std::vector<Value>& values, std::string& out) const;
  //! Appends the header record: the column names.
  void appendHeader(const std::vector<StructField>& schema, std::string& out) const;

 private:
  //! The field as written: trimmed, then quoted when it must be; an empty value is "".
  void appendField(std::string_view text, std::string& out) const;
  std::string valueText(const Value& value) const;
  //! A value inside an array, map or struct: a NULL one is "null".
  std::string nestedText(const Value& value) const;

  const CsvWriteOptions& options_;
  DatetimeTextWriter datetimes_;
};

//! One record as a CSV line (no line break).
std::string formatCsvRecord(const std::vector<Value>& values, const CsvWriteOptions& options);

}  // namespace sluice::csv
