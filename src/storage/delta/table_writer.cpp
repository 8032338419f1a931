// src/storage/delta/table_writer.cpp
//
// The Delta table writer: partitioned Parquet files + one commit.

#include "storage/delta/table_writer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "storage/delta/batch_rows.hpp"
#include "storage/delta/clustering.hpp"
#include "storage/delta/column_mapping.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

namespace {

const char* modeName(WriteMode mode) {
  switch (mode) {
    case WriteMode::kCreate:
      return "ErrorIfExists";
    case WriteMode::kAppend:
      return "Append";
    case WriteMode::kOverwrite:
      return "Overwrite";
  }
  return "";
}

void validateDefinition(const TableDefinition& definition, const std::string& table_path) {
  auto find = [&](const std::string& name) {
    return std::find_if(definition.schema.begin(), definition.schema.end(),
                        [&](const StructField& field) { return field.name == name; });
  };
  for (const std::string& column : definition.partition_columns) {
    if (find(column) == definition.schema.end()) {
      throw Error(ErrorClass::UNRESOLVED_COLUMN,
                  fmt::format("The partition column `{}` of table {} is not one of its columns.",
                              column, table_path));
    }
  }
  if (!definition.partition_columns.empty() &&
      definition.partition_columns.size() == definition.schema.size()) {
    throw Error(
        ErrorClass::INVALID_ARGUMENT,
        fmt::format("Cannot use all columns of table {} for partition columns.", table_path));
  }
  if (!definition.partition_columns.empty() && !definition.clustering_columns.empty()) {
    throw Error(ErrorClass::INVALID_ARGUMENT,
                fmt::format("Table {} cannot be both partitioned and clustered.", table_path));
  }
  for (const std::string& column : definition.clustering_columns) {
    if (find(column) == definition.schema.end()) {
      throw Error(ErrorClass::UNRESOLVED_COLUMN,
                  fmt::format("The clustering column `{}` of table {} is not one of its columns.",
                              column, table_path));
    }
  }
  requireDeterminateCollations(definition.schema);
  for (const StructField& field : definition.schema)
    dataTypeToJson(field.type);  // validates
}

}  // namespace

