// src/storage/csv/csv_writer.hpp
//
// Writes rows as CSV files, as Spark's CSV data source writes them (the text of each record:
// common/csv/csv_record_format.hpp). CSV files have no nested types: ARRAY, MAP, STRUCT and
// VARIANT columns are refused, as Spark's CSV source refuses them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/csv/csv_record_format.hpp"
#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {
class LineFileWriter;
}  // namespace sluice

namespace sluice::csv {

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

}  // namespace sluice::csv
