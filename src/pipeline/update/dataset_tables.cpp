// src/pipeline/update/dataset_tables.cpp
#include "pipeline/update/dataset_tables.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/binder/row_filter.hpp"
#include "sql/printer.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/table_reader.hpp"
#include "storage/delta/type_widening.hpp"

namespace sluice {

namespace fs = std::filesystem;

DatasetTables::DatasetTables(Catalog& catalog, std::string spec_root, std::string pipeline_id)
    : catalog_(catalog), spec_root_(std::move(spec_root)), pipeline_id_(std::move(pipeline_id)) {}

std::string DatasetTables::locationOf(const Dataset& dataset) const {
  if (dataset.spec != nullptr && dataset.spec->location) {
    std::string path = *dataset.spec->location;
    if (path.rfind("file://", 0) == 0)
      path = path.substr(7);
    else if (path.rfind("file:", 0) == 0)
      path = path.substr(5);
    fs::path resolved = fs::path(path).is_absolute() ? fs::path(path) : fs::path(spec_root_) / path;
    return resolved.lexically_normal().string();
  }
  return catalog_.defaultLocation(dataset.name);
}

TableKind DatasetTables::catalogKind(DatasetKind kind) {
  switch (kind) {
    case DatasetKind::kStreamingTable:
      return TableKind::kStreamingTable;
    case DatasetKind::kMaterializedView:
      return TableKind::kMaterializedView;
    case DatasetKind::kManagedTable:
      return TableKind::kManagedTable;
    case DatasetKind::kView:
    case DatasetKind::kTemporaryView:
      return TableKind::kView;
  }
  return TableKind::kManagedTable;
}

void checkTableOwnership(const Catalog& catalog, const Dataset& dataset,
                         const std::string& pipeline_id) {
  std::optional<TableEntry> existing = catalog.findTable(dataset.name);
  if (!existing)
    return;
  if (existing->pipeline_id != pipeline_id) {
    throw Error(
        ErrorClass::TABLE_OR_VIEW_ALREADY_EXISTS,
        fmt::format("Cannot create the {}: the catalog already holds {} {}{}. Drop it or "
                    "give the dataset another name.",
                    dataset.describe(), tableKindName(existing->kind), existing->name.quoted(),
                    existing->pipeline_id.empty()
                        ? ""
                        : fmt::format(", owned by pipeline {}", existing->pipeline_id)))
        .withLocation(dataset.origin);
  }
  TableKind kind = DatasetTables::catalogKind(dataset.kind);
  if (existing->kind == TableKind::kStreamingTable && kind == TableKind::kManagedTable) {
    throw Error(ErrorClass::CANNOT_SWITCH_STREAMING_TABLE_TO_MANAGED_TABLE,
                fmt::format("The table {} is a streaming table of this pipeline; it cannot become "
                            "a managed table (CREATE TABLE). Keep it a streaming table, or drop "
                            "it first.",
                            dataset.name.quoted()))
        .withLocation(dataset.origin);
  }
  if (existing->kind == TableKind::kManagedTable && kind == TableKind::kStreamingTable) {
    throw Error(ErrorClass::CANNOT_SWITCH_MANAGED_TABLE_TO_STREAMING_TABLE,
                fmt::format("The table {} is a managed table of this pipeline; it cannot become "
                            "a streaming table. Keep it a table (CREATE TABLE), or drop it first.",
                            dataset.name.quoted()))
        .withLocation(dataset.origin);
  }
}

delta::TableDefinition DatasetTables::definitionOf(const Dataset& dataset,
                                                   const std::vector<StructField>& schema) const {
  delta::TableDefinition definition;
  definition.schema = schema;
  definition.name = dataset.name.table;
  if (dataset.spec != nullptr) {
    const sql::TableSpec& spec = *dataset.spec;
    definition.partition_columns = spelledAsFields(spec.partition_columns, schema);
    if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kColumns)
      definition.clustering_columns = spelledAsFields(spec.clustering->columns, schema);
    for (const sql::Property& property : spec.properties) {
      if (property.value)
        definition.properties[property.key] = *property.value;
    }
    definition.description = spec.comment;
  }
  return definition;
}

