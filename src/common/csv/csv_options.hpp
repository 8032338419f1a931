// src/common/csv/csv_options.hpp
//
// The options of the CSV reader, already parsed from their text form (the read_files layer
// maps "sep", "quote", "escape", "nullValue", "emptyValue", "lineSep", "enforceSchema",
// "nanValue", "positiveInf", "negativeInf",
// "dateFormat", "timestampFormat", "timestampNTZFormat", "multiLine", "mode", "comment",
// "ignoreLeadingWhiteSpace", "ignoreTrailingWhiteSpace",
// "rescuedDataColumn", "inferColumnTypes", "header" and "timeZone" onto them; from_csv and
// schema_of_csv map their options maps the same way). Defaults are Spark's.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/text/parse_mode.hpp"
#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {
class TimeZone;
}

namespace sluice::csv {

struct CsvOptions {
  //! The first record names the columns (inference) and is skipped by the reader.
  bool header = false;
  //! sep / delimiter: one byte.
  char separator = ',';
  //! '\0': no quoting.
  char quote = '"';
  //! Inside quotes, escape + quote is a quote and escape + escape an escape; '\0': none.
  char escape = '\\';
  //! nullValue: a field with this text is NULL; an empty unquoted field is always NULL.
  std::string null_value;
  //! emptyValue: what a quoted empty field ("") reads as; unset: an empty string.
  std::optional<std::string> empty_value;
  //! lineSep: the one character that ends records; '\n' (the default) also takes "\r\n".
  char line_separator = '\n';
  //! enforceSchema: a given schema applies by position whatever the header says; false: the
  //! header's names must be the schema's (case-insensitively), in order.
  bool enforce_schema = true;
  //! The text of NaN, +Infinity and -Infinity in FLOAT and DOUBLE columns.
  std::string nan_value = "NaN";
  std::string positive_inf = "Inf";
  std::string negative_inf = "-Inf";
  //! Empty: Spark's CAST parsing.
  std::string date_format;
  //! Empty: Spark's CAST parsing.
  std::string timestamp_format;
  //! Empty: Spark's CAST parsing.
  std::string timestamp_ntz_format;
  //! Quoted fields may hold line breaks.
  bool multi_line = false;
  //! ignoreLeadingWhiteSpace / ignoreTrailingWhiteSpace: blanks before a field (also before
  //! its opening quote) / after an unquoted field are dropped. Off for reading, as in Spark.
  bool ignore_leading_white_space = false;
  bool ignore_trailing_white_space = false;
  //! comment: a line that starts with this character is skipped; '\0': none.
  char comment = '\0';
  ParseMode mode = ParseMode::kPermissive;
  //! Empty: no rescued data column.
  std::string rescued_data_column = "_rescued_data";
  //! False: every inferred column is STRING.
  bool infer_column_types = true;
  //! Rows per batch at most.
  idx_t batch_size = kVectorSize;
  //! The session time zone (timeZone option) for TIMESTAMP text without a zone; null: UTC.
  std::shared_ptr<const TimeZone> time_zone;
};

//! A one-character option (sep, quote, escape) as Spark reads it: \t written as two
//! characters is a tab, \n a line break, \\ a backslash and \u0000 the NUL character (which
//! turns quoting or escaping off); other text is taken as it is.
std::string unescapeCharOption(std::string_view text);

}  // namespace sluice::csv
