// src/storage/delta/table_alteration.cpp
#include "storage/delta/table_alteration.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "storage/delta/clustering.hpp"
#include "storage/delta/column_mapping.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/transaction.hpp"
#include "storage/delta/type_widening.hpp"

namespace sluice::delta {

namespace {

//! The index of the schema field named `name` (exactly), in the JSON schema.
size_t fieldIndex(const Json& schema, const std::string& name) {
  const Json& fields = schema["fields"];
  for (size_t index = 0; index < fields.size(); ++index) {
    if (fields[index]["name"].get<std::string>() == name)
      return index;
  }
  SLUICE_UNREACHABLE("the column was resolved against this schema");
}

//! Delta enables column mapping on an existing table in name mode only, and never turns it
//! off or switches modes (files would need rewriting).
void refuseColumnMappingModeChange(ColumnMappingMode from, ColumnMappingMode to) {
  if (from == to || (from == ColumnMappingMode::kNone && to == ColumnMappingMode::kName))
    return;
  throwError(ErrorClass::DELTA_UNSUPPORTED_COLUMN_MAPPING_MODE_CHANGE,
             "Changing column mapping mode from '{}' to '{}' is not supported.",
             columnMappingModeName(from), columnMappingModeName(to));
}

//! `protocol` with the features the table's new schema needs (a TIMESTAMP_NTZ, VARIANT or
//! collated STRING column added); a table keeps every feature it has.
Protocol withFeaturesOfSchema(const Protocol& protocol, const Metadata& metadata) {
  std::vector<StructField> schema = schemaFromJson(metadata.schema_string, "an altered schema");
  return unionOfProtocols(protocol, protocolForNewTable(schema, /*clustered=*/false, {}));
}

}  // namespace

bool isCollationChange(const DataType& from, const DataType& to) {
  if (from.id() != to.id())
    return false;
  switch (from.id()) {
    case TypeId::kString:
      return true;
    case TypeId::kArray:
      return from.containsNull() == to.containsNull() &&
             isCollationChange(from.elementType(), to.elementType());
    case TypeId::kMap:  // the keys of a map keep their collation: it orders and dedups them
      return from.containsNull() == to.containsNull() && from.keyType() == to.keyType() &&
             isCollationChange(from.valueType(), to.valueType());
    case TypeId::kStruct: {
      const auto& a = from.fields();
      const auto& b = to.fields();
      return a.size() == b.size() &&
             std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
               return x.name == y.name && x.nullable == y.nullable &&
                      isCollationChange(x.type, y.type);
             });
    }
    default:
      return from == to;
  }
}

