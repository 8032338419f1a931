// src/storage/delta/actions.cpp
//
// Delta actions to and from JSON. Field names and their order follow what Spark writes.

#include "storage/delta/actions.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice::delta {

namespace {

[[noreturn]] void throwMalformed(std::string_view where, std::string_view what) {
  throw Error(ErrorClass::FAILED_READ_FILE,
              fmt::format("Malformed Delta log entry at {}: {}.", where, what));
}

//! Typed access to the fields of one action object, raising errors that name the action.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string_view kind, std::string_view where)
      : object_(object), kind_(kind), where_(where) {
    if (!object_.is_object())
      fail(fmt::format("`{}` is not a JSON object", kind_));
  }

  bool has(const char* name) const {
    auto it = object_.find(name);
    return it != object_.end() && !it->is_null();
  }

  std::string requiredString(const char* name) const {
    if (!has(name))
      missing(name);
    return string(name);
  }
  std::optional<std::string> optionalString(const char* name) const {
    if (!has(name))
      return std::nullopt;
    return string(name);
  }
  int64_t requiredLong(const char* name) const {
    if (!has(name))
      missing(name);
    return integer(name);
  }
  std::optional<int64_t> optionalLong(const char* name) const {
    if (!has(name))
      return std::nullopt;
    return integer(name);
  }
  bool requiredBool(const char* name) const {
    if (!has(name))
      missing(name);
    return boolean(name);
  }
  std::optional<bool> optionalBool(const char* name) const {
    if (!has(name))
      return std::nullopt;
    return boolean(name);
  }
  std::optional<std::vector<std::string>> optionalStringList(const char* name) const {
    if (!has(name))
      return std::nullopt;
    const Json& value = object_.at(name);
    if (!value.is_array())
      wrongType(name, "an array");
    std::vector<std::string> items;
    for (const Json& item : value) {
      if (!item.is_string())
        wrongType(name, "an array of strings");
      items.push_back(item.get<std::string>());
    }
    return items;
  }
  std::optional<std::map<std::string, std::string>> optionalStringMap(const char* name) const {
    if (!has(name))
      return std::nullopt;
    const Json& value = object_.at(name);
    if (!value.is_object())
      wrongType(name, "an object");
    std::map<std::string, std::string> map;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!it.value().is_string())
        wrongType(name, "an object of strings");
      map[it.key()] = it.value().get<std::string>();
    }
    return map;
  }
  //! Partition values keep their order; JSON null (and "", which the protocol reads as NULL)
  //! become nullopt.
  std::optional<PartitionValues> optionalPartitionValues(const char* name) const {
    if (!has(name))
      return std::nullopt;
    const Json& value = object_.at(name);
    if (!value.is_object())
      wrongType(name, "an object");
    PartitionValues values;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (it.value().is_null()) {
        values.emplace_back(it.key(), std::nullopt);
      } else if (it.value().is_string()) {
        std::string text = it.value().get<std::string>();
        if (text.empty()) {
          values.emplace_back(it.key(), std::nullopt);
        } else {
          values.emplace_back(it.key(), std::move(text));
        }
      } else {
        wrongType(name, "an object of strings");
      }
    }
    return values;
  }
  std::optional<Json> optionalJson(const char* name) const {
    if (!has(name))
      return std::nullopt;
    return object_.at(name);
  }

 private:
  std::string string(const char* name) const {
    const Json& value = object_.at(name);
    if (!value.is_string())
      wrongType(name, "a string");
    return value.get<std::string>();
  }
  int64_t integer(const char* name) const {
    const Json& value = object_.at(name);
    if (!value.is_number_integer())
      wrongType(name, "an integer");
    return value.get<int64_t>();
  }
  bool boolean(const char* name) const {
    const Json& value = object_.at(name);
    if (!value.is_boolean())
      wrongType(name, "a boolean");
    return value.get<bool>();
  }
  [[noreturn]] void missing(const char* name) const {
    fail(fmt::format("`{}` has no `{}`", kind_, name));
  }
  [[noreturn]] void wrongType(const char* name, const char* expected) const {
    fail(fmt::format("`{}.{}` is not {}", kind_, name, expected));
  }
  [[noreturn]] void fail(const std::string& what) const { throwMalformed(where_, what); }

  const Json& object_;
  std::string_view kind_;
  std::string_view where_;
};

Json stringMapToJson(const std::map<std::string, std::string>& map) {
  Json object = Json::object();
  for (const auto& [key, value] : map)
    object[key] = value;
  return object;
}

Json partitionValuesToJson(const PartitionValues& values) {
  Json object = Json::object();
  for (const auto& [column, value] : values) {
    object[column] = value ? Json(*value) : Json(nullptr);
  }
  return object;
}

