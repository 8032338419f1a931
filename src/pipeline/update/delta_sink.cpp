// src/pipeline/update/delta_sink.cpp
#include "pipeline/update/delta_sink.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "exec/plan_optimization.hpp"
#include "exec/table_sink.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/update/insert_by_name.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

class DeltaSink : public SinkDestination {
 public:
  //! `register_table`, when set, runs once a batch has been written (the table exists).
  DeltaSink(std::string location, std::string table_name, std::function<void()> register_table)
      : location_(std::move(location)),
        table_name_(std::move(table_name)),
        register_table_(std::move(register_table)) {}

  std::optional<int64_t> lastCommittedBatch(const std::string& app_id) const override {
    return delta::lastCommittedVersion(location_, app_id);
  }

  int64_t write(LogicalOperatorPtr plan, const ExecContext& exec, const SinkBatch& batch) override {
    std::vector<StructField> columns = outputColumns(*plan);
    delta::TableWriteOptions options;
    options.mode = delta::WriteMode::kAppend;
    options.app_id = batch.app_id;
    options.app_version = batch.batch_id;
    options.operation = "STREAMING UPDATE";
    if (!delta::tableExists(location_)) {
      delta::TableDefinition definition;
      definition.schema = columns;
      definition.name = table_name_;
      options.definition = std::move(definition);
    } else {
      plan = projectByName(std::move(plan), addMissingColumns(columns));
    }
    LogicalOperatorPtr optimized = optimizePlan(std::move(plan), exec);
    delta::TableWriteResult written =
        writeToTable(optimized.get(), exec, location_, std::move(options));
    if (register_table_) {
      register_table_();
      register_table_ = nullptr;
    }
    return written.num_rows;
  }

 private:
  //! The table's columns, after adding (a commit of its own) those of `columns` it lacks.
  std::vector<StructField> addMissingColumns(const std::vector<StructField>& columns) const {
    std::vector<StructField> table = delta::openSnapshot(location_).schema;
    std::vector<StructField> added;
    for (const StructField& column : columns) {
      bool known = std::any_of(table.begin(), table.end(), [&](const StructField& field) {
        return sameIdentifier(field.name, column.name);
      });
      if (!known)
        added.push_back(column);
    }
    if (!added.empty()) {
      delta::addColumns(location_, added);
      table.insert(table.end(), added.begin(), added.end());
    }
    return table;
  }

  std::string location_;
  std::string table_name_;
  std::function<void()> register_table_;
};

}  // namespace

std::unique_ptr<SinkDestination> openDeltaPathSink(std::string location) {
  return std::make_unique<DeltaSink>(std::move(location), std::string(), nullptr);
}

std::unique_ptr<SinkDestination> openDeltaTableSink(Catalog& catalog, const Sink& sink,
                                                    const QualifiedTableName& name) {
  if (std::optional<TableEntry> existing = catalog.findTable(name)) {
    if (existing->kind == TableKind::kView || !existing->pipeline_id.empty()) {
      throw Error(
          ErrorClass::NOT_SUPPORTED,
          fmt::format("The {} writes {}, which is {}; a sink's tableName names a table "
                      "outside every pipeline.",
                      sink.describe(), name.quoted(),
                      existing->kind == TableKind::kView
                          ? "a view"
                          : fmt::format("a {} of the pipeline {}", tableKindName(existing->kind),
                                        existing->pipeline_id)))
          .withLocation(sink.origin);
    }
    return std::make_unique<DeltaSink>(existing->location, name.table, nullptr);
  }
  std::string location = catalog.defaultLocation(name);
  // The table is registered once it exists: a batch that never comes leaves no empty entry.
  auto register_table = [&catalog, name, location] {
    if (!catalog.catalogExists(name.catalog))
      catalog.createCatalog(name.catalog);
    SchemaEntry schema;
    schema.catalog = name.catalog;
    schema.name = name.schema;
    catalog.createSchema(schema, /*if_not_exists=*/true);
    TableEntry entry;
    entry.name = name;
    entry.kind = TableKind::kManagedTable;
    entry.location = location;
    catalog.createTable(entry, /*replace=*/true);
  };
  // An update that died between its first commit and the registration left the table
  // unregistered: it is registered now, whether or not a batch comes.
  if (delta::tableExists(location)) {
    register_table();
    return std::make_unique<DeltaSink>(location, name.table, nullptr);
  }
  return std::make_unique<DeltaSink>(location, name.table, register_table);
}

}  // namespace sluice
