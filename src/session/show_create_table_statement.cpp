// src/session/show_create_table_statement.cpp
//
// SHOW CREATE TABLE t -> one row, createtab_stmt: the statement that creates the table as it
// is now, in Spark's layout (ShowCreateTableExec for a Delta table, the v1 command for a view):
//   CREATE TABLE spark_catalog.default.t (
//     id INT NOT NULL,
//     name STRING COMMENT 'x')
//   USING delta
//   PARTITIONED BY (day)          or CLUSTER BY (a)
//   COMMENT '...'
//   LOCATION 'file:/...'          only for a table registered at a location of its own
//   TBLPROPERTIES (
//     'delta.minReaderVersion' = '1',
//     'delta.minWriterVersion' = '2')
// A view: CREATE VIEW default.v (\n  a,\n  b)\n[COMMENT ...]\n[TBLPROPERTIES (...)]\nAS query.
// Names are quoted only where they need it; every clause ends with a line break, as Spark's.
#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "session/catalog_statements.hpp"
#include "session/result_rows_builder.hpp"
#include "sql/printer_core.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! Spark's escapeSingleQuotedString: backslashes and single quotes escaped.
std::string singleQuoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\\' || c == '\'')
      out += '\\';
    out += c;
  }
  return out + "'";
}

std::string nameIfNeeded(const std::string& name) {
  return sql::isPlainWord(name) ? name : quoteName(name);
}

//! Spark's concatByMultiLines: "(\n  a,\n  b)\n".
std::string multiLineList(const std::vector<std::string>& items) {
  std::string out = "(\n  ";
  for (size_t index = 0; index < items.size(); ++index) {
    if (index > 0)
      out += ",\n  ";
    out += items[index];
  }
  return out + ")\n";
}

std::string propertyClause(const std::map<std::string, std::string>& properties) {
  if (properties.empty())
    return "";
  std::vector<std::string> items;
  for (const auto& [key, value] : properties)
    items.push_back(singleQuoted(key) + " = " + singleQuoted(value));
  return "TBLPROPERTIES " + multiLineList(items);
}

std::string columnList(const std::vector<std::string>& columns) {
  std::string out = "(";
  for (size_t index = 0; index < columns.size(); ++index)
    out += (index > 0 ? ", " : "") + nameIfNeeded(columns[index]);
  return out + ")";
}

std::string createTable(const TableEntry& entry, CatalogSession& session) {
  delta::Snapshot snapshot = delta::openSnapshot(entry.location);
  std::string out = fmt::format("CREATE TABLE {}.{}.{} ", nameIfNeeded(entry.name.catalog),
                                nameIfNeeded(entry.name.schema), nameIfNeeded(entry.name.table));
  std::vector<std::string> columns;
  for (const StructField& field : snapshot.schema) {
    std::string column = nameIfNeeded(field.name) + " " + field.type.sql();
    if (!field.nullable)
      column += " NOT NULL";
    if (!field.comment.empty())
      column += " COMMENT " + singleQuoted(field.comment);
    columns.push_back(std::move(column));
  }
  out += multiLineList(columns);
  out += "USING delta\n";
  if (!snapshot.metadata.partition_columns.empty())
    out += "PARTITIONED BY " + columnList(snapshot.metadata.partition_columns) + "\n";
  std::vector<std::string> clustering = snapshot.clusteringColumns();
  if (!clustering.empty())
    out += "CLUSTER BY " + columnList(clustering) + "\n";
  if (snapshot.metadata.description && !snapshot.metadata.description->empty())
    out += "COMMENT " + singleQuoted(*snapshot.metadata.description) + "\n";
  // A managed table's folder follows from its name; only a table of its own location shows it.
  if (entry.location != session.catalog().defaultLocation(entry.name))
    out += "LOCATION " + singleQuoted(fileUri(entry.location)) + "\n";
  out += propertyClause(delta::listedProperties(snapshot.protocol, snapshot.metadata));
  return out;
}

std::string createView(const TableEntry& entry, CatalogSession& session) {
  LogicalOperatorPtr plan = bindCatalogView(entry, session);
  std::string name = entry.name.catalog == "spark_catalog"
                         ? nameIfNeeded(entry.name.schema)
                         : nameIfNeeded(entry.name.catalog) + "." + nameIfNeeded(entry.name.schema);
  std::string out = fmt::format("CREATE VIEW {}.{} ", name, nameIfNeeded(entry.name.table));
  std::vector<std::string> columns;
  for (const std::string& column : plan->column_names)
    columns.push_back(nameIfNeeded(column));
  out += multiLineList(columns);
  if (!entry.comment.empty())
    out += "COMMENT " + singleQuoted(entry.comment) + "\n";
  out += propertyClause(entry.properties);
  return out + "AS " + entry.view_text + "\n";
}

}  // namespace

StatementResult runShowCreateTable(const sql::ShowCreateTableStatement& show,
                                   CatalogSession& session) {
  if (show.name.size() == 1 && session.temporaryViews().count(foldIdentifier(show.name[0])) != 0) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "SHOW CREATE TABLE is not supported on a temporary view: {}.",
               quoteName(show.name[0]));
  }
  Catalog& catalog = session.catalog();
  std::optional<TableEntry> entry = catalog.findTable(catalog.qualify(show.name));
  if (!entry)
    throw tableOrViewNotFound(show.name);
  std::string statement =
      entry->kind == TableKind::kView ? createView(*entry, session) : createTable(*entry, session);
  ResultRowsBuilder rows({"createtab_stmt"}, {DataType::string()});
  rows.addRow({Value::string(std::move(statement))});
  return rows.finish();
}

}  // namespace sluice
