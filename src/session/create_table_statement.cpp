// src/session/create_table_statement.cpp
//
// CREATE TABLE in a query session: CREATE TABLE [IF NOT EXISTS] t (columns) [clauses] makes an
// empty Delta table, CREATE [OR REPLACE] TABLE t [clauses] AS query writes the query's rows
// into one (a replaced table keeps its folder and history: the new version overwrites every
// file and the schema). The table is a managed table at the catalog's default location.
//
// What only a pipeline runs (FLOW clauses, expectations) and the column and table features the
// writer does not implement yet (generated, identity and default columns, masks, keys, row
// filters, CLUSTER BY AUTO) are refused with NOT_SUPPORTED at their position.
//
// CREATE TABLE t [(columns)] [USING DELTA] LOCATION '/path' makes an external table: it
// registers the Delta table already at that path (its columns from the log; columns written
// must be the same), or creates one there when the folder holds none. DROP TABLE leaves an
// external table's files in place.
//
// CREATE TABLE delta.`/path` ... creates (or, with OR REPLACE, replaces) the Delta table at the
// path without registering it in the catalog.
#include <set>
#include <utility>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "catalog/delta_path_name.hpp"
#include "common/types/type_contents.hpp"
#include "exec/table_sink.hpp"
#include "session/catalog_statements.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

namespace {

[[noreturn]] void refuse(const sql::Statement& statement, sql::SourcePosition at,
                         std::string_view what) {
  throw Error(ErrorClass::NOT_SUPPORTED,
              fmt::format("{} is not supported by CREATE TABLE in a query session.", what))
      .withLocation(statement.locate(at));
}

//! Refuses the parts of a CREATE TABLE that a query session does not run.
void checkSessionTable(const sql::CreateTableStatement& create) {
  const sql::TableSpec& spec = create.spec;
  if (create.flow.kind == sql::FlowSpec::Kind::kInsert ||
      create.flow.kind == sql::FlowSpec::Kind::kAutoCdc) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                "CREATE TABLE ... FLOW runs as part of a pipeline, not in a query session.")
        .withLocation(create.locate(create.flow.position));
  }
  if (!spec.expectations.empty()) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                "Expectations (CONSTRAINT ... EXPECT) run as part of a pipeline, not in a query "
                "session.")
        .withLocation(create.locate(spec.expectations[0].position));
  }
  for (const sql::ColumnSpec& column : spec.columns) {
    if (column.generated) {
      refuse(create, column.position, "A generated column (GENERATED ALWAYS AS)");
    }
    if (column.identity)
      refuse(create, column.position, "An identity column");
    if (column.default_value)
      refuse(create, column.position, "A column DEFAULT");
    if (!column.mask.empty())
      refuse(create, column.position, "A column MASK");
    if (column.key)
      refuse(create, column.position, "A PRIMARY KEY or FOREIGN KEY constraint");
  }
  if (!spec.keys.empty()) {
    refuse(create, spec.keys[0].position, "A PRIMARY KEY or FOREIGN KEY constraint");
  }
  if (spec.row_filter)
    refuse(create, spec.row_filter->position, "WITH ROW FILTER");
  if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kAuto) {
    refuse(create, spec.clustering->position, "CLUSTER BY AUTO");
  }
  if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kColumns &&
      !spec.partition_columns.empty()) {
    throw Error(ErrorClass::SPECIFY_CLUSTER_BY_WITH_PARTITIONED_BY_IS_NOT_ALLOWED,
                "Cannot specify both CLUSTER BY and PARTITIONED BY.")
        .withLocation(create.locate(spec.clustering->position));
  }
}

//! The columns of CREATE TABLE t (a INT NOT NULL COMMENT 'x', ...).
std::vector<StructField> declaredColumns(const sql::CreateTableStatement& create) {
  std::vector<StructField> fields;
  for (const sql::ColumnSpec& column : create.spec.columns) {
    if (!column.type) {
      throw Error(
          ErrorClass::INVALID_SQL_SYNTAX,
          fmt::format("The column {} of CREATE TABLE needs a data type.", quoteName(column.name)))
          .withLocation(create.locate(column.position));
    }
    fields.push_back(
        StructField{column.name, *column.type, !column.not_null, column.comment.value_or("")});
  }
  return fields;
}

//! Spark refuses two columns whose names differ only in case.
void checkDistinctColumns(const std::vector<StructField>& fields) {
  std::set<std::string> seen;
  for (const StructField& field : fields) {
    if (!seen.insert(foldIdentifier(field.name)).second) {
      throwError(ErrorClass::COLUMN_ALREADY_EXISTS,
                 "The column {} already exists. Choose another name or rename the existing "
                 "column.",
                 quoteName(field.name));
    }
  }
}

