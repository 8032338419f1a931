// src/catalog/catalog_entry.hpp
//
// What the catalog records: qualified table names (catalog.schema.table, lower-cased because
// Spark names are case-insensitive), the kinds of tables, and the entries for schemas and
// tables. The columns of a table are not here: its Delta log is their one source of truth.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "common/text/ascii_case.hpp"
#include "common/text/name_quoting.hpp"

namespace sluice {

struct QualifiedTableName {
  std::string catalog;
  std::string schema;
  std::string table;

  //! "spark_catalog.default.t".
  std::string toString() const;
  //! "`spark_catalog`.`default`.`t`", for messages.
  std::string quoted() const;

  bool operator==(const QualifiedTableName& other) const = default;
  bool operator<(const QualifiedTableName& other) const {
    return std::tie(catalog, schema, table) < std::tie(other.catalog, other.schema, other.table);
  }
};

enum class TableKind : uint8_t {
  kManagedTable,      // CREATE TABLE: a Delta table at its default location
  kStreamingTable,    // a pipeline's streaming table
  kMaterializedView,  // a pipeline's materialized view
  kView,              // a persistent view: view_text, no location
};

//! The kind as the catalog stores it and Databricks' information schema spells it: MANAGED,
//! STREAMING_TABLE, MATERIALIZED_VIEW, VIEW.
std::string_view tableKindName(TableKind kind);
//! The kind spelled by tableKindName, or nullopt.
std::optional<TableKind> parseTableKind(std::string_view name);

struct TableEntry {
  QualifiedTableName name;
  TableKind kind = TableKind::kManagedTable;
  //! The absolute path of the Delta table folder; empty for views.
  std::string location;
  //! The pipeline that owns the dataset; empty for tables made by a query session.
  std::string pipeline_id;
  std::string comment;
  //! TBLPROPERTIES as written.
  std::map<std::string, std::string> properties;
  //! The row filter (WITH ROW FILTER f ON (cols)) as the call that filters each row: the
  //! function's qualified name applied to the filter columns, `c`.`s`.`f`(`a`, `b`); empty
  //! when none.
  std::string row_filter;
  //! A view's query SQL.
  std::string view_text;
  int64_t created_at_ms = 0;
};

//! A persistent SQL function (CREATE FUNCTION), in a schema beside its tables.
struct FunctionEntry {
  //! catalog.schema.name, as a table's.
  QualifiedTableName name;
  //! The CREATE FUNCTION statement's SQL; its parameters, return type and body define the
  //! function (the statement's name and OR REPLACE / IF NOT EXISTS do not matter).
  std::string definition;
  //! The pipeline that defines it; empty for functions made by a query session.
  std::string pipeline_id;
  int64_t created_at_ms = 0;
};

struct SchemaEntry {
  std::string catalog;
  std::string name;
  std::string comment;
  //! WITH DBPROPERTIES as written.
  std::map<std::string, std::string> properties;
  int64_t created_at_ms = 0;
};

}  // namespace sluice
