// src/storage/delta/checkpoint.cpp
//
// Checkpoint files: actions <-> rows of struct columns (or lines of a JSON v2 checkpoint). Each
// action goes through its JSON form, so that the column layout and the commit-file layout share
// one definition of every field (actions.cpp).

#include "storage/delta/checkpoint.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::delta {

namespace {

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), /*nullable=*/true, ""};
}

DataType stringMap() {
  return DataType::map(DataType::string(), DataType::string());
}

//! The deletion vector descriptor (PROTOCOL.md, "Deletion Vector Descriptor Schema").
DataType deletionVectorType() {
  DataType string = DataType::string();
  return DataType::structOf({field("storageType", string), field("pathOrInlineDv", string),
                             field("offset", DataType::intType()),
                             field("sizeInBytes", DataType::intType()),
                             field("cardinality", DataType::longType())});
}

StructField addColumn() {
  DataType string = DataType::string();
  DataType int64 = DataType::longType();
  return field(
      "add",
      DataType::structOf({field("path", string), field("partitionValues", stringMap()),
                          field("size", int64), field("modificationTime", int64),
                          field("dataChange", DataType::boolean()), field("stats", string),
                          field("tags", stringMap()), field("deletionVector", deletionVectorType()),
                          field("baseRowId", int64), field("defaultRowCommitVersion", int64),
                          field("clusteringProvider", string)}));
}

//! A checkpoint's remove restates a tombstone for VACUUM: no stats, no tags.
StructField removeColumn() {
  DataType int64 = DataType::longType();
  DataType boolean = DataType::boolean();
  return field("remove", DataType::structOf(
                             {field("path", DataType::string()), field("deletionTimestamp", int64),
                              field("dataChange", boolean), field("extendedFileMetadata", boolean),
                              field("partitionValues", stringMap()), field("size", int64),
                              field("deletionVector", deletionVectorType())}));
}

//! The columns of the actions that are not about files, in the order Delta writes them
//! around add and remove.
std::vector<StructField> checkpointSchema(bool v2_spec) {
  DataType string = DataType::string();
  DataType int64 = DataType::longType();
  DataType boolean = DataType::boolean();
  DataType string_list = DataType::array(string);
  std::vector<StructField> columns = {
      field("txn", DataType::structOf({field("appId", string), field("version", int64),
                                       field("lastUpdated", int64)})),
      addColumn(),
      removeColumn(),
      field("metaData",
            DataType::structOf(
                {field("id", string), field("name", string), field("description", string),
                 field("format", DataType::structOf(
                                     {field("provider", string), field("options", stringMap())})),
                 field("schemaString", string), field("partitionColumns", string_list),
                 field("configuration", stringMap()), field("createdTime", int64)})),
      field("protocol", DataType::structOf({field("minReaderVersion", DataType::intType()),
                                            field("minWriterVersion", DataType::intType()),
                                            field("readerFeatures", string_list),
                                            field("writerFeatures", string_list)})),
      field("domainMetadata",
            DataType::structOf({field("domain", string), field("configuration", string),
                                field("removed", boolean)})),
  };
  if (v2_spec) {
    columns.push_back(
        field("checkpointMetadata",
              DataType::structOf({field("version", int64), field("tags", stringMap())})));
    columns.push_back(
        field("sidecar",
              DataType::structOf({field("path", string), field("sizeInBytes", int64),
                                  field("modificationTime", int64), field("tags", stringMap())})));
  }
  return columns;
}

//! A sidecar holds only file actions.
std::vector<StructField> sidecarSchema() {
  return {addColumn(), removeColumn()};
}

//! A JSON value as a Value of `type`; fields the type does not know are dropped, fields the
//! JSON lacks are NULL.
Value jsonToValue(const Json& json, const DataType& type) {
  if (json.is_null())
    return Value::null(type);
  switch (type.id()) {
    case TypeId::kString:
      return Value::string(json.is_string() ? json.get<std::string>() : json.dump());
    case TypeId::kBoolean:
      return Value::boolean(json.get<bool>());
    case TypeId::kInt:
      return Value::intValue(json.get<int32_t>());
    case TypeId::kLong:
      return Value::longValue(json.get<int64_t>());
    case TypeId::kArray: {
      std::vector<Value> elements;
      for (const Json& element : json)
        elements.push_back(jsonToValue(element, type.elementType()));
      return Value::nested(type, std::move(elements));
    }
    case TypeId::kMap: {
      std::vector<Value> entries;
      const DataType& entry_type = type.childType();
      for (auto it = json.begin(); it != json.end(); ++it) {
        entries.push_back(Value::nested(
            entry_type, {Value::string(it.key()), jsonToValue(it.value(), type.valueType())}));
      }
      return Value::nested(type, std::move(entries));
    }
    case TypeId::kStruct: {
      std::vector<Value> children;
      for (const StructField& child : type.fields()) {
        auto it = json.find(child.name);
        children.push_back(it == json.end() ? Value::null(child.type)
                                            : jsonToValue(*it, child.type));
      }
      return Value::nested(type, std::move(children));
    }
    default:
      SLUICE_UNREACHABLE("checkpoint columns hold only these types");
  }
}