void DatasetTables::ensureTable(const Dataset& dataset, const std::vector<StructField>& schema) {
  std::string location = locationOf(dataset);
  if (!delta::tableExists(location)) {
    delta::TableWriteOptions options;
    options.mode = delta::WriteMode::kCreate;
    options.definition = definitionOf(dataset, schema);
    options.operation = dataset.kind == DatasetKind::kStreamingTable ? "CREATE STREAMING TABLE"
                        : dataset.kind == DatasetKind::kMaterializedView
                            ? "CREATE MATERIALIZED VIEW"
                            : "CREATE TABLE";
    delta::DeltaTableWriter writer(location, std::move(options));
    writer.commit();
  }
  publish(dataset);
}

std::vector<StructField> DatasetTables::evolveSchema(const Dataset& dataset,
                                                     const std::vector<StructField>& schema) {
  std::string location = locationOf(dataset);
  std::vector<StructField> table = delta::openSnapshot(location).schema;
  std::vector<StructField> added;
  std::vector<StructField> widen;
  for (const StructField& column : schema) {
    auto existing = std::find_if(table.begin(), table.end(), [&](const StructField& field) {
      return sameIdentifier(field.name, column.name);
    });
    if (existing == table.end()) {
      added.push_back(column);
      continue;
    }
    if (existing->type.sameStructure(column.type))
      continue;
    // The table's column widens when Delta's type widening allows it (the files written
    // before are converted as they are read).
    if (delta::isSupportedTypeChange(existing->type, column.type)) {
      StructField widened = *existing;
      widened.type = column.type;
      widen.push_back(widened);
      existing->type = column.type;
      continue;
    }
    // The table keeps its type when it holds every value of the new one: a narrower number,
    // or NULLs only.
    std::optional<DataType> wider = findWiderType(existing->type, column.type);
    bool holds = column.type.isVoid() || (column.type.isNumeric() && existing->type.isNumeric() &&
                                          wider && wider->sameStructure(existing->type));
    if (!holds) {
      throw Error(ErrorClass::DELTA_FAILED_TO_MERGE_FIELDS,
                  fmt::format("Failed to merge fields {}: the {} holds it as {}, the flow now "
                              "gives {}. A full refresh of the table (sluice run --full-refresh "
                              "{}) rewrites it with the new type.",
                              quoteName(column.name), dataset.describe(), existing->type.sql(),
                              column.type.sql(), dataset.name.table))
          .withLocation(dataset.origin);
    }
  }
  delta::widenColumns(location, widen);
  delta::addColumns(location, added);
  table.insert(table.end(), added.begin(), added.end());
  return table;
}

void DatasetTables::truncate(const Dataset& dataset, const std::vector<StructField>& schema) {
  delta::TableWriteOptions options;
  options.mode = delta::WriteMode::kOverwrite;
  options.definition = definitionOf(dataset, schema);
  options.operation = "TRUNCATE";
  delta::DeltaTableWriter writer(locationOf(dataset), std::move(options));
  writer.commit();
}

void DatasetTables::publish(const Dataset& dataset) const {
  if (dataset.is_private || dataset.kind == DatasetKind::kTemporaryView)
    return;
  TableEntry entry;
  entry.name = dataset.name;
  entry.kind = catalogKind(dataset.kind);
  entry.pipeline_id = pipeline_id_;
  entry.comment = dataset.comment.value_or("");
  if (dataset.kind == DatasetKind::kView) {
    entry.view_text = sql::printQuery(*dataset.view_query);
  } else {
    entry.location = locationOf(dataset);
    if (dataset.spec != nullptr) {
      for (const sql::Property& property : dataset.spec->properties) {
        if (property.value)
          entry.properties[property.key] = *property.value;
      }
      if (dataset.spec->row_filter) {
        const sql::RowFilter& filter = *dataset.spec->row_filter;
        entry.row_filter = rowFilterText(
            qualifyTableName(filter.function, dataset.context.catalog, dataset.context.schema),
            filter.columns);
      }
    }
  }
  if (!catalog_.findSchema(dataset.name.catalog, dataset.name.schema)) {
    if (!catalog_.catalogExists(dataset.name.catalog))
      catalog_.createCatalog(dataset.name.catalog);
    SchemaEntry schema;
    schema.catalog = dataset.name.catalog;
    schema.name = dataset.name.schema;
    catalog_.createSchema(schema, /*if_not_exists=*/true);
  }
  catalog_.createTable(entry, /*replace=*/true);
}

}  // namespace sluice
