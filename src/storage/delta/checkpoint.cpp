// src/storage/delta/checkpoint.cpp
//
// Checkpoint files: actions <-> rows of struct columns. Each action goes through its JSON
// form, so that the column layout and the commit-file layout share one definition of every
// field (actions.cpp).

#include "storage/delta/checkpoint.hpp"

#include <sys/stat.h>

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

std::vector<StructField> checkpointSchema() {
  DataType string = DataType::string();
  DataType int64 = DataType::longType();
  DataType boolean = DataType::boolean();
  DataType string_list = DataType::array(string);
  return {
      field("txn", DataType::structOf({field("appId", string), field("version", int64),
                                       field("lastUpdated", int64)})),
      field("add",
            DataType::structOf(
                {field("path", string), field("partitionValues", stringMap()), field("size", int64),
                 field("modificationTime", int64), field("dataChange", boolean),
                 field("stats", string), field("tags", stringMap()), field("baseRowId", int64),
                 field("defaultRowCommitVersion", int64), field("clusteringProvider", string)})),
      field("remove", DataType::structOf(
                          {field("path", string), field("deletionTimestamp", int64),
                           field("dataChange", boolean), field("extendedFileMetadata", boolean),
                           field("partitionValues", stringMap()), field("size", int64)})),
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
    default:
      return "cdc";  // commits only: a checkpoint restates the snapshot, which has none
  }
}

}  // namespace

std::vector<Action> readCheckpoint(const std::string& path) {
  parquet::ParquetReader reader(path);
  const std::vector<StructField>& fields = reader.schema();
  std::vector<idx_t> columns;
  for (idx_t index = 0; index < fields.size(); ++index) {
    const std::string& name = fields[index].name;
    if (name == "checkpointMetadata" || name == "sidecar") {
      throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_READ,
                  fmt::format("The checkpoint {} is a v2 checkpoint (it has a `{}` column); v2 "
                              "checkpoints are not supported.",
                              path, name));
    }
    if (name == "txn" || name == "add" || name == "remove" || name == "metaData" ||
        name == "protocol" || name == "domainMetadata") {
      columns.push_back(index);
    }
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

LastCheckpoint writeCheckpoint(const LogStore& store, const Snapshot& snapshot, int64_t now_ms) {
  std::vector<Action> actions;
  actions.emplace_back(snapshot.protocol);
  actions.emplace_back(snapshot.metadata);
  for (const auto& [app_id, txn] : snapshot.transactions)
    actions.emplace_back(txn);
  for (const auto& [domain, metadata] : snapshot.domains)
    actions.emplace_back(metadata);
  int64_t num_add_files = 0;
  for (const auto& [path, add] : snapshot.files) {
    AddFile copy = add;
    copy.data_change = false;  // a checkpoint restates files; it changes no data
    actions.emplace_back(std::move(copy));
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
    actions.emplace_back(std::move(tombstone));
  }

  std::vector<StructField> schema = checkpointSchema();
  Batch batch;
  for (const StructField& column : schema)
    batch.columns.emplace_back(column.type, actions.size());
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
  store.installFile(temp_path, checkpointFileName(snapshot.version));

  LastCheckpoint last;
  last.version = snapshot.version;
  last.size = static_cast<int64_t>(actions.size());
  last.size_in_bytes = size_in_bytes;
  last.num_of_add_files = num_add_files;
  store.writeLastCheckpoint(last);
  return last;
}

}  // namespace sluice::delta
