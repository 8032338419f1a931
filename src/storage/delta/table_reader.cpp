// src/storage/delta/table_reader.cpp
//
// Delta snapshots at a version and scans of their files.

#include "storage/delta/table_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/type_contents.hpp"
#include "common/variant/variant_storage.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/type_widening.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/row_group_pruning.hpp"

namespace sluice::delta {

namespace {

//! Whether `a` and `b` differ at most in the names of STRUCT fields: column mapping stores a
//! nested field under its physical name, and id mode does not even require that.
bool sameShape(const DataType& a, const DataType& b) {
  if (a.id() != b.id() || a.precision() != b.precision() || a.scale() != b.scale())
    return false;
  switch (a.id()) {
    case TypeId::kArray:
    case TypeId::kMap:
      return sameShape(a.childType(), b.childType());
    case TypeId::kStruct:
      if (a.fields().size() != b.fields().size())
        return false;
      for (size_t index = 0; index < a.fields().size(); ++index) {
        if (!sameShape(a.fields()[index].type, b.fields()[index].type))
          return false;
      }
      return true;
    default:
      return true;
  }
}

}  // namespace

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
  // Statistics and partition values name columns as the files store them.
  const ColumnMapping& mapping = snapshot.column_mapping;
  std::vector<StructField> schema = mapping.physicalFields(snapshot.schema);
  std::vector<std::string> partition_columns =
      mapping.physicalNames(snapshot.metadata.partition_columns);
  std::vector<SkippingPredicate> stored_predicates = predicates;
  for (SkippingPredicate& predicate : stored_predicates) {
    for (const StructField& field : snapshot.schema) {
      if (sameIdentifier(field.name, predicate.column))
        predicate.column = mapping.physicalName(field.name);
    }
  }
  std::vector<AddFile> files;
  for (const auto& [path, add] : snapshot.files) {
    if (fileMayMatch(add, schema, partition_columns, stored_predicates))
      files.push_back(add);
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
  stored_ = snapshot.column_mapping.physicalFields(output_);
  mapped_ = snapshot.column_mapping.enabled();
  match_by_id_ = snapshot.column_mapping.mode() == ColumnMappingMode::kId;
  for (const StructField& field : output_) {
    const StoredField* stored = snapshot.column_mapping.find(field.name);
    stored_ids_.push_back(stored ? stored->id : std::nullopt);
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
    const StructField& stored = stored_[column];
    if (output_is_partition_[column]) {
      const std::optional<std::string>* text =
          findPartitionValue(file.partition_values, stored.name);
      partition_values_[column] =
          parsePartitionValue(text ? *text : std::nullopt, field.type, field.name, open_path_);
      continue;
    }
    std::optional<idx_t> index = fileColumn(column);
    if (!index)
      continue;
    const DataType& file_type = file_fields[*index].type;
    // A VARIANT is stored as its (value, metadata) group, a collated STRING as any STRING.
    DataType expected = withoutCollations(variant::storageType(stored.type));
    bool same = mapped_ ? sameShape(file_type, expected) : file_type.sameStructure(expected);
    // A file written before its column widened is read in the narrower type, then
    // converted.
    if (!same && isSupportedTypeChange(file_type, field.type)) {
      widen_from_[column] = true;
    } else if (!same) {
      throw Error(ErrorClass::FAILED_READ_FILE,
                  fmt::format("Error while reading file {}: column `{}` has type {} in the "
                              "file but {} in the Delta table.",
                              open_path_, field.name, file_type.sql(), stored.type.sql()));
    }
    reader_columns_[column] = static_cast<int>(selected.size());
    selected.push_back(*index);
  }
  reader_->selectColumns(selected);
  if (!predicates_.empty()) {
    // Predicates name the file's columns. The statistics of a widened column are in the
    // file's narrower type: not compared.
    std::vector<ScanPredicate> usable;
    for (const ScanPredicate& predicate : predicates_) {
      for (size_t column = 0; column < output_.size(); ++column) {
        if (reader_columns_[column] < 0 || widen_from_[column] ||
            !sameIdentifier(output_[column].name, predicate.column)) {
          continue;
        }
        ScanPredicate stored = predicate;
        stored.column = file_fields[selected[reader_columns_[column]]].name;
        usable.push_back(std::move(stored));
      }
    }
    reader_->selectRowGroups(parquet::rowGroupsThatMayMatch(*reader_, usable));
  }
  parquet::selectFilePart(*reader_, part_, parts_);
  return true;
}

std::optional<idx_t> DeltaTableScan::fileColumn(size_t column) const {
  const std::vector<parquet::ColumnNode>& file_columns = reader_->parquetSchema().columns;
  // Id mode finds a column by its field id; a file written without ids, by name.
  if (match_by_id_ && stored_ids_[column]) {
    bool file_has_ids = false;
    for (idx_t index = 0; index < file_columns.size(); ++index) {
      file_has_ids |= file_columns[index].field_id.has_value();
      if (file_columns[index].field_id == stored_ids_[column])
        return index;
    }
    if (file_has_ids)
      return std::nullopt;
  }
  for (idx_t index = 0; index < file_columns.size(); ++index) {
    if (file_columns[index].name == stored_[column].name)
      return index;
  }
  return std::nullopt;
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
        Vector& values = file_batch.columns[reader_columns_[column]];
        if (containsTypeId(output_[column].type, TypeId::kVariant))
          values = variant::fromStorage(values, output_[column].type, file_batch.num_rows);
        // Nested fields read under their physical names take the table's names, strings the
        // table's collations.
        if (!(values.type() == output_[column].type))
          values.relabel(output_[column].type);
        batch.columns.push_back(std::move(values));
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