Json protocolToJson(const Protocol& protocol) {
  Json object = Json::object();
  object["minReaderVersion"] = protocol.min_reader_version;
  object["minWriterVersion"] = protocol.min_writer_version;
  if (protocol.reader_features)
    object["readerFeatures"] = *protocol.reader_features;
  if (protocol.writer_features)
    object["writerFeatures"] = *protocol.writer_features;
  return object;
}

Json metadataToJson(const Metadata& metadata) {
  Json object = Json::object();
  object["id"] = metadata.id;
  if (metadata.name)
    object["name"] = *metadata.name;
  if (metadata.description)
    object["description"] = *metadata.description;
  object["format"] = Json{{"provider", metadata.format.provider},
                          {"options", stringMapToJson(metadata.format.options)}};
  object["schemaString"] = metadata.schema_string;
  object["partitionColumns"] = metadata.partition_columns;
  object["configuration"] = stringMapToJson(metadata.configuration);
  if (metadata.created_time)
    object["createdTime"] = *metadata.created_time;
  return object;
}

Json addToJson(const AddFile& add) {
  Json object = Json::object();
  object["path"] = add.path;
  object["partitionValues"] = partitionValuesToJson(add.partition_values);
  object["size"] = add.size;
  object["modificationTime"] = add.modification_time;
  object["dataChange"] = add.data_change;
  if (add.stats)
    object["stats"] = *add.stats;
  if (add.tags)
    object["tags"] = stringMapToJson(*add.tags);
  if (add.deletion_vector)
    object["deletionVector"] = *add.deletion_vector;
  if (add.base_row_id)
    object["baseRowId"] = *add.base_row_id;
  if (add.default_row_commit_version) {
    object["defaultRowCommitVersion"] = *add.default_row_commit_version;
  }
  if (add.clustering_provider)
    object["clusteringProvider"] = *add.clustering_provider;
  return object;
}

Json removeToJson(const RemoveFile& remove) {
  Json object = Json::object();
  object["path"] = remove.path;
  if (remove.deletion_timestamp)
    object["deletionTimestamp"] = *remove.deletion_timestamp;
  object["dataChange"] = remove.data_change;
  if (remove.extended_file_metadata) {
    object["extendedFileMetadata"] = *remove.extended_file_metadata;
  }
  if (remove.partition_values) {
    object["partitionValues"] = partitionValuesToJson(*remove.partition_values);
  }
  if (remove.size)
    object["size"] = *remove.size;
  if (remove.stats)
    object["stats"] = *remove.stats;
  if (remove.tags)
    object["tags"] = stringMapToJson(*remove.tags);
  if (remove.deletion_vector)
    object["deletionVector"] = *remove.deletion_vector;
  return object;
}

Json cdcToJson(const AddCdcFile& cdc) {
  Json object = Json::object();
  object["path"] = cdc.path;
  object["partitionValues"] = partitionValuesToJson(cdc.partition_values);
  object["size"] = cdc.size;
  object["dataChange"] = cdc.data_change;
  if (cdc.tags)
    object["tags"] = stringMapToJson(*cdc.tags);
  return object;
}

Json txnToJson(const SetTransaction& txn) {
  Json object = Json::object();
  object["appId"] = txn.app_id;
  object["version"] = txn.version;
  if (txn.last_updated)
    object["lastUpdated"] = *txn.last_updated;
  return object;
}

Json domainToJson(const DomainMetadata& domain) {
  return Json{{"domain", domain.domain},
              {"configuration", domain.configuration},
              {"removed", domain.removed}};
}

Json checkpointMetadataToJson(const CheckpointMetadata& metadata) {
  Json object = Json::object();
  object["version"] = metadata.version;
  if (metadata.tags)
    object["tags"] = stringMapToJson(*metadata.tags);
  return object;
}

Json sidecarToJson(const SidecarFile& sidecar) {
  Json object = Json::object();
  object["path"] = sidecar.path;
  object["sizeInBytes"] = sidecar.size_in_bytes;
  object["modificationTime"] = sidecar.modification_time;
  if (sidecar.tags)
    object["tags"] = stringMapToJson(*sidecar.tags);
  return object;
}

Protocol protocolFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "protocol", where);
  Protocol protocol;
  int64_t reader = fields.requiredLong("minReaderVersion");
  int64_t writer = fields.requiredLong("minWriterVersion");
  if (reader < 1 || reader > INT32_MAX || writer < 1 || writer > INT32_MAX) {
    throwMalformed(where, "`protocol` has a version out of range");
  }
  protocol.min_reader_version = static_cast<int32_t>(reader);
  protocol.min_writer_version = static_cast<int32_t>(writer);
  protocol.reader_features = fields.optionalStringList("readerFeatures");
  protocol.writer_features = fields.optionalStringList("writerFeatures");
  return protocol;
}

