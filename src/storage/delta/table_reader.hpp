// src/storage/delta/table_reader.hpp
//
// Reading a Delta table: the snapshot at a version (the latest, VERSION AS OF n, or
// TIMESTAMP AS OF t), its live files after data skipping, and a scan that turns those files
// into Batches of the table's columns: data columns from the Parquet files, partition columns
// from the add actions' partition values (cast from their strings), and columns a file lacks
// as NULLs. Rows a file's deletion vector deletes are never returned. With column mapping a
// file's columns are found by physical name or field id and read under the table's names.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/delta/data_skipping.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::parquet {
class ParquetReader;
}

namespace sluice::delta {

//! Which version to read; both empty means the latest.
struct TimeTravel {
  std::optional<int64_t> version;
  //! Milliseconds since the epoch: the latest commit at or before it.
  std::optional<int64_t> timestamp_ms;
};

//! The snapshot to read, after checking that sluice can read the table's protocol.
Snapshot openSnapshot(const std::string& table_path, const TimeTravel& time_travel = {});

//! The live files of `snapshot` that may hold rows matching every predicate.
std::vector<AddFile> liveFiles(const Snapshot& snapshot,
                               const std::vector<SkippingPredicate>& predicates = {});

//! The columns a scan appends after the table's when it reports each row's identity: the
//! path of its file as the add action names it, and its position in that file.
inline constexpr const char* kRowFilePathColumn = "__file_path";
inline constexpr const char* kRowIndexColumn = "__row_index";

class DeltaTableScan {
 public:
  //! Scans `columns` (names, all when empty) of the files of `snapshot` that `predicates`
  //! do not rule out. The predicates only prune files; rows are not filtered.
  DeltaTableScan(const Snapshot& snapshot, std::vector<std::string> columns = {},
                 std::vector<SkippingPredicate> predicates = {});
  //! Scans `columns` of exactly `files` (some of the snapshot's live files), skipping the row
  //! groups that `predicates` rule out.
  DeltaTableScan(const Snapshot& snapshot, std::vector<std::string> columns,
                 std::vector<AddFile> files, std::vector<SkippingPredicate> predicates = {});
  ~DeltaTableScan();
  DeltaTableScan(const DeltaTableScan&) = delete;
  DeltaTableScan& operator=(const DeltaTableScan&) = delete;

  const std::vector<StructField>& schema() const { return output_; }
  //! The files the scan reads, after skipping.
  const std::vector<AddFile>& files() const { return files_; }

  //! Reads only part `part` of `parts` of each file (parquet::selectFilePart).
  void selectFileParts(size_t part, size_t parts) {
    part_ = part;
    parts_ = parts;
  }
  //! Appends kRowFilePathColumn (STRING) and kRowIndexColumn (BIGINT) to every batch.
  void includeRowIdentity() { row_identity_ = true; }

  //! Replaces `batch` with the next rows; false at the end.
  bool next(Batch& batch);

 private:
  bool openNextFile();
  //! The open file's top-level column that stores output column `column`, if it has one.
  std::optional<idx_t> fileColumn(size_t column) const;
  //! Drops the rows of `batch` (file rows from `first_row` on) that the open file's deletion
  //! vector deletes; false when none is left.
  bool dropDeletedRows(Batch& batch, int64_t first_row) const;

  std::string table_path_;
  std::vector<StructField> output_;
  //! The output columns as the files store them (column mapping), and their field ids.
  std::vector<StructField> stored_;
  std::vector<std::optional<int32_t>> stored_ids_;
  //! Column mapping: nested fields are matched by position (files name them physically).
  bool mapped_ = false;
  bool match_by_id_ = false;
  std::vector<bool> output_is_partition_;
  std::vector<std::string> partition_columns_;
  std::vector<SkippingPredicate> predicates_;
  std::vector<AddFile> files_;
  size_t next_file_ = 0;
  size_t part_ = 0;
  size_t parts_ = 1;
  std::unique_ptr<parquet::ParquetReader> reader_;
  //! For each output column: its index in the reader's selected columns, or -1.
  std::vector<int> reader_columns_;
  //! Per output column: the open file holds it in a narrower type (type widening).
  std::vector<bool> widen_from_;
  //! Partition values of the open file, one per output column (NULL for data columns).
  std::vector<Value> partition_values_;
  std::string open_path_;
  //! The add action's path of the open file.
  std::string open_add_path_;
  //! The positions its deletion vector deletes, ascending (empty without one).
  std::vector<uint64_t> deleted_rows_;
  bool row_identity_ = false;
};

}  // namespace sluice::delta
