// src/session/catalog_statements.hpp
//
// The statements a query session runs against the catalog and its Delta tables: CREATE TABLE
// [AS query], DROP TABLE, CREATE / DROP SCHEMA, USE, SHOW TABLES / SCHEMAS / CATALOGS,
// DESCRIBE [TABLE | SCHEMA | HISTORY | DETAIL], VACUUM, OPTIMIZE, ALTER TABLE, SHOW
// TBLPROPERTIES / COLUMNS, and INSERT, DELETE and UPDATE, with Spark's and Databricks' output
// columns and error classes. They reach the session only through CatalogSession, so that
// session.cpp stays a dispatcher.
//
// Files: catalog_statements.cpp (dispatch, USE, SHOW, schemas, DROP TABLE, Delta targets),
// function_statements_show.cpp (SHOW FUNCTIONS, DESCRIBE FUNCTION),
// create_table_statement.cpp, describe_statements.cpp, table_maintenance_statements.cpp,
// insert_statement.cpp, delete_update_statements.cpp (with dml_target.*, which they share),
// alter_table_statement.cpp.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"
#include "session/session.hpp"
#include "sql/ast/catalog_statement.hpp"
#include "sql/ast/dml_statement.hpp"

namespace sluice {

//! The columns and rows of a query the session ran.
struct QueryOutput {
  std::vector<std::string> column_names;
  std::vector<DataType> column_types;
  std::vector<Batch> batches;
};

//! What the catalog statements need from the session that runs them.
class CatalogSession {
 public:
  virtual ~CatalogSession() = default;
  //! The catalog, opened (and the storage folder created) on first use.
  virtual Catalog& catalog() = 0;
  //! The catalog when it is open or its database exists; null otherwise (nothing is created).
  virtual Catalog* existingCatalog() = 0;
  //! The session's temporary views, keyed by lower-cased name.
  virtual const std::map<std::string, TemporaryView>& temporaryViews() const = 0;
  //! Drops a temporary view; false when there is none of that name.
  virtual bool dropTemporaryView(std::string_view name) = 0;
  //! The session's temporary SQL functions, by lower-cased name.
  virtual const std::map<std::string, SqlFunction>& temporaryFunctions() const = 0;
  //! The context to bind a query in (views, time zone).
  virtual BindContext bindContext() const = 0;
  //! Binds and runs `query` of `statement`.
  virtual QueryOutput executeQuery(const sql::Statement& statement, const sql::Query& query) = 0;
  //! Binds `query` of `statement` into a logical plan (to run it into a table).
  virtual LogicalOperatorPtr bindQuery(const sql::Statement& statement,
                                       const sql::Query& query) = 0;
  //! The value of a SET configuration key, if set.
  virtual std::optional<std::string> config(std::string_view key) const = 0;
  //! The session time zone, in which TIMESTAMP results are shown.
  virtual std::shared_ptr<const TimeZone> timeZone() const = 0;
};

//! True for the statement kinds runCatalogStatement runs; CREATE TABLE only for a managed
//! table (the pipeline kinds are refused by the session).
bool isCatalogStatement(const sql::Statement& statement);

//! Runs one catalog statement. Errors carry the statement's location unless they have one.
StatementResult runCatalogStatement(const sql::Statement& statement, CatalogSession& session);

// The runners, one per statement family; runCatalogStatement dispatches to them.
StatementResult runCreateTable(const sql::CreateTableStatement& statement, CatalogSession& session);
StatementResult runDescribeTable(const sql::DescribeTableStatement& statement,
                                 CatalogSession& session);
StatementResult runDescribeSchema(const sql::DescribeSchemaStatement& statement,
                                  CatalogSession& session);
StatementResult runDescribeHistory(const sql::DescribeHistoryStatement& statement,
                                   CatalogSession& session);
StatementResult runDescribeDetail(const sql::DescribeDetailStatement& statement,
                                  CatalogSession& session);
StatementResult runShowFunctions(const sql::ShowFunctionsStatement& statement,
                                 CatalogSession& session);
StatementResult runDescribeFunction(const sql::DescribeFunctionStatement& statement,
                                    CatalogSession& session);
StatementResult runVacuum(const sql::VacuumStatement& statement, CatalogSession& session);
StatementResult runOptimize(const sql::OptimizeStatement& statement, CatalogSession& session);
StatementResult runRestore(const sql::RestoreStatement& statement, CatalogSession& session);
StatementResult runInsert(const sql::InsertStatement& statement, CatalogSession& session);
StatementResult runDelete(const sql::DeleteStatement& statement, CatalogSession& session);
StatementResult runUpdate(const sql::UpdateStatement& statement, CatalogSession& session);
StatementResult runMerge(const sql::MergeStatement& statement, CatalogSession& session);
StatementResult runAlterTable(const sql::AlterTableStatement& statement, CatalogSession& session);
StatementResult runShowTblProperties(const sql::ShowTblPropertiesStatement& statement,
                                     CatalogSession& session);
StatementResult runShowColumns(const sql::ShowColumnsStatement& statement, CatalogSession& session);
//! A catalog view's query, bound for its column names and types.
LogicalOperatorPtr bindCatalogView(const TableEntry& entry, CatalogSession& session);

StatementResult runShowCreateTable(const sql::ShowCreateTableStatement& statement,
                                   CatalogSession& session);

//! DROP VIEW of a persistent view: drops it and returns true; false when the catalog has no
//! such table or view; EXPECT_VIEW_NOT_TABLE for a table.
bool dropCatalogView(const sql::DropViewStatement& statement, CatalogSession& session);

//! The Delta table a DESCRIBE HISTORY / DETAIL, VACUUM or OPTIMIZE acts on.
struct DeltaTarget {
  //! The table folder, absolute.
  std::string location;
  //! The catalog entry; empty when the statement named a path.
  std::optional<TableEntry> entry;
};

//! Resolves 'path', delta.`path` or a table name (TABLE_OR_VIEW_NOT_FOUND; a view is
//! EXPECT_TABLE_NOT_VIEW for `command`, e.g. "DESCRIBE HISTORY").
DeltaTarget resolveDeltaTarget(const sql::TableTarget& target, CatalogSession& session,
                               std::string_view command);

//! "file:" + the absolute, normalised path, as Delta prints table locations.
std::string fileUri(std::string_view path);

}  // namespace sluice