//! A Value read from a checkpoint as JSON, so that actionFromJson can read it. NULL struct
//! fields become JSON null, which the action reader treats as absent.
Json valueToJson(const Value& value) {
  if (value.isNull())
    return nullptr;
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return value.getBoolean();
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      return value.getInt64();
    case TypeId::kFloat:
      return value.getFloat();
    case TypeId::kDouble:
      return value.getDouble();
    case TypeId::kString:
    case TypeId::kBinary:
      return value.getString();
    case TypeId::kArray: {
      Json array = Json::array();
      for (const Value& element : value.children())
        array.push_back(valueToJson(element));
      return array;
    }
    case TypeId::kMap: {
      Json object = Json::object();
      for (const Value& entry : value.children()) {
        const Value& key = entry.children()[0];
        if (key.isNull() || !key.type().isStringLike())
          continue;
        object[key.getString()] = valueToJson(entry.children()[1]);
      }
      return object;
    }
    case TypeId::kStruct: {
      Json object = Json::object();
      const auto& fields = type.fields();
      for (size_t index = 0; index < fields.size(); ++index) {
        object[fields[index].name] = valueToJson(value.children()[index]);
      }
      return object;
    }
    default:
      return nullptr;  // types no action field uses (e.g. stats_parsed values)
  }
}

const char* actionKind(const Action& action) {
  switch (action.index()) {
    case 0:
      return "protocol";
    case 1:
      return "metaData";
    case 2:
      return "add";
    case 3:
      return "remove";
    case 4:
      return "txn";
    case 5:
      return "commitInfo";
    case 6:
      return "domainMetadata";
    case 7:
      return "cdc";  // commits only: a checkpoint restates the snapshot, which has none
    case 8:
      return "checkpointMetadata";
    default:
      return "sidecar";
  }
}

bool isActionColumn(const std::string& name, bool file_actions_only) {
  if (name == "add" || name == "remove")
    return true;
  if (file_actions_only)
    return false;
  return name == "txn" || name == "metaData" || name == "protocol" || name == "domainMetadata" ||
         name == "checkpointMetadata" || name == "sidecar";
}

//! The actions of a Parquet checkpoint file, one struct column per action kind (a sidecar's
//! only add and remove). Other columns are ignored.
std::vector<Action> readParquetActions(const std::string& path, bool file_actions_only) {
  parquet::ParquetReader reader(path);
  const std::vector<StructField>& fields = reader.schema();
  std::vector<idx_t> columns;
  for (idx_t index = 0; index < fields.size(); ++index) {
    if (isActionColumn(fields[index].name, file_actions_only))
      columns.push_back(index);
  }
  reader.selectColumns(columns);
  std::vector<Action> actions;
  Batch batch;
  int64_t row_number = 0;
  while (reader.next(batch)) {
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      ++row_number;
      for (size_t column = 0; column < columns.size(); ++column) {
        const Vector& vector = batch.columns[column];
        if (vector.isNull(row))
          continue;
        Json object = Json::object();
        object[fields[columns[column]].name] = valueToJson(vector.getValue(row));
        std::string where = fmt::format("{} (row {})", path, row_number);
        if (auto action = actionFromJson(object, where))
          actions.push_back(std::move(*action));
      }
    }
  }
  return actions;
}

bool fileExists(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0;
}

[[noreturn]] void throwMissingPart(int64_t version, const std::string& detail) {
  throw Error(ErrorClass::DELTA_MISSING_PART_FILES,
              fmt::format("Couldn't find all part files of the checkpoint version: {}. {}", version,
                          detail));
}

//! The file a sidecar action names: relative to _delta_log/_sidecars, or absolute.
std::string sidecarPath(const LogStore& store, const SidecarFile& sidecar) {
  std::string decoded = decodeUriPath(sidecar.path);
  if (decoded.starts_with("/") || decoded.starts_with("file:"))
    return resolveDataPath(store.tablePath(), sidecar.path);
  return store.sidecarFolder() + "/" + decoded;
}