Metadata metadataFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "metaData", where);
  Metadata metadata;
  metadata.id = fields.requiredString("id");
  metadata.name = fields.optionalString("name");
  metadata.description = fields.optionalString("description");
  if (auto format = fields.optionalJson("format")) {
    FieldReader format_fields(*format, "metaData.format", where);
    metadata.format.provider = format_fields.requiredString("provider");
    if (auto options = format_fields.optionalStringMap("options")) {
      metadata.format.options = std::move(*options);
    }
  }
  metadata.schema_string = fields.requiredString("schemaString");
  if (auto columns = fields.optionalStringList("partitionColumns")) {
    metadata.partition_columns = std::move(*columns);
  }
  metadata.created_time = fields.optionalLong("createdTime");
  if (auto configuration = fields.optionalStringMap("configuration")) {
    metadata.configuration = std::move(*configuration);
  }
  return metadata;
}

AddFile addFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "add", where);
  AddFile add;
  add.path = fields.requiredString("path");
  if (add.path.empty())
    throwMalformed(where, "`add.path` is empty");
  if (auto values = fields.optionalPartitionValues("partitionValues")) {
    add.partition_values = std::move(*values);
  }
  add.size = fields.requiredLong("size");
  add.modification_time = fields.optionalLong("modificationTime").value_or(0);
  add.data_change = fields.optionalBool("dataChange").value_or(true);
  add.stats = fields.optionalString("stats");
  add.tags = fields.optionalStringMap("tags");
  add.deletion_vector = fields.optionalJson("deletionVector");
  add.base_row_id = fields.optionalLong("baseRowId");
  add.default_row_commit_version = fields.optionalLong("defaultRowCommitVersion");
  add.clustering_provider = fields.optionalString("clusteringProvider");
  return add;
}

RemoveFile removeFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "remove", where);
  RemoveFile remove;
  remove.path = fields.requiredString("path");
  if (remove.path.empty())
    throwMalformed(where, "`remove.path` is empty");
  remove.deletion_timestamp = fields.optionalLong("deletionTimestamp");
  remove.data_change = fields.optionalBool("dataChange").value_or(true);
  remove.extended_file_metadata = fields.optionalBool("extendedFileMetadata");
  remove.partition_values = fields.optionalPartitionValues("partitionValues");
  remove.size = fields.optionalLong("size");
  remove.stats = fields.optionalString("stats");
  remove.tags = fields.optionalStringMap("tags");
  remove.deletion_vector = fields.optionalJson("deletionVector");
  return remove;
}

AddCdcFile cdcFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "cdc", where);
  AddCdcFile cdc;
  cdc.path = fields.requiredString("path");
  if (cdc.path.empty())
    throwMalformed(where, "`cdc.path` is empty");
  if (auto values = fields.optionalPartitionValues("partitionValues"))
    cdc.partition_values = std::move(*values);
  cdc.size = fields.optionalLong("size").value_or(0);
  cdc.data_change = fields.optionalBool("dataChange").value_or(false);
  cdc.tags = fields.optionalStringMap("tags");
  return cdc;
}

SetTransaction txnFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "txn", where);
  SetTransaction txn;
  txn.app_id = fields.requiredString("appId");
  txn.version = fields.requiredLong("version");
  txn.last_updated = fields.optionalLong("lastUpdated");
  return txn;
}

DomainMetadata domainFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "domainMetadata", where);
  DomainMetadata domain;
  domain.domain = fields.requiredString("domain");
  domain.configuration = fields.optionalString("configuration").value_or("");
  domain.removed = fields.optionalBool("removed").value_or(false);
  return domain;
}

CheckpointMetadata checkpointMetadataFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "checkpointMetadata", where);
  CheckpointMetadata metadata;
  metadata.version = fields.requiredLong("version");
  metadata.tags = fields.optionalStringMap("tags");
  return metadata;
}

SidecarFile sidecarFromJson(const Json& object, std::string_view where) {
  FieldReader fields(object, "sidecar", where);
  SidecarFile sidecar;
  sidecar.path = fields.requiredString("path");
  if (sidecar.path.empty())
    throwMalformed(where, "`sidecar.path` is empty");
  // Required by the protocol, but not needed to read the sidecar.
  sidecar.size_in_bytes = fields.optionalLong("sizeInBytes").value_or(0);
  sidecar.modification_time = fields.optionalLong("modificationTime").value_or(0);
  sidecar.tags = fields.optionalStringMap("tags");
  return sidecar;
}

}  // namespace

RemoveFile removeOf(const AddFile& file, int64_t timestamp, bool data_change) {
  RemoveFile remove;
  remove.path = file.path;
  remove.deletion_timestamp = timestamp;
  remove.data_change = data_change;
  remove.extended_file_metadata = true;
  remove.partition_values = file.partition_values;
  remove.size = file.size;
  remove.stats = file.stats;
  remove.deletion_vector = file.deletion_vector;
  return remove;
}

