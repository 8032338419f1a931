// src/storage/delta/table_alteration.cpp
#include "storage/delta/table_alteration.hpp"

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/type_widening.hpp"

namespace sluice::delta {

namespace {

bool isProtocolProperty(const std::string& key) {
  return key == "delta.minReaderVersion" || key == "delta.minWriterVersion" ||
         key.starts_with("delta.feature.");
}

//! The index of the schema field named `name` (exactly), in the JSON schema.
size_t fieldIndex(const Json& schema, const std::string& name) {
  const Json& fields = schema["fields"];
  for (size_t index = 0; index < fields.size(); ++index) {
    if (fields[index]["name"].get<std::string>() == name)
      return index;
  }
  SLUICE_UNREACHABLE("the column was resolved against this schema");
}

}  // namespace

int64_t setTableProperties(const Snapshot& snapshot,
                           const std::map<std::string, std::string>& properties) {
  std::map<std::string, std::string> validated = validateTableProperties(properties);
  auto mode = validated.find("delta.columnMapping.mode");
  if (mode != validated.end()) {
    std::string current = "none";
    if (auto it = snapshot.metadata.configuration.find(mode->first);
        it != snapshot.metadata.configuration.end()) {
      current = it->second;
    }
    if (mode->second != current) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("Changing delta.columnMapping.mode to '{}' is not supported: "
                              "sluice does not read or write tables with column mapping yet.",
                              mode->second));
    }
  }
  Metadata metadata = snapshot.metadata;
  std::map<std::string, std::string> requested = metadata.configuration;
  for (const auto& [key, value] : validated) {
    requested[key] = value;
    if (!isProtocolProperty(key))
      metadata.configuration[key] = value;
  }
  Protocol protocol = protocolForProperties(snapshot.protocol, requested);
  return commitMetadataChange(snapshot, metadata, protocol, "SET TBLPROPERTIES",
                              {{"properties", dumpJson(Json(validated))}});
}

int64_t unsetTableProperties(const Snapshot& snapshot, const std::vector<std::string>& keys,
                             bool if_exists, const std::string& table) {
  Metadata metadata = snapshot.metadata;
  Json names = Json::array();
  for (const std::string& written : keys) {
    std::string key = normalizeTablePropertyKey(written);
    if (!metadata.configuration.count(key) && !if_exists) {
      throwError(ErrorClass::DELTA_UNSET_NON_EXISTENT_PROPERTY,
                 "Attempted to unset non-existent property '{}' in table {}", written, table);
    }
    metadata.configuration.erase(key);
    names.push_back(key);
  }
  return commitMetadataChange(
      snapshot, metadata, snapshot.protocol, "UNSET TBLPROPERTIES",
      {{"propKeys", dumpJson(names)}, {"ifExists", if_exists ? "true" : "false"}});
}

int64_t addColumnsAt(const Snapshot& snapshot, const std::vector<AddedField>& columns) {
  // The schema is edited as JSON so that field metadata sluice does not model stays.
  Json schema = Json::parse(snapshot.metadata.schema_string);
  Json logged = Json::array();
  for (const AddedField& column : columns) {
    Json& fields = schema["fields"];
    size_t at = fields.size();
    Json entry = {{"column", fieldToJson(column.field)}};
    if (column.first) {
      at = 0;
      entry["position"] = "FIRST";
    } else if (column.after) {
      at = fieldIndex(schema, *column.after) + 1;
      entry["position"] = "AFTER " + *column.after;
    }
    fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(at), fieldToJson(column.field));
    logged.push_back(std::move(entry));
  }
  Metadata metadata = snapshot.metadata;
  metadata.schema_string = schema.dump();
  return commitMetadataChange(snapshot, metadata, snapshot.protocol, "ADD COLUMNS",
                              {{"columns", dumpJson(logged)}});
}

int64_t changeColumn(const Snapshot& snapshot, const std::string& column,
                     const StructField& changed) {
  Json schema = Json::parse(snapshot.metadata.schema_string);
  Json& field = schema["fields"][fieldIndex(schema, column)];
  Metadata metadata = snapshot.metadata;
  Protocol protocol = snapshot.protocol;
  const DataType& current = snapshot.schema[fieldIndex(schema, column)].type;
  if (!(current == changed.type)) {
    recordTypeChange(field, changed.type);
    protocol = withTypeWidening(protocol, metadata);
  }
  field["nullable"] = changed.nullable;
  Json& field_metadata = field["metadata"];
  if (!field_metadata.is_object())
    field_metadata = Json::object();
  if (changed.comment.empty())
    field_metadata.erase("comment");
  else
    field_metadata["comment"] = changed.comment;
  metadata.schema_string = schema.dump();
  Json logged = fieldToJson(changed);
  logged["name"] = column;
  return commitMetadataChange(snapshot, metadata, protocol, "CHANGE COLUMN",
                              {{"column", dumpJson(logged)}});
}

}  // namespace sluice::delta
