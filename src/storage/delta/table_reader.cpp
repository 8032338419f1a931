// src/storage/delta/table_reader.cpp
//
// Delta snapshots at a version and scans of their files.

#include "storage/delta/table_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/type_widening.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/row_group_pruning.hpp"

namespace sluice::delta {

Snapshot openSnapshot(const std::string& table_path, const TimeTravel& time_travel) {
  LogStore store(table_path);
  std::optional<int64_t> version = time_travel.version;
  if (!version && time_travel.timestamp_ms) {
    version = versionAtTimestamp(store, *time_travel.timestamp_ms);
  }
  Snapshot snapshot = loadSnapshot(store, version);
  checkReadSupported(snapshot.protocol, snapshot.metadata, table_path);
  return snapshot;
}

std::vector<AddFile> liveFiles(const Snapshot& snapshot,
                               const std::vector<SkippingPredicate>& predicates) {
  std::vector<AddFile> files;
  for (const auto& [path, add] : snapshot.files) {
    if (fileMayMatch(add, snapshot.schema, snapshot.metadata.partition_columns, predicates)) {
      files.push_back(add);
    }
  }
  return files;
}

DeltaTableScan::DeltaTableScan(const Snapshot& snapshot, std::vector<std::string> columns,
                               std::vector<SkippingPredicate> predicates)
    : DeltaTableScan(snapshot, std::move(columns), liveFiles(snapshot, predicates), predicates) {}

DeltaTableScan::DeltaTableScan(const Snapshot& snapshot, std::vector<std::string> columns,
                               std::vector<AddFile> files,
                               std::vector<SkippingPredicate> predicates)
    : table_path_(snapshot.table_path),
      partition_columns_(snapshot.metadata.partition_columns),
      predicates_(std::move(predicates)),
      files_(std::move(files)) {
  if (columns.empty()) {
    for (const StructField& field : snapshot.schema)
      columns.push_back(field.name);
  }
  for (const std::string& name : columns) {
    auto it = std::find_if(snapshot.schema.begin(), snapshot.schema.end(),
                           [&](const StructField& field) { return field.name == name; });
    if (it == snapshot.schema.end()) {
      throw Error(ErrorClass::UNRESOLVED_COLUMN,
                  fmt::format("A column with name `{}` cannot be resolved in Delta table {}.", name,
                              table_path_));
    }
    output_.push_back(*it);
    output_is_partition_.push_back(std::find(partition_columns_.begin(), partition_columns_.end(),
                                             name) != partition_columns_.end());
  }
}

DeltaTableScan::~DeltaTableScan() = default;

bool DeltaTableScan::openNextFile() {
  reader_.reset();
  if (next_file_ >= files_.size())
    return false;
  const AddFile& file = files_[next_file_++];
  open_path_ = resolveDataPath(table_path_, file.path);
  open_add_path_ = file.path;
  deleted_rows_.clear();
  if (file.deletion_vector) {
    deleted_rows_ = loadDeletionVector(
        parseDeletionVectorDescriptor(*file.deletion_vector, open_path_), table_path_);
  }
  reader_ = std::make_unique<parquet::ParquetReader>(open_path_);
  const std::vector<StructField>& file_fields = reader_->schema();
  std::vector<idx_t> selected;
  reader_columns_.assign(output_.size(), -1);
  widen_from_.assign(output_.size(), false);
  partition_values_.assign(output_.size(), Value());
  for (size_t column = 0; column < output_.size(); ++column) {
    const StructField& field = output_[column];
    if (output_is_partition_[column]) {
      const std::optional<std::string>* text =
          findPartitionValue(file.partition_values, field.name);
      partition_values_[column] =
          parsePartitionValue(text ? *text : std::nullopt, field.type, field.name, open_path_);
      continue;
    }
    for (idx_t index = 0; index < file_fields.size(); ++index) {
      if (file_fields[index].name != field.name)
        continue;
      // A file written before its column widened is read in the narrower type, then
      // converted.
      if (!file_fields[index].type.sameStructure(field.type) &&
          isSupportedTypeChange(file_fields[index].type, field.type)) {
        widen_from_[column] = true;
      } else if (!file_fields[index].type.sameStructure(field.type)) {
        throw Error(
            ErrorClass::FAILED_READ_FILE,
            fmt::format("Error while reading file {}: column `{}` has type {} in the "
                        "file but {} in the Delta table.",
                        open_path_, field.name, file_fields[index].type.sql(), field.type.sql()));
      }
      reader_columns_[column] = static_cast<int>(selected.size());
      selected.push_back(index);
      break;
    }
  }
  reader_->selectColumns(selected);
  if (!predicates_.empty()) {
    // The statistics of a widened column are in the file's narrower type: not compared.
    std::vector<ScanPredicate> usable;
    for (const ScanPredicate& predicate : predicates_) {
      bool widened = false;
      for (size_t column = 0; column < output_.size(); ++column)
        widened |= widen_from_[column] && sameIdentifier(output_[column].name, predicate.column);
      if (!widened)
        usable.push_back(predicate);
    }
    reader_->selectRowGroups(parquet::rowGroupsThatMayMatch(*reader_, usable));
  }
  parquet::selectFilePart(*reader_, part_, parts_);
  return true;
}

bool DeltaTableScan::dropDeletedRows(Batch& batch, int64_t first_row) const {
  auto begin = std::lower_bound(deleted_rows_.begin(), deleted_rows_.end(),
                                static_cast<uint64_t>(first_row));
  auto end = std::lower_bound(begin, deleted_rows_.end(),
                              static_cast<uint64_t>(first_row) + batch.num_rows);
  if (begin == end)
    return true;
  std::vector<idx_t> kept;
  kept.reserve(batch.num_rows);
  auto deleted = begin;
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    if (deleted != end && *deleted == static_cast<uint64_t>(first_row) + row) {
      ++deleted;
      continue;
    }
    kept.push_back(row);
  }
  if (kept.empty()) {
    batch.num_rows = 0;
    return false;
  }
  // Boxed copies: only the batches a deletion vector touches take this path.
  for (Vector& column : batch.columns) {
    if (column.isConstant())
      continue;
    Vector compact(column.type(), kept.size());
    for (idx_t index = 0; index < kept.size(); ++index)
      compact.setValue(index, column.getValue(kept[index]));
    column = std::move(compact);
  }
  batch.num_rows = kept.size();
  return batch.num_rows > 0;
}