DeltaTableWriter::DeltaTableWriter(std::string table_path, TableWriteOptions options)
    : store_(std::move(table_path)), options_(std::move(options)) {
  LogListing listing = store_.list();
  if (!listing.empty()) {
    if (options_.mode == WriteMode::kCreate) {
      throw Error(ErrorClass::DELTA_LOG_ALREADY_EXISTS,
                  fmt::format("A Delta log already exists at {}.", store_.logPath()));
    }
    snapshot_ = loadSnapshot(store_, listing, options_.read_version);
    checkWriteSupported(snapshot_->protocol, snapshot_->metadata, store_.tablePath());
    // A write that only reads the table (an insert-only MERGE looking for matches) appends.
    bool removes_rows = options_.mode == WriteMode::kOverwrite || !options_.replaced_files.empty();
    if (removes_rows)
      refuseIfAppendOnly(snapshot_->metadata, store_.tablePath());
  } else if (!options_.definition) {
    throw Error(ErrorClass::DELTA_MISSING_DELTA_TABLE,
                fmt::format("`{}` is not a Delta table.", store_.tablePath()));
  }
  bool use_definition =
      options_.definition && (!snapshot_ || options_.mode == WriteMode::kOverwrite);
  if (use_definition) {
    validateDefinition(*options_.definition, store_.tablePath());
    schema_ = options_.definition->schema;
    partition_columns_ = options_.definition->partition_columns;
    // Validated as Delta validates them, once for the metadata and the protocol.
    defined_properties_ = validateTableProperties(options_.definition->properties);
    defined_metadata_ = definedMetadata();
    validateClusteringColumns(options_.definition->clustering_columns, schema_, *defined_metadata_);
  } else if (options_.evolved_metadata) {
    SLUICE_CHECK(snapshot_ && options_.mode == WriteMode::kAppend);
    schema_ = schemaFromJson(options_.evolved_metadata->schema_string, "an evolved schema");
    partition_columns_ = snapshot_->metadata.partition_columns;
  } else {
    schema_ = snapshot_->schema;
    partition_columns_ = snapshot_->metadata.partition_columns;
  }
  const Metadata& metadata = use_definition              ? *defined_metadata_
                             : options_.evolved_metadata ? *options_.evolved_metadata
                                                         : snapshot_->metadata;
  mapping_ = use_definition || options_.evolved_metadata ? ColumnMapping::of(metadata)
                                                         : snapshot_->column_mapping;
  std::vector<StructField> data_columns;
  for (idx_t index = 0; index < schema_.size(); ++index) {
    bool is_partition = std::find(partition_columns_.begin(), partition_columns_.end(),
                                  schema_[index].name) != partition_columns_.end();
    if (is_partition)
      continue;
    data_indexes_.push_back(index);
    data_columns.push_back(schema_[index]);
  }
  for (const std::string& column : partition_columns_) {
    for (idx_t index = 0; index < schema_.size(); ++index) {
      if (schema_[index].name == column)
        partition_indexes_.push_back(index);
    }
  }
  stored_partition_columns_ = mapping_.physicalNames(partition_columns_);
  // Files store the columns under their physical names (column mapping).
  data_fields_ = mapping_.physicalFields(data_columns);
  data_field_ids_ = mapping_.fieldIds(data_columns);
  data_columns.push_back(StructField{kChangeTypeColumn, DataType::string(), true, ""});
  change_fields_ = mapping_.physicalFields(data_columns);
  change_field_ids_ = mapping_.fieldIds(data_columns);
  options_.file_options.stats.num_indexed_cols = dataSkippingNumIndexedCols(metadata);
  options_.file_options.stats.string_prefix_length = dataSkippingStringPrefixLength(metadata);
}

Metadata DeltaTableWriter::definedMetadata() const {
  const TableDefinition& definition = *options_.definition;
  Metadata metadata;
  if (snapshot_) {
    metadata = snapshot_->metadata;
  } else {
    metadata.id = randomUuid();
    metadata.created_time = epochMillis();
  }
  metadata.name = definition.name;
  metadata.description = definition.description;
  metadata.schema_string = schemaToJson(definition.schema);
  metadata.partition_columns = definition.partition_columns;
  // The properties that ask for a protocol are not stored.
  metadata.configuration.clear();
  for (const auto& [key, value] : defined_properties_) {
    if (!isProtocolProperty(key))
      metadata.configuration[key] = value;
  }
  // A replaced table's columns keep their physical names; new ones get theirs.
  if (snapshot_)
    keepColumnMapping(metadata, snapshot_->metadata.schema_string);
  assignColumnMapping(metadata);
  return metadata;
}

DeltaTableWriter::~DeltaTableWriter() = default;

DataFileWriter& DeltaTableWriter::openFile(FileSet& files, const std::string& key,
                                           const PartitionValues& values, DataFileKind kind) {
  std::unique_ptr<DataFileWriter>& file = files.open[key];
  if (!file) {
    bool change_data = kind == DataFileKind::kChangeData;
    DataFileOptions file_options = options_.file_options;
    file_options.parquet.field_ids = change_data ? change_field_ids_ : data_field_ids_;
    file = std::make_unique<DataFileWriter>(store_.tablePath(), values,
                                            change_data ? change_fields_ : data_fields_,
                                            file_options, next_file_index_.fetch_add(1), kind);
  }
  return *file;
}

void DeltaTableWriter::finishFile(FileSet& files, const std::string& key) {
  auto it = files.open.find(key);
  if (it == files.open.end() || !it->second)
    return;
  files.finished.push_back(it->second->finish(/*data_change=*/true));
  files.open.erase(it);
}

