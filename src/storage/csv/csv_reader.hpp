// src/storage/csv/csv_reader.hpp
//
// Reads one CSV file (already decompressed, in memory) into Batches with Spark's CSV source
// semantics (enforceSchema: fields map to columns by position) and Databricks' rescued data
// column. The whole CSV API is reachable from this header: CsvOptions, CsvReader and schema
// inference.
//
// Per record: fields convert as Spark's CSV converters do (csv_field_converter.hpp). Invalid
// UTF-8 becomes U+FFFD. What happens to a record that does not fit depends on the mode:
//   PERMISSIVE     the row is kept: a value that does not convert is NULL and goes to the
//                  rescued column as {"<column>":"<text>",...,"_file_path":"<path>"}, as do
//                  fields beyond the schema (keyed by header name, else "_c<index>"); missing
//                  fields are NULL; a quote never closed takes the rest of its line.
//   DROPMALFORMED  the record is dropped: a value that does not convert, a field count that
//                  is not the schema's, or a quote never closed (Spark's malformed records).
//   FAILFAST       the same records raise MALFORMED_RECORD_IN_PARSING naming file:line:column,
//                  the column and the value.
// Without a rescued column PERMISSIVE drops extra fields silently, as Spark does.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/csv/csv_field_converter.hpp"
#include "common/csv/csv_options.hpp"
#include "common/csv/csv_schema_inference.hpp"
#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice::csv {

class CsvTokenizer;

class CsvReader {
 public:
  //! `text` is the whole (decompressed) file; the reader takes it over. `path` for messages and
  //! rescued data. Throws NOT_SUPPORTED for column types CSV cannot hold (ARRAY, MAP, STRUCT,
  //! intervals) and INVALID_DATETIME_PATTERN for a bad dateFormat / timestampFormat.
  CsvReader(std::string path, std::string text, std::vector<StructField> schema,
            CsvOptions options);
  ~CsvReader();
  CsvReader(const CsvReader&) = delete;
  CsvReader& operator=(const CsvReader&) = delete;

  const std::string& path() const { return path_; }

  //! Replaces `batch` with the next rows. Columns: one per schema field, then the rescued
  //! column (STRING) when options name one. False at the end.
  bool next(Batch& batch);

 private:
  //! Converts the current record into row `row`; false when the record is dropped.
  bool readRecord(std::vector<Vector>& columns, idx_t row);
  void rescue(std::string_view key, std::string_view value);
  [[noreturn]] void failRecord(idx_t field, const std::string& detail) const;
  //! enforceSchema = false: raises FAILED_READ_FILE unless the header names the schema's
  //! columns, in order.
  void checkHeader() const;

  std::string path_;
  std::string text_;
  std::vector<StructField> schema_;
  CsvOptions options_;
  CsvFieldConverter converter_;
  std::unique_ptr<CsvTokenizer> tokenizer_;
  bool has_rescued_column_ = false;
  bool header_pending_ = false;
  bool finished_ = false;
  std::vector<std::string> header_names_;
  std::string rescued_;  // the rescued JSON of the current record, without its closing part
};

}  // namespace sluice::csv
