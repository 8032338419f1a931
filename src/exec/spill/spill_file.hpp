// src/exec/spill/spill_file.hpp
//
// Batches an operator moves out of memory and reads back later. A spill file is a Parquet
// file of the batches' columns (the writer and reader every table uses, so every type that
// Parquet holds round-trips, nested ones too), with small row groups so that reading one
// back holds little of it at a time, LZ4 pages and no dictionaries. Files go to the system's
// temporary folder (TMPDIR) and are removed when their SpillFile goes, on errors too.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

namespace parquet {
class ParquetReader;
class ParquetWriter;
}  // namespace parquet

//! Whether columns of `types` read back from a spill file as the same types: not the NULL
//! type, intervals or empty structs, which Parquet does not hold as themselves.
bool canSpill(const std::vector<DataType>& types);

//! The bytes a batch holds, roughly: its values' widths and its long strings.
uint64_t batchMemoryBytes(const Batch& batch);

//! How many spill files the process has made (for tests and diagnostics).
uint64_t spillFilesCreated();

//! A temporary file, removed when this is destroyed.
class SpillFile {
 public:
  SpillFile();
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  const std::string& path() const { return path_; }
  //! The types of the columns its writer wrote (Parquet stores a VARIANT as a group: the
  //! reader turns such columns back).
  const std::vector<DataType>& columnTypes() const { return column_types_; }

 private:
  friend class SpillWriter;

  std::string path_;
  std::vector<DataType> column_types_;
};

//! Writes batches of `types` to a spill file; close() once all are written.
class SpillWriter {
 public:
  //! Rows per row group of a spill file by default: a reader holds one row group at a time.
  static constexpr uint64_t kDefaultRowGroupRows = 64 * 1024;

  //! `row_group_rows` bounds what the writer buffers (many writers open at once want few).
  SpillWriter(SpillFile& file, const std::vector<DataType>& types,
              uint64_t row_group_rows = kDefaultRowGroupRows);
  ~SpillWriter();

  void write(const Batch& batch);
  void close();

 private:
  std::unique_ptr<parquet::ParquetWriter> writer_;
};

//! Reads a closed spill file's batches back, in the order they were written.
class SpillReader {
 public:
  explicit SpillReader(const SpillFile& file);
  ~SpillReader();

  //! The next batch; false after the last.
  bool next(Batch& batch);

 private:
  std::unique_ptr<parquet::ParquetReader> reader_;
  std::vector<DataType> column_types_;
};

}  // namespace sluice