std::map<std::string, std::string> tableProperties(const std::vector<sql::Property>& properties) {
  std::map<std::string, std::string> map;
  for (const sql::Property& property : properties) {
    if (!property.value) {
      throwError(ErrorClass::INVALID_SQL_SYNTAX, "Values must be specified for key(s): [{}].",
                 property.key);
    }
    map[property.key] = *property.value;
  }
  return map;
}

//! Whether two column lists agree on names (case-insensitively), types and order.
bool sameColumns(const std::vector<StructField>& declared, const std::vector<StructField>& logged) {
  if (declared.size() != logged.size())
    return false;
  for (size_t column = 0; column < declared.size(); ++column) {
    if (foldIdentifier(declared[column].name) != foldIdentifier(logged[column].name) ||
        !(declared[column].type == logged[column].type)) {
      return false;
    }
  }
  return true;
}

std::string columnsText(const std::vector<StructField>& fields) {
  std::string text;
  for (const StructField& field : fields) {
    if (!text.empty())
      text += ", ";
    text += fmt::format("{} {}", quoteName(field.name), field.type.sql());
  }
  return text;
}

//! CREATE TABLE ... LOCATION: registers the Delta table at the path, or creates one there.
StatementResult createExternalTable(const sql::CreateTableStatement& create, TableEntry entry,
                                    CatalogSession& session) {
  if (create.or_replace)
    refuse(create, create.position, "CREATE OR REPLACE TABLE with LOCATION");
  if (create.flow.kind == sql::FlowSpec::Kind::kQuery)
    refuse(create, create.position, "CREATE TABLE ... LOCATION ... AS query");
  entry.location = localTablePath(*create.spec.location);
  std::vector<StructField> declared = declaredColumns(create);
  if (!delta::hasCommits(entry.location)) {
    if (declared.empty()) {
      throw Error(ErrorClass::DELTA_CREATE_EXTERNAL_TABLE_WITHOUT_SCHEMA,
                  fmt::format("You are trying to create an external table {} from `{}` using "
                              "Delta, but the schema is not specified when the input path is "
                              "empty.",
                              entry.name.quoted(), entry.location));
    }
    checkDistinctColumns(declared);
    delta::TableWriteOptions options;
    options.mode = delta::WriteMode::kCreate;
    options.operation = "CREATE TABLE";
    delta::TableDefinition& definition = options.definition.emplace();
    definition.schema = declared;
    definition.partition_columns = spelledAsFields(create.spec.partition_columns, declared);
    if (create.spec.clustering && create.spec.clustering->kind == sql::Clustering::Kind::kColumns) {
      definition.clustering_columns = spelledAsFields(create.spec.clustering->columns, declared);
    }
    definition.properties = entry.properties;
    definition.description = create.spec.comment;
    writeToTable(nullptr, session.bindContext().exec, entry.location, std::move(options));
    session.catalog().createTable(entry, /*replace=*/false);
    return {};
  }
  delta::Snapshot snapshot = delta::openSnapshot(entry.location);
  if (!declared.empty() && !sameColumns(declared, snapshot.schema)) {
    throw Error(ErrorClass::DELTA_CREATE_TABLE_SCHEME_MISMATCH,
                fmt::format("The specified schema does not match the existing schema at {}.\n"
                            "== Specified ==\n{}\n== Existing ==\n{}",
                            entry.location, columnsText(declared), columnsText(snapshot.schema)));
  }
  if (entry.comment.empty())
    entry.comment = snapshot.metadata.description.value_or("");
  session.catalog().createTable(entry, /*replace=*/false);
  return {};
}

//! What a CREATE TABLE writes: its query (AS SELECT, bound), or none, and the table's
//! definition from the columns, clauses and TBLPROPERTIES.
std::pair<LogicalOperatorPtr, delta::TableDefinition> defineTable(
    const sql::CreateTableStatement& create, CatalogSession& session) {
  const sql::TableSpec& spec = create.spec;
  LogicalOperatorPtr query;
  delta::TableDefinition definition;
  if (create.flow.kind == sql::FlowSpec::Kind::kQuery) {
    query = session.bindQuery(create, *create.flow.query);
    for (size_t column = 0; column < query->column_names.size(); ++column) {
      definition.schema.push_back(
          StructField{query->column_names[column], query->column_types[column], true, {}});
    }
    requireDeterminateCollations(definition.schema);
  } else {
    definition.schema = declaredColumns(create);
  }
  checkDistinctColumns(definition.schema);
  definition.partition_columns = spelledAsFields(spec.partition_columns, definition.schema);
  if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kColumns) {
    definition.clustering_columns = spelledAsFields(spec.clustering->columns, definition.schema);
  }
  // Validated and spelled as Delta spells them (the writer checks them again for every
  // table it creates).
  definition.properties = delta::validateTableProperties(tableProperties(spec.properties));
  definition.description = spec.comment;
  return {std::move(query), std::move(definition)};
}