int64_t setTableProperties(const Snapshot& snapshot,
                           const std::map<std::string, std::string>& properties) {
  std::map<std::string, std::string> validated = validateTableProperties(properties);
  Metadata metadata = snapshot.metadata;
  std::map<std::string, std::string> requested = metadata.configuration;
  for (const auto& [key, value] : validated) {
    requested[key] = value;
    if (!isProtocolProperty(key))
      metadata.configuration[key] = value;
  }
  ColumnMappingMode from = columnMappingMode(snapshot.metadata);
  ColumnMappingMode to = columnMappingMode(metadata);
  if (from != to) {
    refuseColumnMappingModeChange(from, to);
    // Enabled on a table whose files name the columns: those names become physical names.
    assignColumnMapping(metadata, /*keep_names=*/true);
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
  refuseColumnMappingModeChange(columnMappingMode(snapshot.metadata), columnMappingMode(metadata));
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
  assignColumnMapping(metadata);
  return commitMetadataChange(snapshot, metadata, withFeaturesOfSchema(snapshot.protocol, metadata),
                              "ADD COLUMNS", {{"columns", dumpJson(logged)}});
}

int64_t changeColumn(const Snapshot& snapshot, const std::string& column,
                     const StructField& changed) {
  Json schema = Json::parse(snapshot.metadata.schema_string);
  Json& field = schema["fields"][fieldIndex(schema, column)];
  Metadata metadata = snapshot.metadata;
  Protocol protocol = snapshot.protocol;
  const DataType& current = snapshot.schema[fieldIndex(schema, column)].type;
  bool collation_change = !(current == changed.type) && isCollationChange(current, changed.type);
  if (!(current == changed.type) && !collation_change) {
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
  if (collation_change)  // the types' JSON holds no collation: the fields' metadata does
    setFieldCollations(field, changed.type);
  metadata.schema_string = schema.dump();
  if (collation_change)
    protocol = withFeaturesOfSchema(protocol, metadata);
  Json logged = fieldToJson(changed);
  logged["name"] = column;
  return commitMetadataChange(snapshot, metadata, protocol, "CHANGE COLUMN",
                              {{"column", dumpJson(logged)}});
}

int64_t renameColumn(const Snapshot& snapshot, const std::string& column,
                     const std::string& new_name) {
  SLUICE_CHECK(snapshot.column_mapping.enabled());
  Json schema = Json::parse(snapshot.metadata.schema_string);
  schema["fields"][fieldIndex(schema, column)]["name"] = new_name;
  Metadata metadata = snapshot.metadata;
  metadata.schema_string = schema.dump();
  // Partition columns are listed by name; clustering columns by physical name, which stays.
  for (std::string& partition : metadata.partition_columns) {
    if (partition == column)
      partition = new_name;
  }
  return commitMetadataChange(snapshot, metadata, snapshot.protocol, "RENAME COLUMN",
                              {{"oldColumnPath", column}, {"newColumnPath", new_name}});
}

int64_t dropColumns(const Snapshot& snapshot, const std::vector<std::string>& columns) {
  SLUICE_CHECK(snapshot.column_mapping.enabled());
  auto listed = [](const std::vector<std::string>& list, const std::string& column) {
    return std::find(list.begin(), list.end(), column) != list.end();
  };
  std::vector<std::string> partition;
  std::vector<std::string> clustering;
  std::vector<std::string> table_clustering = snapshot.clusteringColumns();
  for (const std::string& column : columns) {
    if (listed(snapshot.metadata.partition_columns, column))
      partition.push_back(column);
    if (listed(table_clustering, column))
      clustering.push_back(column);
  }
  if (!partition.empty()) {
    throwError(ErrorClass::DELTA_UNSUPPORTED_DROP_PARTITION_COLUMN,
               "Dropping partition columns ({}) is not allowed.", fmt::join(partition, ", "));
  }
  if (!clustering.empty()) {
    throwError(ErrorClass::DELTA_UNSUPPORTED_DROP_CLUSTERING_COLUMN,
               "Dropping clustering columns ({}) is not allowed.", fmt::join(clustering, ", "));
  }
  Json schema = Json::parse(snapshot.metadata.schema_string);
  Json kept = Json::array();
  for (const Json& field : schema["fields"]) {
    if (!listed(columns, field["name"].get<std::string>()))
      kept.push_back(field);
  }
  if (kept.empty()) {
    throwError(ErrorClass::DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA,
               "Cannot drop every column of a table: a Delta table needs at least one column.");
  }
  schema["fields"] = std::move(kept);
  Metadata metadata = snapshot.metadata;
  metadata.schema_string = schema.dump();
  Json names = Json::array();
  for (const std::string& column : columns)
    names.push_back(column);
  return commitMetadataChange(snapshot, metadata, snapshot.protocol, "DROP COLUMNS",
                              {{"columns", dumpJson(names)}});
}

int64_t setClusteringColumns(const Snapshot& snapshot, const std::vector<std::string>& columns) {
  if (!snapshot.metadata.partition_columns.empty()) {
    throwError(ErrorClass::DELTA_ALTER_TABLE_CLUSTER_BY_ON_PARTITIONED_TABLE_NOT_ALLOWED,
               "ALTER TABLE CLUSTER BY cannot be applied to a partitioned table.");
  }
  std::vector<std::string> old_columns = snapshot.clusteringColumns();
  bool supported = snapshot.domains.count(kClusteringDomain) > 0;
  if (columns.empty() && !supported)
    return -1;
  validateClusteringColumns(columns, snapshot.schema, snapshot.metadata);
  CommitPlan plan;
  plan.read_version = snapshot.version;
  Protocol protocol = snapshot.protocol;
  if (!supported) {
    protocol = withTableFeature(protocol, "domainMetadata", /*reader=*/false);
    protocol = withTableFeature(protocol, "clustering", /*reader=*/false);
  }
  if (!(protocol == snapshot.protocol))
    plan.actions.emplace_back(protocol);
  plan.actions.emplace_back(clusteringDomain(snapshot.column_mapping.physicalNames(columns)));
  plan.checkpoint_interval = checkpointInterval(snapshot.metadata);
  Json parameters = Json::object();
  parameters["oldClusteringColumns"] = jsonList(old_columns);
  parameters["newClusteringColumns"] = jsonList(columns);
  describeOperation(plan, "CLUSTER BY", std::move(parameters), isolationLevel(snapshot.metadata),
                    false, std::nullopt);
  return commitTransaction(LogStore(snapshot.table_path), std::move(plan)).version;
}

}  // namespace sluice::delta