void DeltaTableWriter::finishFiles(FileSet& files) {
  std::vector<std::string> keys;
  for (const auto& [key, file] : files.open)
    keys.push_back(key);
  for (const std::string& key : keys)
    finishFile(files, key);
  std::lock_guard lock(finished_mutex_);
  for (AddFile& add : files.finished)
    finished_.push_back(std::move(add));
  files.finished.clear();
}

void DeltaTableWriter::writeToPartition(FileSet& files, const std::string& key,
                                        const PartitionValues& values, const Batch& data,
                                        DataFileKind kind) {
  idx_t start = 0;
  while (start < data.num_rows) {
    DataFileWriter& file = openFile(files, key, values, kind);
    idx_t count = data.num_rows - start;
    if (options_.max_rows_per_file > 0) {
      uint64_t room = options_.max_rows_per_file - file.rowsWritten();
      count = std::min<idx_t>(count, room);
    }
    file.write(sliceRows(data, start, start + count));
    start += count;
    if (options_.max_rows_per_file > 0 && file.rowsWritten() >= options_.max_rows_per_file) {
      finishFile(files, key);
    }
  }
}

void DeltaTableWriter::write(const Batch& batch) {
  writeRows(own_files_, batch);
}

DeltaTableWriter::ThreadWriter::ThreadWriter(DeltaTableWriter& table) : table_(table) {}

DeltaTableWriter::ThreadWriter::~ThreadWriter() {
  // Files never finished (an error stopped the writing) stay orphans for VACUUM.
}

void DeltaTableWriter::ThreadWriter::write(const Batch& batch) {
  table_.writeRows(files_, batch);
}

void DeltaTableWriter::ThreadWriter::finish() {
  table_.finishFiles(files_);
}

uint64_t DeltaTableWriter::ThreadWriter::bufferedBytes() const {
  uint64_t bytes = 0;
  for (const auto& [name, file] : files_.open)
    bytes += file->bufferedBytes();
  return bytes;
}

std::unique_ptr<DeltaTableWriter::ThreadWriter> DeltaTableWriter::threadWriter() {
  return std::unique_ptr<ThreadWriter>(new ThreadWriter(*this));
}

void DeltaTableWriter::checkNotNull(const Batch& batch) const {
  for (size_t column = 0; column < schema_.size(); ++column) {
    const Vector& values = batch.columns[column];
    if (schema_[column].nullable || !values.mayHaveNulls())
      continue;
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      if (values.isNull(row)) {
        throw Error(
            ErrorClass::DELTA_NOT_NULL_CONSTRAINT_VIOLATED,
            fmt::format("NOT NULL constraint violated for column: {}.", schema_[column].name));
      }
    }
  }
}

void DeltaTableWriter::writeRows(FileSet& files, const Batch& batch) {
  SLUICE_CHECK(!committed_);
  size_t width = options_.change_data ? 2 * schema_.size() + 1 : schema_.size();
  SLUICE_CHECK_EQ(batch.columns.size(), width);
  for (size_t column = 0; column < schema_.size(); ++column) {
    SLUICE_CHECK(batch.columns[column].type().sameStructure(schema_[column].type));
  }
  if (batch.num_rows == 0)
    return;
  if (options_.change_data) {
    writeRowsAndChanges(files, batch);
    return;
  }
  checkNotNull(batch);
  writePartitioned(files, batch, DataFileKind::kData);
}