//! CREATE [OR REPLACE] TABLE [IF NOT EXISTS] delta.`/path` ...: the table at the path, with no
//! catalog entry, as Delta creates path tables. An existing table is replaced only by OR
//! REPLACE.
StatementResult createPathTable(const sql::CreateTableStatement& create, const std::string& path,
                                CatalogSession& session) {
  if (create.spec.location && localTablePath(*create.spec.location) != path) {
    throw Error(ErrorClass::DELTA_CREATE_TABLE_IDENTIFIER_LOCATION_MISMATCH,
                fmt::format("Creating path-based Delta table with a different location isn't "
                            "supported. Identifier: delta.`{}`, Location: {}",
                            path, *create.spec.location))
        .withLocation(create.locate(create.position));
  }
  bool exists = delta::hasCommits(path);
  if (exists && !create.or_replace) {
    if (create.if_not_exists)
      return {};
    throw tableOrViewAlreadyExists({"delta", path});
  }
  auto [query, definition] = defineTable(create, session);
  delta::TableWriteOptions options;
  options.definition = std::move(definition);
  std::string operation = exists ? "CREATE OR REPLACE TABLE" : "CREATE TABLE";
  options.operation = query ? operation + " AS SELECT" : operation;
  options.mode = exists ? delta::WriteMode::kOverwrite : delta::WriteMode::kCreate;
  writeToTable(query.get(), session.bindContext().exec, path, std::move(options));
  return {};
}

}  // namespace

StatementResult runCreateTable(const sql::CreateTableStatement& create, CatalogSession& session) {
  checkSessionTable(create);
  bool as_select = create.flow.kind == sql::FlowSpec::Kind::kQuery;
  const sql::TableSpec& spec = create.spec;
  if (as_select && spec.has_column_list) {
    throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                "Operation not allowed: Schema may not be specified in a Create Table As Select "
                "(CTAS) statement.")
        .withLocation(create.locate(create.position));
  }
  if (!as_select && spec.columns.empty() && !spec.location) {
    throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                "CREATE TABLE needs a column list or AS query to know its columns.")
        .withLocation(create.locate(create.position));
  }

  if (std::optional<std::string> path = deltaPathOf(create.name))
    return createPathTable(create, *path, session);

  Catalog& catalog = session.catalog();
  QualifiedTableName name = catalog.qualify(create.name);
  std::vector<std::string> parts = {name.catalog, name.schema, name.table};
  std::optional<TableEntry> existing = catalog.findTable(name);
  if (existing && !create.or_replace) {
    if (create.if_not_exists)
      return {};
    throw tableOrViewAlreadyExists(parts);
  }
  if (existing && existing->kind != TableKind::kManagedTable) {
    throw Error(existing->kind == TableKind::kView ? ErrorClass::EXPECT_TABLE_NOT_VIEW
                                                   : ErrorClass::NOT_SUPPORTED,
                fmt::format("'CREATE OR REPLACE TABLE' replaces managed tables only, and {} is "
                            "a {}.",
                            name.quoted(), tableKindName(existing->kind)));
  }
  if (!catalog.findSchema(name.catalog, name.schema)) {
    throw schemaNotFound(name.catalog, name.schema);
  }

  // The query is bound before anything is created; it runs into the table's files, and a
  // failing query removes what it wrote.
  auto [query, definition] = defineTable(create, session);
  BindContext bind_context = session.bindContext();

  TableEntry entry;
  entry.name = name;
  entry.kind = TableKind::kManagedTable;
  entry.location = existing ? existing->location : catalog.defaultLocation(name);
  entry.comment = spec.comment.value_or("");
  entry.properties = definition.properties;
  if (spec.location)
    return createExternalTable(create, std::move(entry), session);

  delta::TableWriteOptions options;
  options.definition = std::move(definition);
  std::string operation = existing ? "CREATE OR REPLACE TABLE" : "CREATE TABLE";
  options.operation = as_select ? operation + " AS SELECT" : operation;
  if (existing) {
    options.mode = delta::WriteMode::kOverwrite;
    writeToTable(query.get(), bind_context.exec, entry.location, std::move(options));
    catalog.createTable(entry, /*replace=*/true);
    return {};
  }
  // Registered first, under the creation lock: a process killed before the commit leaves an
  // entry that the catalog's next open removes, never a folder that no entry names.
  options.mode = delta::WriteMode::kCreate;
  FileLock creating = catalog.lockTableCreation(name, entry.location);
  try {
    catalog.createTable(entry, /*replace=*/false);
  } catch (...) {
    // Another process took the name meanwhile: the folder may be its table's.
    Catalog::finishTableCreation(entry.location, std::move(creating));
    throw;
  }
  try {
    writeToTable(query.get(), bind_context.exec, entry.location, std::move(options));
  } catch (...) {
    // The write's error is the one to report.
    catalog.abandonTableCreation(name, entry.location);
    throw;
  }
  Catalog::finishTableCreation(entry.location, std::move(creating));
  return {};
}

}  // namespace sluice
