// src/sql/ast/statement.cpp
//
// Statement text, locations, names and structural equality.
#include "sql/ast/statement.hpp"

#include "sql/ast/dml_statement.hpp"

#include <algorithm>

namespace sluice::sql {

Statement::~Statement() = default;

std::string_view Statement::text() const {
  if (!source)
    return {};
  return source->slice(position.offset, end_offset);
}

SourceLocation Statement::locate(SourcePosition at) const {
  if (!source)
    return SourceLocation{"", at.line, at.column, ""};
  return source->locate(at);
}

bool QueryStatement::equals(const Statement& other) const {
  return other.kind() == kKind && equalQueries(query, other.as<QueryStatement>().query);
}

bool SetStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetStatement>();
  return form == o.form && key == o.key && value == o.value;
}

bool SetTimeZoneStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetTimeZoneStatement>();
  return local == o.local && zone == o.zone && equalExprs(interval, o.interval);
}

bool CreateViewStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateViewStatement>();
  return or_replace == o.or_replace && temporary == o.temporary && live == o.live &&
         if_not_exists == o.if_not_exists && name == o.name && columns == o.columns &&
         std::equal(expectations.begin(), expectations.end(), o.expectations.begin(),
                    o.expectations.end(),
                    [](const Expectation& a, const Expectation& b) { return a.equals(b); }) &&
         comment == o.comment && properties == o.properties && equalQueries(query, o.query);
}

bool DropViewStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropViewStatement>();
  return if_exists == o.if_exists && name == o.name;
}

bool DropFunctionStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropFunctionStatement>();
  return temporary == o.temporary && if_exists == o.if_exists && name == o.name;
}

bool ExecuteImmediateArgument::operator==(const ExecuteImmediateArgument& other) const {
  return name == other.name && equalExprs(value, other.value);
}

bool ExecuteImmediateStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ExecuteImmediateStatement>();
  return equalExprs(query_text, o.query_text) && into == o.into && arguments == o.arguments;
}

bool ExplainStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ExplainStatement>();
  if (mode != o.mode || (statement == nullptr) != (o.statement == nullptr))
    return false;
  return statement == nullptr || statement->equals(*o.statement);
}

bool CreateTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateTableStatement>();
  return table_kind == o.table_kind && or_replace == o.or_replace && or_refresh == o.or_refresh &&
         is_private == o.is_private && if_not_exists == o.if_not_exists && name == o.name &&
         spec.equals(o.spec) && flow.equals(o.flow);
}

bool CreateFlowStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateFlowStatement>();
  return name == o.name && comment == o.comment && target == o.target && flow.equals(o.flow);
}

bool FunctionParameter::equals(const FunctionParameter& other) const {
  return name == other.name && type == other.type && comment == other.comment &&
         equalExprs(default_value, other.default_value);
}

bool CreateFunctionStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateFunctionStatement>();
  return or_replace == o.or_replace && temporary == o.temporary &&
         if_not_exists == o.if_not_exists && name == o.name &&
         std::equal(
             parameters.begin(), parameters.end(), o.parameters.begin(), o.parameters.end(),
             [](const FunctionParameter& a, const FunctionParameter& b) { return a.equals(b); }) &&
         returns == o.returns && language_sql == o.language_sql &&
         deterministic == o.deterministic && comment == o.comment && data_access == o.data_access &&
         equalExprs(body, o.body);
}

bool UseStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<UseStatement>();
  return target == o.target && name == o.name;
}

