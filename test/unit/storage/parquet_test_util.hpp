// test/unit/storage/parquet_test_util.hpp
//
// Helpers for the Parquet tests: a scratch folder, batches built from Values, and files
// read back into rows of Values.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "common/types/value.hpp"
#include "common/vector/vector.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::parquet::testing {

using Row = std::vector<Value>;

//! A fresh folder under the system temp folder, removed with the object.
class ScratchFolder {
 public:
  ScratchFolder() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("sluice_parquet_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline Batch makeBatch(const std::vector<StructField>& fields, const std::vector<Row>& rows) {
  Batch batch;
  for (size_t column = 0; column < fields.size(); ++column) {
    Vector vector(fields[column].type, rows.empty() ? 1 : rows.size());
    for (size_t row = 0; row < rows.size(); ++row)
      vector.setValue(row, rows[row][column]);
    batch.columns.push_back(std::move(vector));
  }
  batch.num_rows = rows.size();
  return batch;
}

inline void writeRows(const std::string& path, const std::vector<StructField>& fields,
                      const std::vector<Row>& rows, ParquetWriterOptions options = {},
                      size_t batch_rows = 1000) {
  ParquetWriter writer(path, fields, options);
  for (size_t start = 0; start < rows.size(); start += batch_rows) {
    size_t end = std::min(rows.size(), start + batch_rows);
    std::vector<Row> slice(rows.begin() + start, rows.begin() + end);
    writer.write(makeBatch(fields, slice));
  }
  writer.close();
}

inline std::vector<Row> readRows(ParquetReader& reader) {
  std::vector<Row> rows;
  Batch batch;
  while (reader.next(batch)) {
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      Row values;
      for (const Vector& column : batch.columns)
        values.push_back(column.getValue(row));
      rows.push_back(std::move(values));
    }
  }
  return rows;
}

inline std::vector<Row> readRows(const std::string& path, ParquetReaderOptions options = {}) {
  ParquetReader reader(path, options);
  return readRows(reader);
}

}  // namespace sluice::parquet::testing
