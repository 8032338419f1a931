// src/storage/csv/csv_writer.hpp
//
// Writes rows as CSV, as Spark's CSV data source writes them by default: no header unless
// asked, ',' between fields, NULL as an empty field and an empty string as "", leading and
// trailing white space of values dropped (ignoreLeadingWhiteSpace / ignoreTrailingWhiteSpace
// are true for writing); a value holding the separator, a quote or a line break is quoted,
// its quotes escaped with the escape character. DATE as yyyy-MM-dd, TIMESTAMP as
// yyyy-MM-dd'T'HH:mm:ss.SSSXXX in the session's zone, numbers with Java's digits. CSV has no
// nested types: ARRAY, MAP and STRUCT columns are refused, as Spark refuses them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {
class LineFileWriter;
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
  //! The zone TIMESTAMP values are written in (the session's); null: UTC.
  const TimeZone* time_zone = nullptr;
};

class CsvWriter {
 public:
  //! Creates `path` and writes the header line when asked; refuses nested columns
  //! (NOT_SUPPORTED) before creating anything.
  CsvWriter(std::string path, std::vector<StructField> schema, CsvWriteOptions options = {});
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  //! Appends one line per row of `batch`.
  void write(const Batch& batch);
  //! Flushes and closes the file.
  void close();

 private:
  std::vector<StructField> schema_;
  CsvWriteOptions options_;
  std::unique_ptr<LineFileWriter> lines_;
};

//! One row as a CSV line (no line break): `values` follow `schema`.
std::string formatCsvRecord(const std::vector<StructField>& schema,
                            const std::vector<Value>& values, const CsvWriteOptions& options);

}  // namespace sluice::csv
