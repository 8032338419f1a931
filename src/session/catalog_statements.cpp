// src/session/catalog_statements.cpp
//
// Dispatch of the catalog statements, and the small ones: USE, SHOW TABLES / SCHEMAS /
// CATALOGS, CREATE / DROP SCHEMA and DROP TABLE; plus the resolution of a Delta command's
// target.
#include "session/catalog_statements.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "catalog/delta_path_name.hpp"
#include "session/name_pattern.hpp"
#include "session/result_rows_builder.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> filterNames(std::vector<std::string> names,
                                     const std::optional<std::string>& pattern) {
  if (!pattern)
    return names;
  NamePattern matcher(*pattern);
  std::erase_if(names, [&](const std::string& name) { return !matcher.matches(name); });
  return names;
}

std::map<std::string, std::string> propertyMap(const std::vector<sql::Property>& properties,
                                               std::string_view clause) {
  std::map<std::string, std::string> map;
  for (const sql::Property& property : properties) {
    if (!property.value) {
      throwError(ErrorClass::INVALID_SQL_SYNTAX, "Values must be specified for key(s) of {}: [{}].",
                 clause, property.key);
    }
    map[property.key] = *property.value;
  }
  return map;
}

//! Deletes a dropped table's folder; the entry is already gone, so a failure only leaves
//! files behind, which the message names.
void deleteTableFolder(const TableEntry& entry, const Catalog& catalog) {
  if (entry.kind == TableKind::kView || entry.location.empty())
    return;
  // An external table (CREATE TABLE ... LOCATION) keeps its files, as in Spark.
  if (entry.location != catalog.defaultLocation(entry.name))
    return;
  std::error_code error;
  fs::remove_all(entry.location, error);
  if (error) {
    throwError(ErrorClass::IO_ERROR, "Dropped {} but could not delete its folder {}: {}",
               entry.name.quoted(), entry.location, error.message());
  }
}

StatementResult runUse(const sql::UseStatement& use, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  const std::vector<std::string>& name = use.name;
  switch (use.target) {
    case sql::UseStatement::Target::kCatalog:
      catalog.setCurrentCatalog(name[0]);
      return {};
    case sql::UseStatement::Target::kSchema: {
      auto [catalog_name, schema] = catalog.qualifySchema(name);
      catalog.setCurrentNamespace(catalog_name, schema);
      return {};
    }
    case sql::UseStatement::Target::kDefault:
      // Spark's CatalogAndNamespace: a first part naming a catalog switches to it.
      if (catalog.catalogExists(name[0])) {
        if (name.size() > 2)
          catalog.qualifySchema(name);  // refuses the extra parts
        catalog.setCurrentNamespace(name[0], name.size() == 2 ? name[1] : Catalog::kDefaultSchema);
        return {};
      }
      if (name.size() > 1)
        throw catalogNotFound(name[0]);
      catalog.setCurrentNamespace(catalog.currentCatalog(), name[0]);
      return {};
  }
  return {};
}

StatementResult runShowTables(const sql::ShowTablesStatement& show, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  auto [catalog_name, schema] = show.schema.empty()
                                    ? std::pair(catalog.currentCatalog(), catalog.currentSchema())
                                    : catalog.qualifySchema(show.schema);
  if (!catalog.findSchema(catalog_name, schema))
    throw schemaNotFound(catalog_name, schema);
  std::vector<std::string> tables;
  for (const TableEntry& entry : catalog.listTables(catalog_name, schema)) {
    tables.push_back(entry.name.table);
  }
  // Spark lists the session's temporary views whatever the schema, after the tables.
  std::vector<std::string> views;
  for (const auto& [name, view] : session.temporaryViews())
    views.push_back(name);
  ResultRowsBuilder rows({"namespace", "tableName", "isTemporary"},
                         {DataType::string(), DataType::string(), DataType::boolean()});
  for (const std::string& table : filterNames(std::move(tables), show.pattern)) {
    rows.addRow({Value::string(schema), Value::string(table), Value::boolean(false)});
  }
  for (const std::string& view : filterNames(std::move(views), show.pattern)) {
    rows.addRow({Value::string(""), Value::string(view), Value::boolean(true)});
  }
  return rows.finish();
}

StatementResult runShowSchemas(const sql::ShowSchemasStatement& show, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  std::string catalog_name = catalog.currentCatalog();
  if (!show.catalog.empty()) {
    if (show.catalog.size() > 1) {
      throwError(ErrorClass::NOT_SUPPORTED, "Nested namespaces are not supported: {}.",
                 quoteNameParts(show.catalog));
    }
    catalog_name = foldIdentifier(show.catalog[0]);
    if (!catalog.catalogExists(catalog_name))
      throw catalogNotFound(show.catalog[0]);
  }
  std::vector<std::string> names;
  for (const SchemaEntry& schema : catalog.listSchemas(catalog_name))
    names.push_back(schema.name);
  ResultRowsBuilder rows({"namespace"}, {DataType::string()});
  for (const std::string& name : filterNames(std::move(names), show.pattern)) {
    rows.addRow({Value::string(name)});
  }
  return rows.finish();
}

