// src/session/create_table_statement.cpp
//
// CREATE TABLE in a query session: CREATE TABLE [IF NOT EXISTS] t (columns) [clauses] makes an
// empty Delta table, CREATE [OR REPLACE] TABLE t [clauses] AS query writes the query's rows
// into one (a replaced table keeps its folder and history: the new version overwrites every
// file and the schema). The table is a managed table at the catalog's default location.
//
// What only a pipeline runs (FLOW clauses, expectations) and the column and table features the
// writer does not implement yet (generated, identity and default columns, masks, keys, row
// filters, LOCATION, CLUSTER BY AUTO) are refused with NOT_SUPPORTED at their position.
#include <set>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "exec/table_sink.hpp"
#include "session/catalog_statements.hpp"
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
  if (spec.location)
    refuse(create, create.position, "LOCATION (an external table)");
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
  if (!as_select && spec.columns.empty()) {
    throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                "CREATE TABLE needs a column list or AS query to know its columns.")
        .withLocation(create.locate(create.position));
  }

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
  LogicalOperatorPtr query;
  delta::TableDefinition definition;
  BindContext bind_context = session.bindContext();
  if (as_select) {
    query = session.bindQuery(create, *create.flow.query);
    for (size_t column = 0; column < query->column_names.size(); ++column) {
      definition.schema.push_back(
          StructField{query->column_names[column], query->column_types[column], true, {}});
    }
  } else {
    definition.schema = declaredColumns(create);
  }
  checkDistinctColumns(definition.schema);
  definition.partition_columns = spelledAsFields(spec.partition_columns, definition.schema);
  if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kColumns) {
    definition.clustering_columns = spelledAsFields(spec.clustering->columns, definition.schema);
  }
  definition.properties = tableProperties(spec.properties);
  definition.description = spec.comment;

  TableEntry entry;
  entry.name = name;
  entry.kind = TableKind::kManagedTable;
  entry.location = existing ? existing->location : catalog.defaultLocation(name);
  entry.comment = spec.comment.value_or("");
  entry.properties = definition.properties;

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
  // Registered first: a crash before the commit leaves an entry that DROP TABLE removes,
  // never a folder no entry names.
  options.mode = delta::WriteMode::kCreate;
  catalog.createTable(entry, /*replace=*/false);
  try {
    writeToTable(query.get(), bind_context.exec, entry.location, std::move(options));
  } catch (...) {
    try {
      catalog.dropTable(name);
    } catch (const Error&) {
      // The write's error is the one to report.
    }
    throw;
  }
  return {};
}

}  // namespace sluice
