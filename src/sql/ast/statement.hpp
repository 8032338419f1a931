// src/sql/ast/statement.hpp
//
// The statements of the SQL AST. Each statement keeps the SourceText it was parsed from and
// its byte range there, so that later stages can quote it in errors. Pipeline statements
// (CREATE STREAMING TABLE, CREATE FLOW, ...) are further kinds of the same base; their parts
// live in sql/ast/table_spec.hpp.
//
// Constructs that parse but that sluice will not run (SCHEDULE, TRIGGER ON UPDATE, REFRESH
// POLICY, REPLACE WHERE and REPLACE USING flows, USING formats other than DELTA, ...) never
// reach the AST: the parser checks their syntax, then raises NOT_SUPPORTED naming them at their
// first token, as it does for unsupported query syntax. Every node here is therefore something
// the pipeline layer must handle.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sql/ast/table_spec.hpp"

namespace sluice::sql {

enum class StatementKind : uint8_t {
  kQuery,             // a query
  kSet,               // SET, SET -v, SET key, SET key = value
  kSetTimeZone,       // SET TIME ZONE LOCAL | 'zone' | INTERVAL ...
  kCreateView,        // CREATE [OR REPLACE] [TEMPORARY] VIEW
  kDropView,          // DROP VIEW [IF EXISTS]
  kExplain,           // EXPLAIN [mode] statement
  kExecuteImmediate,  // EXECUTE IMMEDIATE text [USING value [AS name], ...]
  kCreateTable,       // CREATE TABLE / STREAMING TABLE / MATERIALIZED VIEW / LIVE TABLE
  kCreateFlow,        // CREATE FLOW, and the unnamed AUTO CDC INTO / APPLY CHANGES INTO
  kCreateFunction,    // CREATE [OR REPLACE] [TEMPORARY] FUNCTION (SQL scalar functions)
  kDropFunction,      // DROP [TEMPORARY] FUNCTION [IF EXISTS]
  kUse,               // USE CATALOG / USE SCHEMA / USE DATABASE / USE
  // Session variables (sql/ast/variable_statement.hpp).
  kDeclareVariable,  // DECLARE [OR REPLACE] [VARIABLE] name [type] [DEFAULT expr]
  kSetVariable,      // SET VARIABLE name = expr, ... | SET VARIABLE (names) = (query)
  kDropVariable,     // DROP TEMPORARY VARIABLE [IF EXISTS] name
  // Cache statements (sql/ast/cache_statement.hpp): checked, nothing cached.
  kCacheTable,    // CACHE [LAZY] TABLE t [OPTIONS (...)] [[AS] query]
  kUncacheTable,  // UNCACHE TABLE [IF EXISTS] t
  kClearCache,    // CLEAR CACHE
  kRefresh,       // REFRESH TABLE t | REFRESH 'path'
  // Catalog statements of a query session (sql/ast/catalog_statement.hpp).
  kDropTable,         // DROP TABLE [IF EXISTS]
  kCreateSchema,      // CREATE SCHEMA | DATABASE [IF NOT EXISTS]
  kDropSchema,        // DROP SCHEMA | DATABASE [IF EXISTS] [RESTRICT | CASCADE]
  kShowTables,        // SHOW TABLES [IN schema] [LIKE 'pattern']
  kShowSchemas,       // SHOW SCHEMAS | DATABASES | NAMESPACES [IN catalog] [LIKE 'pattern']
  kShowCatalogs,      // SHOW CATALOGS [LIKE 'pattern']
  kShowFunctions,     // SHOW [USER | SYSTEM | ALL] FUNCTIONS [IN schema] [[LIKE] 'pattern']
  kDescribeFunction,  // DESCRIBE FUNCTION [EXTENDED] f
  kDescribeTable,     // DESCRIBE [TABLE] [EXTENDED] t
  kDescribeSchema,    // DESCRIBE SCHEMA | DATABASE [EXTENDED] s
  kDescribeHistory,   // DESCRIBE HISTORY t [LIMIT n]
  kDescribeDetail,    // DESCRIBE DETAIL t
  kVacuum,            // VACUUM t [RETAIN n HOURS] [DRY RUN]
  kOptimize,          // OPTIMIZE t
  kAlterTable,        // ALTER TABLE t SET / UNSET TBLPROPERTIES, ADD / RENAME / DROP / ALTER COLUMN
  kShowTblProperties,  // SHOW TBLPROPERTIES t [('key')]
  kShowColumns,        // SHOW COLUMNS IN t [IN schema]
  kShowCreateTable,    // SHOW CREATE TABLE t
  kRestore,            // RESTORE TABLE t TO VERSION | TIMESTAMP AS OF ...
  // Statements that change a table's rows (sql/ast/dml_statement.hpp).
  kInsert,  // INSERT INTO / INSERT OVERWRITE
  kDelete,  // DELETE FROM
  kUpdate,  // UPDATE ... SET
  kMerge,   // MERGE INTO ... USING ... ON ...
};

class Statement {
 public:
  virtual ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  StatementKind kind() const { return kind_; }
  template <typename T>
  const T& as() const {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& as() {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<T&>(*this);
  }

  //! Same kind and contents; positions and source are ignored.
  virtual bool equals(const Statement& other) const = 0;

  //! The statement's text as written, without the ';' that ends it.
  std::string_view text() const;
  //! The location of a position of this statement, for an Error.
  SourceLocation locate(SourcePosition at) const;

  SourcePosition position;  // the first token
  uint32_t end_offset = 0;  // just past the last token
  SourceTextPtr source;

 protected:
  Statement(StatementKind kind, SourcePosition start) : position(start), kind_(kind) {}

 private:
  StatementKind kind_;
};

using StatementPtr = std::unique_ptr<Statement>;

//! Returns the statement's name for messages, e.g. "CREATE STREAMING TABLE" or "USE CATALOG".
std::string statementName(const Statement& statement);

class QueryStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kQuery;
  explicit QueryStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  QueryPtr query;
};

//! SET forms, and RESET. Key and value are raw text, as Spark keeps them: `SET a.b = 'x' ` has
//! key "a.b" and value "'x'" (quotes included, surrounding spaces trimmed); a key or value
//! written in backquotes is unquoted.
class SetStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kSet;
  enum class Form : uint8_t {
    kListAll,      // SET
    kListVerbose,  // SET -v
    kGet,          // SET key
    kAssign,       // SET key = value (value may be empty)
    kResetAll,     // RESET
    kReset,        // RESET key
  };
  explicit SetStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  Form form = Form::kListAll;
  std::string key;
  std::string value;
};