bool supportsV2Checkpoints(const Protocol& protocol) {
  auto lists = [](const std::optional<std::vector<std::string>>& features) {
    return features &&
           std::find(features->begin(), features->end(), "v2Checkpoint") != features->end();
  };
  return lists(protocol.reader_features) || lists(protocol.writer_features);
}

bool checkpointPolicyIsV2(const Metadata& metadata) {
  auto it = metadata.configuration.find("delta.checkpointPolicy");
  if (it == metadata.configuration.end())
    return false;
  std::string policy = it->second;
  for (char& c : policy)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return policy == "v2";
}

//! Writes `actions` as a Parquet file of `schema`'s struct columns (one non-NULL per row) to a
//! temp file in _delta_log, installs it as `name`, and returns its size.
int64_t writeParquetActions(const LogStore& store, const std::vector<StructField>& schema,
                            const std::vector<Action>& actions, const std::string& name) {
  Batch batch;
  for (const StructField& column : schema)
    batch.columns.emplace_back(column.type, std::max<size_t>(actions.size(), 1));
  for (size_t row = 0; row < actions.size(); ++row) {
    const char* kind = actionKind(actions[row]);
    Json json = actionToJson(actions[row]);
    for (size_t column = 0; column < schema.size(); ++column) {
      if (schema[column].name == kind) {
        batch.columns[column].setValue(row, jsonToValue(json.at(kind), schema[column].type));
      } else {
        batch.columns[column].setNull(row);
      }
    }
  }
  batch.num_rows = actions.size();

  std::string temp_path = store.newTempPath();
  parquet::ParquetWriterOptions options;
  options.codec = parquet::CompressionCodec::kSnappy;  // what Spark writes and every reader has
  {
    parquet::ParquetWriter writer(temp_path, schema, options);
    writer.write(batch);
    writer.close();
  }
  struct stat info;
  int64_t size_in_bytes = ::stat(temp_path.c_str(), &info) == 0 ? info.st_size : 0;
  store.installFile(temp_path, name);
  return size_in_bytes;
}

int64_t modificationMillis(const std::string& path) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0)
    return 0;
  return static_cast<int64_t>(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1'000'000;
}

}  // namespace

std::vector<Action> readCheckpoint(const std::string& path) {
  if (path.ends_with(".json"))
    return parseActions(readWholeFile(path), path);
  return readParquetActions(path, /*file_actions_only=*/false);
}

std::vector<Action> readCheckpoint(const LogStore& store, const CheckpointFiles& checkpoint) {
  std::vector<Action> actions;
  std::vector<std::pair<SidecarFile, std::string>> sidecars;  // with the file naming it
  for (const std::string& name : checkpoint.names) {
    std::string path = store.logFilePath(name);
    if (!fileExists(path))
      throwMissingPart(checkpoint.version, fmt::format("The file {} is missing.", path));
    int checkpoint_metadata = 0;
    for (Action& action : readCheckpoint(path)) {
      if (const auto* metadata = std::get_if<CheckpointMetadata>(&action)) {
        if (metadata->version != checkpoint.version) {
          throw Error(ErrorClass::FAILED_READ_FILE,
                      fmt::format("Malformed Delta checkpoint {}: its checkpointMetadata gives "
                                  "version {}, but the file is the checkpoint of version {}.",
                                  path, metadata->version, checkpoint.version));
        }
        ++checkpoint_metadata;
      } else if (auto* sidecar = std::get_if<SidecarFile>(&action)) {
        sidecars.emplace_back(std::move(*sidecar), path);
      } else {
        actions.push_back(std::move(action));
      }
    }
    // A UUID-named checkpoint follows the v2 spec, which holds exactly one checkpointMetadata.
    if (checkpoint.kind == CheckpointFiles::Kind::kUuidNamed && checkpoint_metadata != 1) {
      throw Error(ErrorClass::FAILED_READ_FILE,
                  fmt::format("Malformed Delta checkpoint {}: a v2 checkpoint holds exactly one "
                              "checkpointMetadata action, this one {}.",
                              path, checkpoint_metadata));
    }
  }
  for (const auto& [sidecar, named_by] : sidecars) {
    std::string path = sidecarPath(store, sidecar);
    if (!fileExists(path)) {
      throwMissingPart(
          checkpoint.version,
          fmt::format("The sidecar file {} that {} names is missing.", path, named_by));
    }
    for (Action& action : readParquetActions(path, /*file_actions_only=*/true))
      actions.push_back(std::move(action));
  }
  return actions;
}

