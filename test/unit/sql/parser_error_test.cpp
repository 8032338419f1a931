// test/unit/sql/parser_error_test.cpp
//
// Malformed SQL: each input must fail with the right error class, at the right line and
// column, with a message that says what is wrong.
#include <gtest/gtest.h>

#include "sql/parser/parser.hpp"

namespace sluice::sql {
namespace {

struct ErrorCase {
  const char* sql;
  ErrorClass error_class;
  uint32_t line;
  uint32_t column;
  const char* message;  // nullptr: the message is not checked (another layer words it)
};

const ErrorCase kErrorCases[] = {
    {"SELEC 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 1, "Syntax error at or near 'SELEC'."},
    {"SELECT", ErrorClass::PARSE_SYNTAX_ERROR, 1, 7,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT 1 +", ErrorClass::PARSE_SYNTAX_ERROR, 1, 11,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT (1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10,
     "Syntax error at or near end of input: expected ')'."},
    {"SELECT (1;", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10,
     "Syntax error at or near ';': expected ')'."},
    {"SELECT 1 FROM", ErrorClass::PARSE_SYNTAX_ERROR, 1, 14,
     "Syntax error at or near end of input: expected a table name."},
    {"SELECT * FROM t WHERE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT a FROM t GROUP a", ErrorClass::PARSE_SYNTAX_ERROR, 1, 17,
     "Syntax error at or near 'GROUP'."},
    {"SELECT a, FROM t", ErrorClass::PARSE_SYNTAX_ERROR, 1, 11,
     "Syntax error at or near 'FROM': expected an expression."},
    {"SELECT 1 2", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10, "Syntax error at or near '2'."},
    {"SELECT CAST(1 AS)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 17,
     "Syntax error at or near ')': expected a data type."},
    {"SELECT CAST(1 AS FOO)", ErrorClass::UNSUPPORTED_DATATYPE, 1, 18,
     "Unsupported data type \"FOO\"."},
    {"SELECT CAST(1 AS DECIMAL(40, 2))", ErrorClass::DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION, 1, 18,
     nullptr},
    {"SELECT CAST(x AS ARRAY<INT)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 27,
     "Syntax error at or near ')': expected '>'."},
    {"SELECT CAST(x AS MAP<INT>)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 25,
     "Syntax error at or near '>': expected ','."},
    {"SELECT CAST(x AS INTERVAL)", ErrorClass::UNSUPPORTED_DATATYPE, 1, 18, nullptr},
    {"SELECT CASE WHEN a THEN 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 26,
     "Syntax error at or near end of input: expected END."},
    {"SELECT CASE END", ErrorClass::PARSE_SYNTAX_ERROR, 1, 13,
     "Syntax error at or near 'END': expected an expression."},
    {"SELECT a IS 5", ErrorClass::PARSE_SYNTAX_ERROR, 1, 13,
     "Syntax error at or near '5': expected NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM."},
    {"SELECT a BETWEEN 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 19,
     "Syntax error at or near end of input: expected AND."},
    {"SELECT a IN 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 13,
     "Syntax error at or near '1': expected '('."},
    {"SELECT a IN ()", ErrorClass::PARSE_SYNTAX_ERROR, 1, 14,
     "Syntax error at or near ')': expected an expression."},
    {"SELECT 'abc", ErrorClass::PARSE_SYNTAX_ERROR, 1, 8,
     "Syntax error at or near ''': unclosed string literal."},
    {"SELECT * FROM t1 JOIN", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near end of input: expected a table name."},
    {"SELECT * FROM t1 LEFT t2", ErrorClass::PARSE_SYNTAX_ERROR, 1, 23,
     "Syntax error at or near 't2': expected JOIN."},
    {"SELECT * FROM t1 JOIN t2 ON", ErrorClass::PARSE_SYNTAX_ERROR, 1, 28,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT * FROM my-table", ErrorClass::INVALID_IDENTIFIER, 1, 15, nullptr},
    {"SELECT * FROM my-catalog.db.t", ErrorClass::INVALID_IDENTIFIER, 1, 15, nullptr},
    {"SELECT foo 'bar'", ErrorClass::UNSUPPORTED_TYPED_LITERAL, 1, 8, nullptr},
    {"SELECT INTERVAL 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 18,
     "Syntax error at or near end of input: expected an interval unit."},
    {"SELECT INTERVAL '1' DAY TO", ErrorClass::PARSE_SYNTAX_ERROR, 1, 27,
     "Syntax error at or near end of input: expected an interval unit."},
    {"SELECT 1 /* unclosed", ErrorClass::UNCLOSED_BRACKETED_COMMENT, 1, 10,
     "Found an unclosed bracketed comment. Please, append */ at the end of the comment."},
    {"SELECT sum(x) OVER (PARTITION x)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 21,
     "Syntax error at or near 'PARTITION': expected ')'."},
    // As in Spark's grammar, the bound is an expression, so `1 AND 2` is read as one.
    {"SELECT sum(x) OVER (ROWS BETWEEN 1 AND 2)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 41,
     "Syntax error at or near ')': expected PRECEDING or FOLLOWING."},
    {"SELECT sum(x) OVER (ROWS BETWEEN 1 FOLLOWING 2)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 46,
     "Syntax error at or near '2': expected AND."},
    {"SELECT * FROM t ORDER BY", ErrorClass::PARSE_SYNTAX_ERROR, 1, 25,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT * FROM t LIMIT", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near end of input: expected an expression."},
    {"WITH x AS SELECT 1 SELECT * FROM x", ErrorClass::PARSE_SYNTAX_ERROR, 1, 11,
     "Syntax error at or near 'SELECT': expected '('."},
    {"SELECT 1 UNION", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near end of input: expected SELECT, VALUES, TABLE, WITH or '('."},
    {"CREATE TEMPORARY VIEW v AS", ErrorClass::PARSE_SYNTAX_ERROR, 1, 27,
     "Syntax error at or near end of input: expected SELECT, VALUES, TABLE, WITH or '('."},
    {"CREATE TEMPORARY VIEW IF NOT EXISTS v AS SELECT 1", ErrorClass::INVALID_SQL_SYNTAX, 1, 23,
     "A TEMPORARY view cannot be created with IF NOT EXISTS."},
    {"CREATE OR REPLACE VIEW IF NOT EXISTS v AS SELECT 1", ErrorClass::INVALID_SQL_SYNTAX, 1, 24,
     "CREATE OR REPLACE VIEW cannot also say IF NOT EXISTS."},
    {"CREATE TEMP VIEW v COMMENT 'a' COMMENT 'b' AS SELECT 1", ErrorClass::DUPLICATE_CLAUSES, 1, 32,
     "Found duplicate clauses: COMMENT. Remove one of them."},
    {"CREATE GLOBAL TEMPORARY VIEW v AS SELECT 1", ErrorClass::NOT_SUPPORTED, 1, 8,
     "GLOBAL TEMPORARY views is not supported."},
    {"DROP INDEX i", ErrorClass::PARSE_SYNTAX_ERROR, 1, 6,
     "Syntax error at or near 'INDEX': expected TABLE, VIEW, FUNCTION or SCHEMA."},
    {"SET my key = 1", ErrorClass::INVALID_SET_SYNTAX, 1, 1, nullptr},
    {"SET TIME ZONE 5", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near '5': expected LOCAL, a time zone string or an INTERVAL."},
    {"SELECT 1;\nSELEC 2", ErrorClass::PARSE_SYNTAX_ERROR, 2, 1,
     "Syntax error at or near 'SELEC'."},
    {"SELECT a,\n       b +\n  FROM t", ErrorClass::PARSE_SYNTAX_ERROR, 3, 3,
     "Syntax error at or near 'FROM': expected an expression."},
    {"SELECT * FROM t TABLESAMPLE ()", ErrorClass::INVALID_SQL_SYNTAX, 1, 30,
     "TABLESAMPLE does not accept empty inputs."},
    {"SELECT * FROM t TABLESAMPLE (\n  200 PERCENT)", ErrorClass::INVALID_SQL_SYNTAX, 2, 3,
     "Sampling fraction (2.0) must be on interval [0, 1]"},
    {"SELECT * FROM t PIVOT (sum(a) b IN (1))", ErrorClass::PARSE_SYNTAX_ERROR, 1, 33,
     "Syntax error at or near 'IN': expected FOR."},
    {"SELECT a FROM t GROUP BY CUBE(a, ())", ErrorClass::PARSE_SYNTAX_ERROR, 1, 34,
     "Empty set in CUBE grouping sets is not supported."},
    {"WITH RECURSIVE r(n) MAX RECURSION LEVEL 0 AS (SELECT 1) SELECT * FROM r",
     ErrorClass::PARSE_SYNTAX_ERROR, 1, 41, nullptr},
    {"SELECT CAST(a AS STRING COLLATE utf8_lcases)", ErrorClass::COLLATION_INVALID_NAME, 1, 33,
     "The value utf8_lcases does not represent a correct collation name. Suggested valid "
     "collation names: [UTF8_BINARY, UTF8_LCASE, UNICODE, UNICODE_CI]."},
    {"SELECT * FROM a RIGHT JOIN LATERAL (SELECT 1)", ErrorClass::INVALID_LATERAL_JOIN_TYPE, 1, 17,
     nullptr},
    {"SELECT * FROM a JOIN LATERAL 5", ErrorClass::PARSE_SYNTAX_ERROR, 1, 30, nullptr},
    {"FROM t SELECT a", ErrorClass::NOT_SUPPORTED, 1, 1, nullptr},
    {"SELECT (a AS b)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15,
     "Syntax error at or near ')': expected ','."},
    {"SELECT x ->", ErrorClass::PARSE_SYNTAX_ERROR, 1, 12,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT count(DISTINCT)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 22,
     "Syntax error at or near ')': expected an expression."},
    {"SELECT a:", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10,
     "Syntax error at or near end of input: expected a JSON path."},
    {"SELECT a[1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 11,
     "Syntax error at or near end of input: expected ']'."},
    {"SELECT * FROM (SELECT 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 24,
     "Syntax error at or near end of input: expected ')'."},
    {"SELECT * FROM t WATERMARK ts DELAY OF 10", ErrorClass::PARSE_SYNTAX_ERROR, 1, 39,
     "Syntax error at or near '10': expected an INTERVAL literal."},
    {"SELECT * FROM t VERSION AS OF x", ErrorClass::PARSE_SYNTAX_ERROR, 1, 31,
     "Syntax error at or near 'x': expected a version number or string."},
    {"EXPLAIN", ErrorClass::PARSE_SYNTAX_ERROR, 1, 8, "Syntax error at or near end of input."},
    {"SELECT 1 AS", ErrorClass::PARSE_SYNTAX_ERROR, 1, 12,
     "Syntax error at or near end of input: expected an alias."},
    {"SELECT * FROM t AS join", ErrorClass::PARSE_SYNTAX_ERROR, 1, 20,
     "Syntax error at or near 'join': expected an alias."},
    {"SELECT 'héllo' +", ErrorClass::PARSE_SYNTAX_ERROR, 1, 17,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT 1 ; SELECT (", ErrorClass::PARSE_SYNTAX_ERROR, 1, 20,
     "Syntax error at or near end of input: expected an expression."},
    {"SELECT a FROM t ORDER BY a NULLS", ErrorClass::PARSE_SYNTAX_ERROR, 1, 33,
     "Syntax error at or near end of input: expected FIRST or LAST."},
    // A marker without a value, named by its offset in the statement, as Spark does.
    {"SELECT ?", ErrorClass::UNBOUND_SQL_PARAMETER, 1, 8,
     "Found the unbound parameter: _7. Please, fix `args` and provide a mapping of the "
     "parameter to either a SQL literal or collection constructor functions such as `map()`, "
     "`array()`, `struct()`."},
    {"SELECT a FROM t GROUP BY a WITH ROLLUP, b", ErrorClass::PARSE_SYNTAX_ERROR, 1, 39,
     "Syntax error at or near ','."},
    {"SELECT /*+ BROADCAST(t) FROM t", ErrorClass::PARSE_SYNTAX_ERROR, 1, 25,
     "Syntax error at or near 'FROM': expected '*/'."},
    {"SELECT sum(x) OVER (CLUSTER BY a)", ErrorClass::NOT_SUPPORTED, 1, 21,
     "CLUSTER BY in a window specification is not supported."},
    {"SELECT CAST(1 AS VARCHAR)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 25,
     "Syntax error at or near ')': expected '('."},
    {"SELECT CAST(1 AS DECIMAL(99999999999))", ErrorClass::PARSE_SYNTAX_ERROR, 1, 26,
     "Syntax error at or near '99999999999': the number is too large."},
};

TEST(ParserErrorTest, MalformedInputsReportClassPositionAndMessage) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.sql);
    try {
      parseStatements(c.sql, "test.sql");
      ADD_FAILURE() << "no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), c.error_class) << error.what();
      ASSERT_TRUE(error.location()) << error.what();
      EXPECT_EQ(error.location()->source_name, "test.sql");
      EXPECT_EQ(error.location()->line, c.line) << error.what();
      EXPECT_EQ(error.location()->column, c.column) << error.what();
      if (c.message) {
        EXPECT_EQ(error.message(), c.message);
      }
    }
  }
}

TEST(ParserErrorTest, ReportShowsTheLineAndACaret) {
  try {
    parseStatements("SELECT a,\n       b +\n  FROM t", "q.sql");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.report(),
              "[PARSE_SYNTAX_ERROR] Syntax error at or near 'FROM': expected an expression.\n"
              "  --> q.sql:3:3\n"
              "   |   FROM t\n"
              "   |   ^");
  }
}

TEST(ParserErrorTest, TooDeepNestingFailsCleanly) {
  std::string deep = "SELECT ";
  for (int i = 0; i < 5000; ++i)
    deep += "(";
  deep += "1";
  for (int i = 0; i < 5000; ++i)
    deep += ")";
  try {
    parseStatements(deep);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_TO_PARSE_TOO_COMPLEX);
  }
  std::string unary = "SELECT ";
  for (int i = 0; i < 5000; ++i)
    unary += "- ";
  unary += "x";
  EXPECT_THROW(parseStatements(unary), Error);
  std::string chain = "SELECT 1";
  for (int i = 0; i < 20000; ++i)
    chain += " + 1";
  try {
    parseStatements(chain);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_TO_PARSE_TOO_COMPLEX);
  }
  std::string types = "SELECT CAST(x AS ";
  for (int i = 0; i < 2000; ++i)
    types += "ARRAY<";
  EXPECT_THROW(parseStatements(types), Error);
}

TEST(ParserErrorTest, ExpressionTypeAndColumnListEntryPointsReportErrors) {
  EXPECT_THROW(parseExpression("a +"), Error);
  EXPECT_THROW(parseExpression("a b c"), Error);
  EXPECT_THROW(parseDataType("ARRAY<INT"), Error);
  EXPECT_THROW(parseDataType("INT INT"), Error);
  EXPECT_THROW(parseColumnList("id"), Error);
  EXPECT_THROW(parseColumnList("id INT,"), Error);
  try {
    parseDataType("STRUCT<a INT, b FOO>");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::UNSUPPORTED_DATATYPE);
    EXPECT_EQ(error.location()->column, 17u);
  }
}

}  // namespace
}  // namespace sluice::sql