//! SET TIME ZONE LOCAL | 'zone' | INTERVAL ...
class SetTimeZoneStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kSetTimeZone;
  explicit SetTimeZoneStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool local = false;  // SET TIME ZONE LOCAL
  std::string zone;    // the string's value, e.g. "America/Los_Angeles" or "+08:00"
  ExprPtr interval;    // an interval LiteralExpr, e.g. INTERVAL 8 HOURS
};

//! One column of a view's column list: name [COMMENT 'text'].
struct ViewColumn {
  std::string name;
  std::optional<std::string> comment;
  SourcePosition position;

  bool operator==(const ViewColumn& other) const {
    return name == other.name && comment == other.comment;
  }
};

//! CREATE [OR REPLACE] [TEMPORARY] [LIVE] VIEW [IF NOT EXISTS] name
//! [(col [COMMENT 'text'], ..., CONSTRAINT name EXPECT (...) ...)] [COMMENT 'text']
//! [TBLPROPERTIES (...)] AS query. LIVE is the legacy pipeline spelling; expectations are for
//! the views of a pipeline.
class CreateViewStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateView;
  explicit CreateViewStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool or_replace = false;
  bool temporary = false;
  bool live = false;
  bool if_not_exists = false;
  std::vector<std::string> name;
  std::vector<ViewColumn> columns;
  std::vector<Expectation> expectations;
  std::optional<std::string> comment;
  std::vector<Property> properties;
  QueryPtr query;
};

//! DROP VIEW [IF EXISTS] name.
class DropViewStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropView;
  explicit DropViewStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
};

enum class ExplainMode : uint8_t { kSimple, kExtended, kFormatted, kCodegen, kCost, kLogical };

//! EXPLAIN [LOGICAL | FORMATTED | EXTENDED | CODEGEN | COST] statement.
class ExplainStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kExplain;
  explicit ExplainStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  ExplainMode mode = ExplainMode::kSimple;
  StatementPtr statement;
};

//! One value of EXECUTE IMMEDIATE's USING clause: it binds the named marker `:name` when
//! written with AS name, else the positional marker `?` of its place.
struct ExecuteImmediateArgument {
  ExprPtr value;
  std::optional<std::string> name;  // AS name, as written

  bool operator==(const ExecuteImmediateArgument& other) const;
};

//! EXECUTE IMMEDIATE query_text [USING value [AS name], ...]: runs the statement that the
//! constant string `query_text` holds, its parameter markers bound to the USING values.
//! (INTO needs session variables, which sluice does not have: the parser refuses it.)
class ExecuteImmediateStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kExecuteImmediate;
  explicit ExecuteImmediateStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  ExprPtr query_text;
  //! INTO v1, v2, ...: the session variables the query's one row is assigned to, as written.
  std::vector<std::vector<std::string>> into;
  std::vector<ExecuteImmediateArgument> arguments;
};