const std::optional<std::string>* findPartitionValue(const PartitionValues& values,
                                                     std::string_view column) {
  for (const auto& [name, value] : values) {
    if (name == column)
      return &value;
  }
  return nullptr;
}

std::optional<int64_t> CommitInfo::timestamp() const {
  auto it = fields.find("timestamp");
  if (it == fields.end() || !it->is_number_integer())
    return std::nullopt;
  return it->get<int64_t>();
}

std::optional<int64_t> CommitInfo::inCommitTimestamp() const {
  auto it = fields.find("inCommitTimestamp");
  if (it == fields.end() || !it->is_number_integer())
    return std::nullopt;
  return it->get<int64_t>();
}

std::string CommitInfo::operation() const {
  auto it = fields.find("operation");
  if (it == fields.end() || !it->is_string())
    return "";
  return it->get<std::string>();
}

Json actionToJson(const Action& action) {
  return std::visit(
      [](const auto& value) -> Json {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, Protocol>) {
          return Json{{"protocol", protocolToJson(value)}};
        } else if constexpr (std::is_same_v<T, Metadata>) {
          return Json{{"metaData", metadataToJson(value)}};
        } else if constexpr (std::is_same_v<T, AddFile>) {
          return Json{{"add", addToJson(value)}};
        } else if constexpr (std::is_same_v<T, RemoveFile>) {
          return Json{{"remove", removeToJson(value)}};
        } else if constexpr (std::is_same_v<T, SetTransaction>) {
          return Json{{"txn", txnToJson(value)}};
        } else if constexpr (std::is_same_v<T, CommitInfo>) {
          return Json{{"commitInfo", value.fields}};
        } else if constexpr (std::is_same_v<T, DomainMetadata>) {
          return Json{{"domainMetadata", domainToJson(value)}};
        } else if constexpr (std::is_same_v<T, CheckpointMetadata>) {
          return Json{{"checkpointMetadata", checkpointMetadataToJson(value)}};
        } else if constexpr (std::is_same_v<T, SidecarFile>) {
          return Json{{"sidecar", sidecarToJson(value)}};
        } else {
          return Json{{"cdc", cdcToJson(value)}};
        }
      },
      action);
}

std::optional<Action> actionFromJson(const Json& object, std::string_view where) {
  if (!object.is_object())
    throwMalformed(where, "an action must be a JSON object");
  // An action line holds one action; tolerate (and skip) null-valued siblings, as a
  // checkpoint row rendered as JSON would have.
  std::optional<Action> result;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& kind = it.key();
    const Json& body = it.value();
    if (body.is_null())
      continue;
    std::optional<Action> action;
    if (kind == "protocol") {
      action = protocolFromJson(body, where);
    } else if (kind == "metaData") {
      action = metadataFromJson(body, where);
    } else if (kind == "add") {
      action = addFromJson(body, where);
    } else if (kind == "remove") {
      action = removeFromJson(body, where);
    } else if (kind == "txn") {
      action = txnFromJson(body, where);
    } else if (kind == "commitInfo") {
      if (!body.is_object())
        throwMalformed(where, "`commitInfo` is not a JSON object");
      action = CommitInfo{body};
    } else if (kind == "domainMetadata") {
      action = domainFromJson(body, where);
    } else if (kind == "cdc") {
      action = cdcFromJson(body, where);
    } else if (kind == "checkpointMetadata") {
      action = checkpointMetadataFromJson(body, where);
    } else if (kind == "sidecar") {
      action = sidecarFromJson(body, where);
    } else {
      continue;  // actions of later protocol versions do not change the snapshot
    }
    if (result)
      throwMalformed(where, "a line holds more than one action");
    result = std::move(action);
  }
  return result;
}

std::string serializeActions(const std::vector<Action>& actions) {
  std::string text;
  for (const Action& action : actions) {
    text += dumpJson(actionToJson(action));
    text += '\n';
  }
  return text;
}

std::vector<Action> parseActions(std::string_view text, const std::string& file_name) {
  std::vector<Action> actions;
  size_t line_number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
      continue;
    std::string where = fmt::format("{}:{}", file_name, line_number);
    Json object;
    try {
      object = Json::parse(line);
    } catch (const nlohmann::json::exception& error) {
      throwMalformed(where, fmt::format("invalid JSON ({})", error.what()));
    }
    if (auto action = actionFromJson(object, where))
      actions.push_back(std::move(*action));
  }
  return actions;
}

std::string dumpJson(const Json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonList(const std::vector<std::string>& items) {
  Json list = Json::array();
  for (const std::string& item : items)
    list.push_back(item);
  return dumpJson(list);
}

}  // namespace sluice::delta
