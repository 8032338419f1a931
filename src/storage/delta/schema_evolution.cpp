// src/storage/delta/schema_evolution.cpp
#include "storage/delta/schema_evolution.hpp"

#include "storage/delta/column_mapping.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/transaction.hpp"

namespace sluice::delta {

int64_t addColumns(const std::string& table_path, const std::vector<StructField>& columns) {
  if (columns.empty())
    return -1;
  LogStore store(table_path);
  Snapshot snapshot = loadSnapshot(store, store.list(), std::nullopt);
  Metadata metadata = withColumnsAdded(snapshot.metadata, columns);
  std::vector<std::string> names;
  for (const StructField& column : columns)
    names.push_back(column.name);
  return commitSchemaChange(snapshot, metadata, snapshot.protocol, "ADD COLUMNS", names);
}

Metadata withColumnsAdded(const Metadata& metadata, const std::vector<StructField>& columns) {
  // Appended to the schema as written, so that field metadata sluice does not model (type
  // changes, ...) stays.
  Json schema = Json::parse(metadata.schema_string);
  for (const StructField& column : columns)
    schema["fields"].push_back(fieldToJson(column));
  Metadata evolved = metadata;
  evolved.schema_string = schema.dump();
  assignColumnMapping(evolved);
  return evolved;
}

Snapshot withMetadata(Snapshot snapshot, Metadata metadata) {
  snapshot.metadata = std::move(metadata);
  snapshot.schema = schemaFromJson(snapshot.metadata.schema_string, "a changed schema");
  snapshot.column_mapping = ColumnMapping::of(snapshot.metadata);
  return snapshot;
}

int64_t commitSchemaChange(const Snapshot& snapshot, const Metadata& metadata,
                           const Protocol& protocol, const std::string& operation,
                           const std::vector<std::string>& columns) {
  Json names = Json::array();
  for (const std::string& column : columns)
    names.push_back(column);
  return commitMetadataChange(snapshot, metadata, protocol, operation,
                              {{"columns", dumpJson(names)}});
}

int64_t commitMetadataChange(const Snapshot& snapshot, const Metadata& metadata,
                             const Protocol& protocol, const std::string& operation,
                             Json parameters) {
  LogStore store(snapshot.table_path);
  CommitPlan plan;
  plan.read_version = snapshot.version;
  if (!(protocol == snapshot.protocol))
    plan.actions.emplace_back(protocol);
  plan.actions.emplace_back(metadata);
  plan.checkpoint_interval = checkpointInterval(metadata);
  describeOperation(plan, operation, std::move(parameters), isolationLevel(metadata), false,
                    std::nullopt);
  return commitTransaction(store, std::move(plan)).version;
}

}  // namespace sluice::delta