bool DeltaTableScan::next(Batch& batch) {
  while (true) {
    if (!reader_ && !openNextFile())
      return false;
    Batch file_batch;
    if (!reader_->next(file_batch)) {
      reader_.reset();
      continue;
    }
    if (file_batch.num_rows == 0)
      continue;
    batch.columns.clear();
    batch.num_rows = file_batch.num_rows;
    for (size_t column = 0; column < output_.size(); ++column) {
      if (output_is_partition_[column]) {
        batch.columns.push_back(Vector::constant(partition_values_[column]));
      } else if (reader_columns_[column] >= 0 && widen_from_[column]) {
        batch.columns.push_back(widenValues(file_batch.columns[reader_columns_[column]],
                                            file_batch.num_rows, output_[column].type));
      } else if (reader_columns_[column] >= 0) {
        batch.columns.push_back(std::move(file_batch.columns[reader_columns_[column]]));
      } else {
        batch.columns.push_back(Vector::nullConstant(output_[column].type));
      }
    }
    int64_t first = reader_->lastBatchFirstRow();
    if (row_identity_) {
      batch.columns.push_back(Vector::constant(Value::string(open_add_path_)));
      Vector positions(DataType::longType(), batch.num_rows);
      auto* data = positions.mutableData<int64_t>();
      for (idx_t row = 0; row < batch.num_rows; ++row)
        data[row] = first + static_cast<int64_t>(row);
      batch.columns.push_back(std::move(positions));
    }
    if (!dropDeletedRows(batch, first))
      continue;
    return true;
  }
}

}  // namespace sluice::delta