void DeltaTableWriter::writeRowsAndChanges(FileSet& files, const Batch& batch) {
  size_t width = schema_.size();
  const Vector& kinds = batch.columns[width];
  std::vector<idx_t> table_rows;
  std::vector<idx_t> inserted;
  std::vector<idx_t> updated;
  std::vector<idx_t> deleted;
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    if (kinds.isNull(row)) {
      table_rows.push_back(row);
      continue;
    }
    std::string_view kind = kinds.at<StringView>(row).view();
    if (kind == kChangeKindInsert) {
      table_rows.push_back(row);
      inserted.push_back(row);
    } else if (kind == kChangeKindUpdate) {
      table_rows.push_back(row);
      updated.push_back(row);
    } else {
      SLUICE_CHECK(kind == kChangeKindDelete);
      deleted.push_back(row);
    }
  }
  std::vector<idx_t> new_image(width);
  std::vector<idx_t> old_image(width);
  for (idx_t column = 0; column < width; ++column) {
    new_image[column] = column;
    old_image[column] = width + 1 + column;
  }
  if (!table_rows.empty()) {
    Batch rows = projectColumns(batch, new_image);
    if (table_rows.size() != batch.num_rows)
      rows = selectRows(rows, table_rows);
    checkNotNull(rows);
    writePartitioned(files, rows, DataFileKind::kData);
  }
  // Each change: the image it records, with its _change_type after the table's columns.
  auto writeChanges = [&](const std::vector<idx_t>& rows, const std::vector<idx_t>& image,
                          const char* change_type) {
    if (rows.empty())
      return;
    Batch changes = projectColumns(batch, image);
    if (rows.size() != batch.num_rows)
      changes = selectRows(changes, rows);
    Vector types = Vector::constant(Value::string(change_type));
    types.flatten(changes.num_rows);
    changes.columns.push_back(std::move(types));
    writePartitioned(files, changes, DataFileKind::kChangeData);
  };
  writeChanges(inserted, new_image, "insert");
  writeChanges(updated, old_image, "update_preimage");
  writeChanges(updated, new_image, "update_postimage");
  writeChanges(deleted, old_image, "delete");
}

void DeltaTableWriter::writePartitioned(FileSet& files, const Batch& batch, DataFileKind kind) {
  std::vector<idx_t> stored = data_indexes_;
  if (kind == DataFileKind::kChangeData)
    stored.push_back(schema_.size());  // _change_type
  Batch data = projectColumns(batch, stored);
  // Change data files are kept apart from the data files of the same partition.
  std::string key_prefix =
      kind == DataFileKind::kChangeData ? std::string(kChangeDataFolder) + "/" : "";
  if (partition_indexes_.empty()) {
    writeToPartition(files, key_prefix, {}, data, kind);
    return;
  }
  // Group rows by their partition folder, keeping first-seen order.
  std::vector<std::string> keys;
  std::map<std::string, std::pair<PartitionValues, std::vector<idx_t>>> groups;
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    PartitionValues values;
    for (size_t index = 0; index < partition_indexes_.size(); ++index) {
      values.emplace_back(
          stored_partition_columns_[index],
          serializePartitionValue(batch.columns[partition_indexes_[index]].getValue(row)));
    }
    std::string key = key_prefix + partitionDirectory(values);
    auto [it, inserted] = groups.try_emplace(key, std::move(values), std::vector<idx_t>{});
    if (inserted)
      keys.push_back(key);
    it->second.second.push_back(row);
  }
  for (const std::string& key : keys) {
    auto& [values, rows] = groups[key];
    if (rows.size() == batch.num_rows) {
      writeToPartition(files, key, values, data, kind);
    } else {
      writeToPartition(files, key, values, selectRows(data, rows), kind);
    }
  }
}