StatementResult runShowCatalogs(const sql::ShowCatalogsStatement& show, CatalogSession& session) {
  ResultRowsBuilder rows({"catalog"}, {DataType::string()});
  for (const std::string& name : filterNames(session.catalog().listCatalogs(), show.pattern)) {
    rows.addRow({Value::string(name)});
  }
  return rows.finish();
}

StatementResult runCreateSchema(const sql::CreateSchemaStatement& create, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  auto [catalog_name, schema] = catalog.qualifySchema(create.name);
  SchemaEntry entry;
  entry.catalog = catalog_name;
  entry.name = schema;
  entry.comment = create.comment.value_or("");
  entry.properties = propertyMap(create.properties, "WITH DBPROPERTIES");
  catalog.createSchema(entry, create.if_not_exists);
  return {};
}

StatementResult runDropSchema(const sql::DropSchemaStatement& drop, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  auto [catalog_name, schema] = catalog.qualifySchema(drop.name);
  if (drop.if_exists && !catalog.findSchema(catalog_name, schema))
    return {};
  for (const TableEntry& table : catalog.dropSchema(catalog_name, schema, drop.cascade)) {
    deleteTableFolder(table, catalog);
  }
  return {};
}

StatementResult runDropTable(const sql::DropTableStatement& drop, CatalogSession& session) {
  // DROP TABLE drops a temporary view too, as in Spark.
  if (drop.name.size() == 1 && session.dropTemporaryView(foldIdentifier(drop.name[0])))
    return {};
  Catalog& catalog = session.catalog();
  QualifiedTableName name = catalog.qualify(drop.name);
  std::optional<TableEntry> entry = catalog.findTable(name);
  if (!entry) {
    if (drop.if_exists)
      return {};
    throw tableOrViewNotFound(drop.name);
  }
  if (entry->kind == TableKind::kView) {
    throw Error(ErrorClass::EXPECT_TABLE_NOT_VIEW,
                fmt::format("'DROP TABLE' expects a table but {} is a view. Use DROP VIEW "
                            "instead.",
                            name.quoted()));
  }
  catalog.dropTable(name);
  deleteTableFolder(*entry, catalog);
  return {};
}

StatementResult dispatch(const sql::Statement& statement, CatalogSession& session) {
  switch (statement.kind()) {
    case sql::StatementKind::kCreateTable:
      return runCreateTable(statement.as<sql::CreateTableStatement>(), session);
    case sql::StatementKind::kUse:
      return runUse(statement.as<sql::UseStatement>(), session);
    case sql::StatementKind::kDropTable:
      return runDropTable(statement.as<sql::DropTableStatement>(), session);
    case sql::StatementKind::kCreateSchema:
      return runCreateSchema(statement.as<sql::CreateSchemaStatement>(), session);
    case sql::StatementKind::kDropSchema:
      return runDropSchema(statement.as<sql::DropSchemaStatement>(), session);
    case sql::StatementKind::kShowTables:
      return runShowTables(statement.as<sql::ShowTablesStatement>(), session);
    case sql::StatementKind::kShowSchemas:
      return runShowSchemas(statement.as<sql::ShowSchemasStatement>(), session);
    case sql::StatementKind::kShowCatalogs:
      return runShowCatalogs(statement.as<sql::ShowCatalogsStatement>(), session);
    case sql::StatementKind::kShowFunctions:
      return runShowFunctions(statement.as<sql::ShowFunctionsStatement>(), session);
    case sql::StatementKind::kDescribeFunction:
      return runDescribeFunction(statement.as<sql::DescribeFunctionStatement>(), session);
    case sql::StatementKind::kDescribeTable:
      return runDescribeTable(statement.as<sql::DescribeTableStatement>(), session);
    case sql::StatementKind::kDescribeSchema:
      return runDescribeSchema(statement.as<sql::DescribeSchemaStatement>(), session);
    case sql::StatementKind::kDescribeHistory:
      return runDescribeHistory(statement.as<sql::DescribeHistoryStatement>(), session);
    case sql::StatementKind::kDescribeDetail:
      return runDescribeDetail(statement.as<sql::DescribeDetailStatement>(), session);
    case sql::StatementKind::kVacuum:
      return runVacuum(statement.as<sql::VacuumStatement>(), session);
    case sql::StatementKind::kOptimize:
      return runOptimize(statement.as<sql::OptimizeStatement>(), session);
    case sql::StatementKind::kInsert:
      return runInsert(statement.as<sql::InsertStatement>(), session);
    case sql::StatementKind::kDelete:
      return runDelete(statement.as<sql::DeleteStatement>(), session);
    case sql::StatementKind::kUpdate:
      return runUpdate(statement.as<sql::UpdateStatement>(), session);
    case sql::StatementKind::kMerge:
      return runMerge(statement.as<sql::MergeStatement>(), session);
    case sql::StatementKind::kAlterTable:
      return runAlterTable(statement.as<sql::AlterTableStatement>(), session);
    case sql::StatementKind::kShowTblProperties:
      return runShowTblProperties(statement.as<sql::ShowTblPropertiesStatement>(), session);
    case sql::StatementKind::kShowColumns:
      return runShowColumns(statement.as<sql::ShowColumnsStatement>(), session);
    case sql::StatementKind::kShowCreateTable:
      return runShowCreateTable(statement.as<sql::ShowCreateTableStatement>(), session);
    case sql::StatementKind::kRestore:
      return runRestore(statement.as<sql::RestoreStatement>(), session);
    default:
      SLUICE_UNREACHABLE("not a catalog statement");
  }
}

}  // namespace

