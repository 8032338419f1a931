// src/storage/parquet/parquet_reader.hpp
//
// Reads a Parquet file into Batches. Opening validates the footer (magic bytes, lengths,
// every column chunk's byte range) and maps the schema to Spark types. The caller picks
// the top-level columns to decode (projection) and the row groups to read (pruning, which
// it decides from statistics(), decoded as Values). Errors name the file: corrupt bytes
// raise FAILED_READ_FILE (sub-class CANNOT_READ_FILE_FOOTER for the footer, NO_HINT
// otherwise); types Spark rejects raise PARQUET_TYPE_ILLEGAL / PARQUET_TYPE_NOT_SUPPORTED.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"
#include "storage/parquet/statistics.hpp"

namespace sluice {
class LocalFileReader;
}

namespace sluice::parquet {

class ColumnAssembler;
class ColumnChunkReader;

struct ParquetReaderOptions {
  //! Rows per batch at most; a batch never spans row groups.
  idx_t batch_size = kVectorSize;
};

class ParquetReader {
 public:
  //! Opens `path` and reads its footer.
  explicit ParquetReader(std::string path, ParquetReaderOptions options = {});
  ~ParquetReader();
  ParquetReader(const ParquetReader&) = delete;
  ParquetReader& operator=(const ParquetReader&) = delete;

  const std::string& path() const { return path_; }
  const FileMetaData& metadata() const { return metadata_; }
  const ParquetSchema& parquetSchema() const { return schema_; }
  //! The file's top-level columns as Spark fields.
  const std::vector<StructField>& schema() const { return fields_; }

  int64_t numRows() const { return metadata_.num_rows; }
  idx_t numRowGroups() const { return metadata_.row_groups.size(); }
  int64_t rowGroupRows(idx_t row_group) const { return metadata_.row_groups[row_group].num_rows; }
  //! The statistics of leaf column `leaf` (see parquetSchema().leaves) in `row_group`.
  ColumnStatistics statistics(idx_t row_group, idx_t leaf) const;

  //! Reads only these top-level columns, in this order (default: all, in file order).
  void selectColumns(std::vector<idx_t> columns);
  //! Reads only these row groups, in this order (default: all).
  void selectRowGroups(std::vector<idx_t> row_groups);
  //! Whether selectRowRange can cut the selected columns: they are all flat (no ARRAY, MAP
  //! or STRUCT, whose rows are not their values).
  bool canSelectRowRange() const;
  //! Reads only the rows [first_row, end_row) of the file (counted over all its row groups,
  //! in file order) of the selected row groups. Data pages wholly before the range are
  //! passed over undecoded.
  void selectRowRange(int64_t first_row, int64_t end_row);

  //! Replaces `batch` with the next rows of the selected columns; false at the end.
  bool next(Batch& batch);
  //! The position in the file (counted over all its row groups) of the first row of the batch
  //! next() returned last.
  int64_t lastBatchFirstRow() const { return last_batch_first_row_; }

 private:
  void readFooter();
  void validateRowGroups();
  void openRowGroup(idx_t row_group);
  //! Brings the reader's share of countReaderBufferBytes up to date with its chunk readers.
  void recountBufferBytes();
  //! Rethrows an error raised while reading, naming the file.
  [[noreturn]] void rethrow(const Error& error, const char* sub_class) const;

  std::string path_;
  ParquetReaderOptions options_;
  std::unique_ptr<LocalFileReader> file_;
  FileMetaData metadata_;
  ParquetSchema schema_;
  std::vector<StructField> fields_;
  uint64_t data_end_ = 0;  // where the footer starts

  std::vector<idx_t> columns_;
  std::vector<idx_t> row_groups_;
  //! Per row group of the file: the file row it starts at.
  std::vector<int64_t> group_first_row_;
  //! The selected row range, as selectRowRange set it (the whole file by default).
  int64_t range_first_ = 0;
  int64_t range_end_ = INT64_MAX;
  size_t next_row_group_ = 0;
  bool row_group_open_ = false;
  int64_t row_group_remaining_ = 0;
  //! The file position of the next row next() returns, and of the last batch's first row.
  int64_t next_file_row_ = 0;
  int64_t last_batch_first_row_ = 0;
  std::vector<std::unique_ptr<ColumnChunkReader>> chunk_readers_;
  std::vector<std::unique_ptr<ColumnAssembler>> assemblers_;
  size_t counted_buffer_bytes_ = 0;
};

//! Restricts `reader` (its columns and row groups selected) to part `part` of `parts` equal
//! row ranges of its file; parts of fewer than kMinRowsPerFilePart rows merge into the ones
//! before, and a file whose selected columns cannot be cut is all part 0's. A part left
//! without rows selects no row group.
inline constexpr int64_t kMinRowsPerFilePart = 128 * 1024;
void selectFilePart(ParquetReader& reader, size_t part, size_t parts);

}  // namespace sluice::parquet