std::vector<Action> DeltaTableWriter::tableSetupActions() {
  std::vector<Action> actions;
  bool creating = !snapshot_;
  if (!creating && options_.evolved_metadata) {
    // New columns may need a feature (timestampNtz); the table keeps every one it has.
    Protocol protocol = unionOfProtocols(snapshot_->protocol,
                                         protocolForNewTable(schema_, /*clustered=*/false, {}));
    if (!(protocol == snapshot_->protocol))
      actions.emplace_back(protocol);
    actions.emplace_back(*options_.evolved_metadata);
    return actions;
  }
  if (!creating && !(options_.mode == WriteMode::kOverwrite && options_.definition)) {
    return actions;
  }
  const TableDefinition& definition = *options_.definition;
  const Metadata& metadata = *defined_metadata_;
  if (!creating && metadata == snapshot_->metadata)
    return actions;

  bool clustered = !definition.clustering_columns.empty();
  Protocol protocol = protocolForProperties(
      protocolForNewTable(definition.schema, clustered, defined_properties_), defined_properties_);
  // An existing table's protocol is never downgraded: it keeps every feature it has.
  if (!creating)
    protocol = unionOfProtocols(snapshot_->protocol, protocol);
  if (creating || !(protocol == snapshot_->protocol))
    actions.emplace_back(protocol);
  actions.emplace_back(metadata);
  if (clustered)
    actions.emplace_back(clusteringDomain(mapping_.physicalNames(definition.clustering_columns)));
  return actions;
}

TableWriteResult DeltaTableWriter::commit() {
  SLUICE_CHECK(!committed_);
  committed_ = true;
  finishFiles(own_files_);
  // Threads may finish in any order; the log lists the files by path, as a reader sorts them.
  std::sort(finished_.begin(), finished_.end(),
            [](const AddFile& a, const AddFile& b) { return a.path < b.path; });

  int64_t now = epochMillis();
  CommitPlan plan;
  plan.read_version = snapshot_ ? snapshot_->version : -1;
  plan.actions = tableSetupActions();
  bool creating = !snapshot_;
  bool overwrite = options_.mode == WriteMode::kOverwrite && snapshot_;
  TableWriteResult result;
  auto removeFile = [&](const std::string& path, const AddFile& add) {
    plan.actions.emplace_back(removeOf(add, now, /*data_change=*/true));
    plan.read_files.insert(path);
    ++result.num_removed_files;
    result.num_removed_bytes += add.size;
  };
  if (overwrite) {
    plan.read_whole_table = true;
    for (const auto& [path, add] : snapshot_->files)
      removeFile(path, add);
  }
  if (!options_.replaced_files.empty() || options_.reads_table) {
    SLUICE_CHECK(snapshot_ && !overwrite);
    plan.read_whole_table = options_.reads_table;
    for (const AddFile& add : options_.replaced_files)
      removeFile(decodeUriPath(add.path), add);
  }
  bool deletes_rows = addDeletionVectors(plan, result, now);
  bool blind_append =
      !overwrite && options_.replaced_files.empty() && !options_.reads_table && !deletes_rows;
  std::vector<AddCdcFile> change_files;
  for (AddFile& add : finished_) {
    if (add.path.starts_with(std::string(kChangeDataFolder) + "/")) {
      AddCdcFile cdc;
      cdc.path = add.path;
      cdc.partition_values = add.partition_values;
      cdc.size = add.size;
      change_files.push_back(std::move(cdc));
      continue;
    }
    result.num_files += 1;
    result.num_bytes += add.size;
    result.num_rows += parseFileStats(*add.stats, {}).num_records.value_or(0);
    plan.actions.emplace_back(add);
  }
  for (AddCdcFile& cdc : change_files) {
    result.num_change_files += 1;
    plan.actions.emplace_back(std::move(cdc));
  }
  if (options_.skip_empty_commit && !creating && finished_.empty() &&
      result.num_removed_files == 0 && !deletes_rows && !options_.app_id) {
    return result;
  }
  if (options_.app_id) {
    SetTransaction txn;
    txn.app_id = *options_.app_id;
    txn.version = options_.app_version.value_or(0);
    txn.last_updated = now;
    plan.actions.emplace_back(std::move(txn));
  }
  const Metadata* table_metadata = snapshot_ ? &snapshot_->metadata : nullptr;
  for (const Action& action : plan.actions) {
    if (const auto* metadata = std::get_if<Metadata>(&action))
      table_metadata = metadata;
  }
  if (table_metadata)
    plan.checkpoint_interval = checkpointInterval(*table_metadata);
  IsolationLevel isolation =
      table_metadata ? isolationLevel(*table_metadata) : IsolationLevel::kWriteSerializable;

  std::string operation = options_.operation;
  if (operation.empty()) {
    operation = creating ? (finished_.empty() ? "CREATE TABLE" : "CREATE TABLE AS SELECT")
                         : (overwrite && options_.definition ? "CREATE OR REPLACE TABLE AS SELECT"
                                                             : "WRITE");
  }
  Json parameters = Json::object();
  if (operation == "WRITE") {
    parameters["mode"] = modeName(options_.mode);
  } else {
    parameters["isManaged"] = "false";
    parameters["description"] = options_.definition && options_.definition->description
                                    ? Json(*options_.definition->description)
                                    : Json(nullptr);
    parameters["properties"] =
        dumpJson(Json(options_.definition ? options_.definition->properties
                                          : std::map<std::string, std::string>{}));
  }
  parameters["partitionBy"] = jsonList(partition_columns_);
  if (options_.definition && !options_.definition->clustering_columns.empty()) {
    parameters["clusterBy"] = jsonList(options_.definition->clustering_columns);
  }
  if (!options_.operation_parameters.is_null())
    parameters = options_.operation_parameters;
  Json metrics = Json::object();
  if (options_.operation_metrics) {
    metrics = options_.operation_metrics(result);
  } else {
    metrics["numFiles"] = std::to_string(result.num_files);
    metrics["numOutputRows"] = std::to_string(result.num_rows);
    metrics["numOutputBytes"] = std::to_string(result.num_bytes);
    if (!blind_append) {
      metrics["numRemovedFiles"] = std::to_string(result.num_removed_files);
      metrics["numRemovedBytes"] = std::to_string(result.num_removed_bytes);
    }
  }
  describeOperation(plan, operation, parameters, isolation, blind_append, metrics);
  plan.commit_info.fields["txnId"] = randomUuid();

  CommitResult committed = commitTransaction(store_, std::move(plan));
  result.version = committed.version;
  result.attempts = committed.attempts;
  return result;
}