LastCheckpoint writeCheckpoint(const LogStore& store, const Snapshot& snapshot, int64_t now_ms) {
  // The actions that are not about files, in the order Delta writes them.
  std::vector<Action> table_actions;
  table_actions.emplace_back(snapshot.protocol);
  table_actions.emplace_back(snapshot.metadata);
  for (const auto& [app_id, txn] : snapshot.transactions)
    table_actions.emplace_back(txn);
  for (const auto& [domain, metadata] : snapshot.domains)
    table_actions.emplace_back(metadata);
  std::vector<Action> file_actions;
  int64_t num_add_files = 0;
  for (const auto& [path, add] : snapshot.files) {
    AddFile copy = add;
    copy.data_change = false;  // a checkpoint restates files; it changes no data
    file_actions.emplace_back(std::move(copy));
    ++num_add_files;
  }
  int64_t expired_before = now_ms - deletedFileRetentionMillis(snapshot.metadata);
  for (const auto& [path, remove] : snapshot.tombstones) {
    if (remove.deletion_timestamp.value_or(0) <= expired_before)
      continue;
    RemoveFile tombstone = remove;
    tombstone.data_change = false;
    tombstone.stats.reset();  // checkpoints keep tombstones for VACUUM only
    tombstone.tags.reset();
    file_actions.emplace_back(std::move(tombstone));
  }

  LastCheckpoint last;
  last.version = snapshot.version;
  last.num_of_add_files = num_add_files;
  bool v2_spec = supportsV2Checkpoints(snapshot.protocol);
  CheckpointMetadata checkpoint_metadata;
  checkpoint_metadata.version = snapshot.version;
  if (v2_spec && checkpointPolicyIsV2(snapshot.metadata)) {
    // A UUID-named v2 checkpoint as Spark writes it: the file actions in a sidecar, the
    // checkpointMetadata, the sidecar and the other actions in a JSON file naming it.
    std::vector<Action> top_level;
    top_level.emplace_back(checkpoint_metadata);
    int64_t size_in_bytes = 0;
    if (!file_actions.empty()) {
      std::error_code error;
      std::filesystem::create_directories(store.sidecarFolder(), error);
      if (error) {
        throwError(ErrorClass::IO_ERROR, "Cannot create {}: {}", store.sidecarFolder(),
                   error.message());
      }
      SidecarFile sidecar;
      sidecar.path = fmt::format("{:020}.checkpoint.{:010}.{:010}.{}.parquet", snapshot.version, 1,
                                 1, randomUuid());
      sidecar.size_in_bytes =
          writeParquetActions(store, sidecarSchema(), file_actions, "_sidecars/" + sidecar.path);
      sidecar.modification_time = modificationMillis(store.sidecarFolder() + "/" + sidecar.path);
      size_in_bytes += sidecar.size_in_bytes;
      top_level.emplace_back(std::move(sidecar));
    }
    top_level.insert(top_level.end(), table_actions.begin(), table_actions.end());
    std::string name = fmt::format("{:020}.checkpoint.{}.json", snapshot.version, randomUuid());
    std::string text = serializeActions(top_level);
    store.replaceFile(name, text);
    size_in_bytes += static_cast<int64_t>(text.size());
    last.size = static_cast<int64_t>(top_level.size() + file_actions.size());
    last.size_in_bytes = size_in_bytes;
  } else {
    // A classic checkpoint: the v1 spec, or on a table with v2 checkpoints the v2 spec with
    // its checkpointMetadata and every file action inline.
    std::vector<Action> actions;
    if (v2_spec)
      actions.emplace_back(checkpoint_metadata);
    actions.insert(actions.end(), table_actions.begin(), table_actions.end());
    actions.insert(actions.end(), file_actions.begin(), file_actions.end());
    last.size = static_cast<int64_t>(actions.size());
    last.size_in_bytes = writeParquetActions(store, checkpointSchema(v2_spec), actions,
                                             checkpointFileName(snapshot.version));
  }
  // _last_checkpoint is a hint: the checkpoint stands even when the hint cannot be written.
  try {
    store.writeLastCheckpoint(last);
  } catch (const Error&) {
    // Readers here list the log; a stale hint only makes other engines list more of it.
  }
  return last;
}

}  // namespace sluice::delta