bool isCatalogStatement(const sql::Statement& statement) {
  switch (statement.kind()) {
    case sql::StatementKind::kCreateTable:
      return statement.as<sql::CreateTableStatement>().table_kind == sql::TableKind::kManagedTable;
    case sql::StatementKind::kUse:
    case sql::StatementKind::kDropTable:
    case sql::StatementKind::kCreateSchema:
    case sql::StatementKind::kDropSchema:
    case sql::StatementKind::kShowTables:
    case sql::StatementKind::kShowSchemas:
    case sql::StatementKind::kShowCatalogs:
    case sql::StatementKind::kShowFunctions:
    case sql::StatementKind::kDescribeFunction:
    case sql::StatementKind::kDescribeTable:
    case sql::StatementKind::kDescribeSchema:
    case sql::StatementKind::kDescribeHistory:
    case sql::StatementKind::kDescribeDetail:
    case sql::StatementKind::kVacuum:
    case sql::StatementKind::kOptimize:
    case sql::StatementKind::kInsert:
    case sql::StatementKind::kDelete:
    case sql::StatementKind::kUpdate:
    case sql::StatementKind::kMerge:
    case sql::StatementKind::kAlterTable:
    case sql::StatementKind::kShowTblProperties:
    case sql::StatementKind::kShowColumns:
    case sql::StatementKind::kShowCreateTable:
    case sql::StatementKind::kRestore:
      return true;
    default:
      return false;
  }
}

StatementResult runCatalogStatement(const sql::Statement& statement, CatalogSession& session) {
  try {
    return dispatch(statement, session);
  } catch (Error& error) {
    error.withLocation(statement.locate(statement.position));
    throw;
  }
}

bool dropCatalogView(const sql::DropViewStatement& statement, CatalogSession& session) {
  Catalog* catalog = session.existingCatalog();
  if (catalog == nullptr)
    return false;
  QualifiedTableName name = catalog->qualify(statement.name);
  std::optional<TableEntry> entry = catalog->findTable(name);
  if (!entry)
    return false;
  if (entry->kind != TableKind::kView) {
    throw Error(ErrorClass::EXPECT_VIEW_NOT_TABLE,
                fmt::format("'DROP VIEW' expects a view but {} is a table. Use DROP TABLE "
                            "instead.",
                            name.quoted()))
        .withLocation(statement.locate(statement.position));
  }
  catalog->dropTable(name);
  return true;
}

std::string fileUri(std::string_view path) {
  std::error_code error;
  fs::path absolute = fs::absolute(fs::path(path), error);
  std::string text = (error ? fs::path(path) : absolute).lexically_normal().string();
  if (text.size() > 1 && text.back() == '/')
    text.pop_back();
  return "file:" + text;
}

DeltaTarget resolveDeltaTarget(const sql::TableTarget& target, CatalogSession& session,
                               std::string_view command) {
  if (target.path)
    return {localTablePath(*target.path), std::nullopt};
  const std::vector<std::string>& name = target.name;
  if (std::optional<std::string> path = deltaPathOf(name))
    return {std::move(*path), std::nullopt};
  if (name.size() == 1 && session.temporaryViews().count(foldIdentifier(name[0]))) {
    throw Error(
        ErrorClass::EXPECT_TABLE_NOT_VIEW,
        fmt::format("'{}' expects a table but {} is a view.", command, quoteNameParts(name)));
  }
  Catalog& catalog = session.catalog();
  QualifiedTableName qualified = catalog.qualify(name);
  std::optional<TableEntry> entry = catalog.findTable(qualified);
  if (!entry)
    throw tableOrViewNotFound(name);
  if (entry->kind == TableKind::kView) {
    throw Error(ErrorClass::EXPECT_TABLE_NOT_VIEW,
                fmt::format("'{}' expects a table but {} is a view.", command, qualified.quoted()));
  }
  return {entry->location, std::move(entry)};
}

}  // namespace sluice