//! The dataset a CREATE ... TABLE / MATERIALIZED VIEW statement declares.
enum class TableKind : uint8_t {
  kManagedTable,        // CREATE TABLE t ... [FLOW INSERT [ONCE] BY NAME query]
  kStreamingTable,      // CREATE [OR REFRESH] [PRIVATE] STREAMING TABLE
  kMaterializedView,    // CREATE [OR REFRESH] [PRIVATE] MATERIALIZED VIEW
  kLiveTable,           // legacy CREATE [OR REFRESH] [TEMPORARY] LIVE TABLE: a materialized view
  kStreamingLiveTable,  // legacy CREATE [OR REFRESH] [TEMPORARY] STREAMING LIVE TABLE
};

//! CREATE TABLE / STREAMING TABLE / MATERIALIZED VIEW / LIVE TABLE name [(spec)] [clauses]
//! [AS query | FLOW INSERT [ONCE] BY NAME query | FLOW AUTO CDC ...]. `is_private` is PRIVATE
//! or its legacy spelling TEMPORARY. The parser has already refused what a kind cannot have (a
//! FLOW on a materialized view, CDC on a managed table, OR REPLACE on anything but a managed
//! table, ...). A managed table with AS query (and OR REPLACE) is a query session's CREATE
//! TABLE AS SELECT; a pipeline refuses both.
class CreateTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateTable;
  explicit CreateTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  TableKind table_kind = TableKind::kStreamingTable;
  bool or_replace = false;  // CREATE OR REPLACE TABLE (managed tables only)
  bool or_refresh = false;
  bool is_private = false;
  bool if_not_exists = false;
  std::vector<std::string> name;
  TableSpec spec;
  FlowSpec flow;
};

//! CREATE FLOW name [COMMENT 'text'] AS INSERT [ONCE] INTO [ONCE] target [BY NAME] query, or
//! CREATE FLOW name AS AUTO CDC [ONCE] INTO target FROM [SNAPSHOT] source ... (also spelled
//! APPLY CHANGES INTO). The legacy statement APPLY CHANGES INTO target ... (or AUTO CDC INTO)
//! without CREATE FLOW is a flow with an empty name, which the pipeline names after its target.
class CreateFlowStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateFlow;
  explicit CreateFlowStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> name;  // empty for a standalone AUTO CDC INTO / APPLY CHANGES INTO
  std::optional<std::string> comment;
  std::vector<std::string> target;
  FlowSpec flow;  // kInsert or kAutoCdc
};

//! One parameter of a SQL function: name type [DEFAULT expr] [COMMENT 'text'].
struct FunctionParameter {
  std::string name;
  DataType type;
  ExprPtr default_value;
  std::optional<std::string> comment;
  SourcePosition position;

  bool equals(const FunctionParameter& other) const;
};

//! CREATE [OR REPLACE] [TEMPORARY] FUNCTION [IF NOT EXISTS] name (params) [RETURNS type]
//! [LANGUAGE SQL] [[NOT] DETERMINISTIC] [COMMENT 'text'] [CONTAINS SQL | READS SQL DATA]
//! RETURN expr. A SQL scalar function, as row filters and column masks use; RETURN query is kept
//! as a scalar subquery.
class CreateFunctionStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateFunction;
  explicit CreateFunctionStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  enum class DataAccess : uint8_t { kUnspecified, kContainsSql, kReadsSqlData };

  bool or_replace = false;
  bool temporary = false;
  bool if_not_exists = false;
  std::vector<std::string> name;
  std::vector<FunctionParameter> parameters;
  std::optional<DataType> returns;  // nullopt: the type of the body
  bool language_sql = false;        // LANGUAGE SQL was written
  std::optional<bool> deterministic;
  std::optional<std::string> comment;
  DataAccess data_access = DataAccess::kUnspecified;
  ExprPtr body;
};

//! DROP [TEMPORARY] FUNCTION [IF EXISTS] name.
class DropFunctionStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropFunction;
  explicit DropFunctionStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool temporary = false;
  bool if_exists = false;
  std::vector<std::string> name;
};

//! USE CATALOG c | USE { SCHEMA | DATABASE | NAMESPACE } s | USE s.
class UseStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kUse;
  explicit UseStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  enum class Target : uint8_t {
    kCatalog,  // USE CATALOG
    kSchema,   // USE SCHEMA / DATABASE / NAMESPACE
    kDefault,  // USE name: a schema, or catalog.schema
  };
  Target target = Target::kDefault;
  std::vector<std::string> name;
};

}  // namespace sluice::sql