std::string statementName(const Statement& statement) {
  switch (statement.kind()) {
    case StatementKind::kQuery:
      return "query";
    case StatementKind::kSet:
      return "SET";
    case StatementKind::kSetTimeZone:
      return "SET TIME ZONE";
    case StatementKind::kCreateView: {
      const auto& view = statement.as<CreateViewStatement>();
      std::string name = view.temporary ? "CREATE TEMPORARY " : "CREATE ";
      return name + (view.live ? "LIVE VIEW" : "VIEW");
    }
    case StatementKind::kDropView:
      return "DROP VIEW";
    case StatementKind::kExplain:
      return "EXPLAIN";
    case StatementKind::kExecuteImmediate:
      return "EXECUTE IMMEDIATE";
    case StatementKind::kCreateTable:
      switch (statement.as<CreateTableStatement>().table_kind) {
        case TableKind::kManagedTable:
          return "CREATE TABLE";
        case TableKind::kStreamingTable:
          return "CREATE STREAMING TABLE";
        case TableKind::kMaterializedView:
          return "CREATE MATERIALIZED VIEW";
        case TableKind::kLiveTable:
          return "CREATE LIVE TABLE";
        case TableKind::kStreamingLiveTable:
          return "CREATE STREAMING LIVE TABLE";
      }
      return "CREATE TABLE";
    case StatementKind::kCreateFlow: {
      const auto& flow = statement.as<CreateFlowStatement>();
      if (flow.name.empty())
        return "AUTO CDC INTO";
      return "CREATE FLOW";
    }
    case StatementKind::kCreateFunction:
      return "CREATE FUNCTION";
    case StatementKind::kDropFunction:
      return "DROP FUNCTION";
    case StatementKind::kDeclareVariable:
      return "DECLARE VARIABLE";
    case StatementKind::kSetVariable:
      return "SET VARIABLE";
    case StatementKind::kDropVariable:
      return "DROP TEMPORARY VARIABLE";
    case StatementKind::kCacheTable:
      return "CACHE TABLE";
    case StatementKind::kUncacheTable:
      return "UNCACHE TABLE";
    case StatementKind::kClearCache:
      return "CLEAR CACHE";
    case StatementKind::kRefresh:
      return "REFRESH";
    case StatementKind::kUse:
      switch (statement.as<UseStatement>().target) {
        case UseStatement::Target::kCatalog:
          return "USE CATALOG";
        case UseStatement::Target::kSchema:
          return "USE SCHEMA";
        case UseStatement::Target::kDefault:
          return "USE";
      }
      return "USE";
    case StatementKind::kDropTable:
      return "DROP TABLE";
    case StatementKind::kCreateSchema:
      return "CREATE SCHEMA";
    case StatementKind::kDropSchema:
      return "DROP SCHEMA";
    case StatementKind::kShowTables:
      return "SHOW TABLES";
    case StatementKind::kShowSchemas:
      return "SHOW SCHEMAS";
    case StatementKind::kShowCatalogs:
      return "SHOW CATALOGS";
    case StatementKind::kShowFunctions:
      return "SHOW FUNCTIONS";
    case StatementKind::kDescribeFunction:
      return "DESCRIBE FUNCTION";
    case StatementKind::kDescribeTable:
      return "DESCRIBE TABLE";
    case StatementKind::kDescribeSchema:
      return "DESCRIBE SCHEMA";
    case StatementKind::kDescribeHistory:
      return "DESCRIBE HISTORY";
    case StatementKind::kDescribeDetail:
      return "DESCRIBE DETAIL";
    case StatementKind::kVacuum:
      return "VACUUM";
    case StatementKind::kOptimize:
      return "OPTIMIZE";
    case StatementKind::kAlterTable:
      return "ALTER TABLE";
    case StatementKind::kShowTblProperties:
      return "SHOW TBLPROPERTIES";
    case StatementKind::kShowColumns:
      return "SHOW COLUMNS";
    case StatementKind::kShowCreateTable:
      return "SHOW CREATE TABLE";
    case StatementKind::kRestore:
      return "RESTORE";
    case StatementKind::kInsert:
      return statement.as<InsertStatement>().overwrite ? "INSERT OVERWRITE" : "INSERT INTO";
    case StatementKind::kDelete:
      return "DELETE";
    case StatementKind::kUpdate:
      return "UPDATE";
    case StatementKind::kMerge:
      return "MERGE";
  }
  return "statement";
}

}  // namespace sluice::sql