void DeltaTableWriter::replaceFiles(const std::vector<AddFile>& files) {
  SLUICE_CHECK(snapshot_ && options_.mode == WriteMode::kAppend && !committed_);
  if (files.empty())
    return;
  refuseIfAppendOnly(snapshot_->metadata, store_.tablePath());
  options_.replaced_files.insert(options_.replaced_files.end(), files.begin(), files.end());
}

bool DeltaTableWriter::addDeletionVectors(CommitPlan& plan, TableWriteResult& result, int64_t now) {
  if (!options_.deleted_rows || options_.deleted_rows->empty())
    return false;
  SLUICE_CHECK(snapshot_ && options_.mode == WriteMode::kAppend);
  DeletionVectorChanges vectors =
      writeDeletionVectors(store_.tablePath(), *snapshot_, options_.deleted_rows->take(), now);
  for (Action& action : vectors.actions) {
    // The files whose vectors change were read: a concurrent change of them conflicts.
    if (const auto* remove = std::get_if<RemoveFile>(&action))
      plan.read_files.insert(decodeUriPath(remove->path));
    plan.actions.push_back(std::move(action));
  }
  result.num_removed_files += vectors.num_removed_files;
  result.num_removed_bytes += vectors.num_removed_bytes;
  result.num_vectors_added = vectors.num_vectors_added;
  result.num_vectors_removed = vectors.num_vectors_removed;
  result.num_vectors_updated = vectors.num_vectors_updated;
  return !vectors.actions.empty();
}

std::optional<int64_t> lastCommittedVersion(const std::string& table_path,
                                            const std::string& app_id) {
  LogStore store(table_path);
  LogListing listing = store.list();
  if (listing.empty())
    return std::nullopt;
  return loadSnapshot(store, listing, std::nullopt).transactionVersion(app_id);
}

}  // namespace sluice::delta
