// test/unit/sql/catalog_parser_test.cpp
//
// The catalog statements of a query session (SHOW, DESCRIBE, DROP TABLE / SCHEMA, CREATE
// SCHEMA, VACUUM, OPTIMIZE, REORG, CREATE [OR REPLACE] TABLE AS query): the trees they parse to,
// parse-print-parse round trips in both layouts, and malformed or refused statements with
// their class, line, column and message.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {
namespace {

const char* const kCatalogInputs[] = {
    "SHOW TABLES",
    "SHOW TABLES IN sales",
    "SHOW TABLES FROM spark_catalog.sales LIKE 'ord*|cust*'",
    "SHOW TABLES 'e*'",
    "show tables in `my schema` like 'x'",
    "SHOW SCHEMAS",
    "SHOW DATABASES LIKE 'sa*'",
    "SHOW NAMESPACES IN spark_catalog",
    "SHOW CATALOGS",
    "SHOW CATALOGS 'spark*'",
    "SHOW FUNCTIONS",
    "SHOW USER FUNCTIONS LIKE 'a*'",
    "SHOW SYSTEM FUNCTIONS IN s 'x|y'",
    "SHOW ALL FUNCTIONS abs",
    "show functions from spark_catalog.sales like substr",
    "DESCRIBE FUNCTION abs",
    "DESC FUNCTION EXTENDED s.f",
    "DESCRIBE FUNCTION 'nvl2'",
    "DESCRIBE t",
    "DESC TABLE t",
    "DESCRIBE TABLE EXTENDED db.t",
    "DESC FORMATTED cat.db.t",
    "DESCRIBE EXTENDED t",
    "DESCRIBE history",
    "DESCRIBE detail",
    "DESCRIBE extended",
    "DESCRIBE TABLE history",
    "DESCRIBE history.t",
    "DESCRIBE SCHEMA sales",
    "DESCRIBE DATABASE EXTENDED spark_catalog.sales",
    "DESC NAMESPACE s",
    "DESCRIBE HISTORY t",
    "DESCRIBE HISTORY db.t LIMIT 5",
    "DESCRIBE HISTORY '/data/events'",
    "DESC HISTORY delta.`/data/events` LIMIT 1",
    "DESCRIBE DETAIL t",
    "DESCRIBE DETAIL '/data/events'",
    "CREATE SCHEMA s",
    "CREATE DATABASE IF NOT EXISTS cat.s COMMENT 'sales data'",
    "CREATE NAMESPACE s WITH DBPROPERTIES ('owner' = 'me', 'team' = 'x') COMMENT 'c'",
    "CREATE SCHEMA s WITH PROPERTIES ('a' = 'b')",
    "DROP TABLE t",
    "DROP TABLE IF EXISTS cat.db.t",
    "DROP SCHEMA s",
    "DROP DATABASE IF EXISTS s CASCADE",
    "DROP NAMESPACE s RESTRICT",
    "VACUUM t",
    "VACUUM db.t RETAIN 168 HOURS",
    "VACUUM t RETAIN 0.5 HOURS DRY RUN",
    "VACUUM t RETAIN -1 HOURS",
    "VACUUM '/data/events' DRY RUN",
    "VACUUM retain",
    "OPTIMIZE t",
    "OPTIMIZE delta.`/data/events`",
    "OPTIMIZE '/data/events'",
    "REORG TABLE t APPLY (PURGE)",
    "REORG TABLE delta.`/data/events` APPLY (PURGE)",
    "USE SCHEMA sales",
    "USE spark_catalog.sales",
    "CREATE TABLE t (a INT NOT NULL COMMENT 'id', b STRING) USING DELTA PARTITIONED BY (b) "
    "COMMENT 'c' TBLPROPERTIES ('delta.appendOnly' = 'true')",
    "CREATE TABLE t AS SELECT 1 AS a",
    "CREATE OR REPLACE TABLE db.t USING DELTA CLUSTER BY (a) AS SELECT * FROM v",
    "CREATE TABLE IF NOT EXISTS t PARTITIONED BY (a) AS SELECT 1 AS a, 2 AS b",
    "EXPLAIN DESCRIBE t",
};

TEST(CatalogParserTest, PrintedStatementsParseBackToTheSameTreeOnOneLine) {
  for (const char* input : kCatalogInputs)
    expectRoundTrip(input, PrintLayout::kOneLine);
}

TEST(CatalogParserTest, PrintedStatementsParseBackToTheSameTreeInThePrettyLayout) {
  for (const char* input : kCatalogInputs)
    expectRoundTrip(input, PrintLayout::kPretty);
}

TEST(CatalogParserTest, PrinterWritesTheFirstSpelling) {
  const std::pair<const char*, const char*> cases[] = {
      {"desc formatted t", "DESCRIBE TABLE EXTENDED t"},
      {"show databases 'a*'", "SHOW SCHEMAS LIKE 'a*'"},
      {"create database if not exists s with dbproperties ('k' = 'v') comment 'c'",
       "CREATE SCHEMA IF NOT EXISTS s COMMENT 'c' WITH DBPROPERTIES ('k' = 'v')"},
      {"drop namespace s restrict", "DROP SCHEMA s"},
      {"vacuum t retain 168.0 hours dry run", "VACUUM t RETAIN 168 HOURS DRY RUN"},
      {"describe history delta.`/x` limit 3", "DESCRIBE HISTORY delta.`/x` LIMIT 3"},
      {"create or replace table t as select 1", "CREATE OR REPLACE TABLE t AS SELECT 1"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(input);
    EXPECT_EQ(printStatement(*parseSingle(input)), expected);
  }
}

TEST(CatalogParserTest, StatementsParseToTheirTrees) {
  StatementPtr tables_statement = parseSingle("SHOW TABLES IN cat.db LIKE 'a*'");
  const auto& tables = tables_statement->as<ShowTablesStatement>();
  EXPECT_EQ(tables.schema, (std::vector<std::string>{"cat", "db"}));
  EXPECT_EQ(tables.pattern, "a*");
  EXPECT_FALSE(parseSingle("SHOW TABLES")->as<ShowTablesStatement>().pattern);

  StatementPtr describe_statement = parseSingle("DESC FORMATTED db.t");
  const auto& describe = describe_statement->as<DescribeTableStatement>();
  EXPECT_TRUE(describe.extended);
  EXPECT_EQ(describe.name, (std::vector<std::string>{"db", "t"}));
  // A keyword alone after DESCRIBE is the table's name.
  EXPECT_EQ(parseSingle("DESCRIBE history")->as<DescribeTableStatement>().name,
            std::vector<std::string>{"history"});

  StatementPtr history_statement = parseSingle("DESCRIBE HISTORY '/data/t' LIMIT 7");
  const auto& history = history_statement->as<DescribeHistoryStatement>();
  EXPECT_EQ(history.target.path, "/data/t");
  EXPECT_TRUE(history.target.name.empty());
  EXPECT_EQ(history.limit, 7);
  EXPECT_EQ(statementName(history), "DESCRIBE HISTORY");

  StatementPtr functions_statement = parseSingle("SHOW USER FUNCTIONS IN db LIKE 'a*'");
  const auto& functions = functions_statement->as<ShowFunctionsStatement>();
  EXPECT_EQ(functions.scope, ShowFunctionsStatement::Scope::kUser);
  EXPECT_EQ(functions.schema, std::vector<std::string>{"db"});
  EXPECT_EQ(functions.pattern, "a*");
  EXPECT_EQ(parseSingle("SHOW FUNCTIONS substr")->as<ShowFunctionsStatement>().pattern, "substr");

  StatementPtr function_statement = parseSingle("DESC FUNCTION EXTENDED <=>");
  const auto& function = function_statement->as<DescribeFunctionStatement>();
  EXPECT_TRUE(function.extended);
  EXPECT_EQ(function.name, std::vector<std::string>{"<=>"});
  EXPECT_EQ(statementName(function), "DESCRIBE FUNCTION");

  StatementPtr vacuum_statement = parseSingle("VACUUM db.t RETAIN 1.5 HOURS DRY RUN");
  const auto& vacuum = vacuum_statement->as<VacuumStatement>();
  EXPECT_EQ(vacuum.target.name, (std::vector<std::string>{"db", "t"}));
  EXPECT_EQ(vacuum.retain_hours, 1.5);
  EXPECT_TRUE(vacuum.dry_run);
  EXPECT_FALSE(parseSingle("VACUUM t")->as<VacuumStatement>().retain_hours);

  StatementPtr create_statement =
      parseSingle("CREATE DATABASE IF NOT EXISTS s COMMENT 'c' WITH DBPROPERTIES ('k' = 'v')");
  const auto& create = create_statement->as<CreateSchemaStatement>();
  EXPECT_TRUE(create.if_not_exists);
  EXPECT_EQ(create.comment, "c");
  ASSERT_EQ(create.properties.size(), 1u);
  EXPECT_EQ(create.properties[0].key, "k");

  EXPECT_TRUE(parseSingle("DROP SCHEMA IF EXISTS s CASCADE")->as<DropSchemaStatement>().cascade);
  EXPECT_TRUE(parseSingle("DROP TABLE IF EXISTS t")->as<DropTableStatement>().if_exists);

  StatementPtr ctas_statement = parseSingle("CREATE OR REPLACE TABLE t AS SELECT 1");
  const auto& ctas = ctas_statement->as<CreateTableStatement>();
  EXPECT_TRUE(ctas.or_replace);
  EXPECT_EQ(ctas.table_kind, TableKind::kManagedTable);
  EXPECT_EQ(ctas.flow.kind, FlowSpec::Kind::kQuery);
}

struct ErrorCase {
  const char* sql;
  ErrorClass error_class;
  uint32_t line;
  uint32_t column;
  const char* message;
};

const ErrorCase kErrorCases[] = {
    {"SHOW INDEXES", ErrorClass::PARSE_SYNTAX_ERROR, 1, 6,
     "Syntax error at or near 'INDEXES': expected TABLES, SCHEMAS, DATABASES, NAMESPACES, "
     "CATALOGS, FUNCTIONS, TBLPROPERTIES or COLUMNS."},
    {"SHOW FUNCTIONS LIKE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 20,
     "Syntax error at or near end of input: expected a pattern."},
    {"SHOW TABLES IN", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near end of input: expected a table name."},
    {"SHOW TABLES LIKE x", ErrorClass::PARSE_SYNTAX_ERROR, 1, 18,
     "Syntax error at or near 'x': expected string literal."},
    {"SHOW SCHEMAS IN c 'p' extra", ErrorClass::PARSE_SYNTAX_ERROR, 1, 23,
     "Syntax error at or near 'extra'."},
    {"DESCRIBE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 9,
     "Syntax error at or near end of input: expected a table name."},
    {"DESCRIBE TABLE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near end of input: expected a table name."},
    {"DESCRIBE t c", ErrorClass::NOT_SUPPORTED, 1, 12, "DESCRIBE of a column is not supported."},
    {"DESCRIBE FUNCTION f g", ErrorClass::PARSE_SYNTAX_ERROR, 1, 21,
     "Syntax error at or near 'g'."},
    {"DESCRIBE QUERY SELECT 1", ErrorClass::NOT_SUPPORTED, 1, 10,
     "DESCRIBE QUERY is not supported."},
    {"DESCRIBE HISTORY t LIMIT x", ErrorClass::PARSE_SYNTAX_ERROR, 1, 26,
     "Syntax error at or near 'x': expected an integer."},
    {"DESCRIBE HISTORY t LIMIT 99999999999999999999", ErrorClass::INVALID_SQL_SYNTAX, 1, 26,
     "The LIMIT of DESCRIBE HISTORY is out of range: 99999999999999999999."},
    {"DESCRIBE DETAIL t extra", ErrorClass::PARSE_SYNTAX_ERROR, 1, 19,
     "Syntax error at or near 'extra'."},
    {"CREATE OR REPLACE SCHEMA s", ErrorClass::INVALID_SQL_SYNTAX, 1, 8,
     "OR REPLACE cannot be used with CREATE SCHEMA."},
    {"CREATE SCHEMA s COMMENT 'a' COMMENT 'b'", ErrorClass::DUPLICATE_CLAUSES, 1, 29,
     "Found duplicate clauses: COMMENT. Remove one of them."},
    {"CREATE SCHEMA s LOCATION '/x'", ErrorClass::NOT_SUPPORTED, 1, 17,
     "CREATE SCHEMA ... LOCATION is not supported."},
    {"CREATE SCHEMA s WITH OPTIONS ('a' = 'b')", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near 'OPTIONS': expected DBPROPERTIES or PROPERTIES."},
    {"CREATE SCHEMA s OWNER x", ErrorClass::PARSE_SYNTAX_ERROR, 1, 17,
     "Syntax error at or near 'OWNER': expected COMMENT, LOCATION or WITH DBPROPERTIES."},
    {"DROP TABLE IF t", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near 't': expected EXISTS."},
    {"DROP TABLE t PURGE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 14,
     "Syntax error at or near 'PURGE'."},
    {"DROP SCHEMA s FORCE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near 'FORCE': expected RESTRICT or CASCADE."},
    {"VACUUM t RETAIN HOURS", ErrorClass::PARSE_SYNTAX_ERROR, 1, 17,
     "Syntax error at or near 'HOURS': expected a number of hours."},
    {"VACUUM t RETAIN 5 DAYS", ErrorClass::PARSE_SYNTAX_ERROR, 1, 19,
     "Syntax error at or near 'DAYS': expected HOURS."},
    {"VACUUM t RETAIN 1e999 HOURS", ErrorClass::INVALID_SQL_SYNTAX, 1, 17,
     "The retention of VACUUM is out of range: 1e999."},
    {"VACUUM t DRY", ErrorClass::PARSE_SYNTAX_ERROR, 1, 13,
     "Syntax error at or near end of input: expected RUN."},
    {"VACUUM t LITE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10,
     "Syntax error at or near 'LITE': expected RETAIN or DRY RUN."},
    {"REORG TABLE t APPLY (PURG)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near 'PURG': expected PURGE."},
    {"REORG TABLE t WHERE d = 1 APPLY (PURGE)", ErrorClass::NOT_SUPPORTED, 1, 15,
     "REORG TABLE ... WHERE is not supported."},
    {"REORG TABLE t APPLY (UPGRADE UNIFORM (ICEBERG_COMPAT_VERSION = 2))",
     ErrorClass::NOT_SUPPORTED, 1, 22, "REORG TABLE ... APPLY (UPGRADE UNIFORM) is not supported."},
    {"OPTIMIZE t WHERE d > '2024-01-01'", ErrorClass::NOT_SUPPORTED, 1, 12,
     "OPTIMIZE ... WHERE is not supported."},
    {"OPTIMIZE t ZORDER BY (a, b)", ErrorClass::NOT_SUPPORTED, 1, 12,
     "OPTIMIZE ... ZORDER BY is not supported."},
    {"OPTIMIZE t\nWHERE d = 1\nZORDER BY a", ErrorClass::NOT_SUPPORTED, 2, 1,
     "OPTIMIZE ... WHERE is not supported."},
    {"OPTIMIZE t ZORDER (a)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 19,
     "Syntax error at or near '(': expected BY."},
    {"OPTIMIZE t FULL", ErrorClass::PARSE_SYNTAX_ERROR, 1, 12,
     "Syntax error at or near 'FULL': expected WHERE or ZORDER BY."},
    {"OPTIMIZE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 9,
     "Syntax error at or near end of input: expected a table name."},
};

TEST(CatalogParserErrorTest, MalformedStatementsReportClassPositionAndMessage) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.sql);
    try {
      parseStatements(c.sql, "session.sql");
      ADD_FAILURE() << "no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), c.error_class) << error.what();
      ASSERT_TRUE(error.location()) << error.what();
      EXPECT_EQ(error.location()->source_name, "session.sql");
      EXPECT_EQ(error.location()->line, c.line) << error.what();
      EXPECT_EQ(error.location()->column, c.column) << error.what();
      EXPECT_EQ(error.message(), c.message);
    }
  }
}

}  // namespace
}  // namespace sluice::sql
