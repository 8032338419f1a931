// test/unit/sql/dml_parser_test.cpp
//
// INSERT, DELETE, UPDATE and MERGE: the trees they parse to, parse-print-parse round trips in both
// layouts, and malformed or refused statements with their class, position and message.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {
namespace {

const char* const kDmlInputs[] = {
    "INSERT INTO t VALUES (1, 'a'), (2, NULL)",
    "INSERT INTO TABLE db.t SELECT * FROM s",
    "INSERT INTO t (b, a) VALUES ('x', 1)",
    "INSERT INTO t (a) (SELECT 1) UNION ALL (SELECT 2)",
    "INSERT INTO t (SELECT 1)",
    "INSERT INTO t BY NAME SELECT 1 AS a",
    "INSERT INTO t PARTITION (p = 1, q = 'x') SELECT a FROM s",
    "INSERT INTO t PARTITION (p = 1 + 1, q) SELECT a, q FROM s",
    "INSERT INTO t PARTITION (p = (1 = 1)) SELECT a",
    "INSERT OVERWRITE t SELECT * FROM s",
    "INSERT OVERWRITE TABLE t PARTITION (d = DATE '2024-01-01') VALUES (1)",
    "INSERT INTO t REPLACE WHERE d >= '2024-01-01' AND d < '2024-02-01' SELECT * FROM s",
    "INSERT INTO t BY NAME REPLACE WHERE a = 1 SELECT 1 AS a",
    "INSERT INTO delta.`/data/events` VALUES (1)",
    "DELETE FROM t",
    "DELETE FROM db.t WHERE a = 1 OR b IS NULL",
    "DELETE FROM t AS x WHERE x.a > 1",
    "DELETE FROM t x WHERE x.a > 1",
    "DELETE FROM delta.`/data/events` WHERE d < current_date()",
    "UPDATE t SET a = 1",
    "UPDATE t SET a = a + 1, b = upper(b) WHERE c = 'x'",
    "UPDATE t AS x SET x.a = CASE WHEN x.b THEN 1 ELSE 2 END WHERE NOT x.b",
    "UPDATE t x SET a = 1",
    "EXPLAIN INSERT INTO t VALUES (1)",
    "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE",
    "MERGE INTO t AS x USING s AS y ON x.id = y.id WHEN MATCHED AND y.op = 'd' THEN DELETE "
    "WHEN MATCHED THEN UPDATE SET x.v = y.v, w = 1 WHEN NOT MATCHED THEN INSERT *",
    "MERGE INTO t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * "
    "WHEN NOT MATCHED BY TARGET AND s.id > 0 THEN INSERT (id, v) VALUES (s.id, 'x') "
    "WHEN NOT MATCHED BY SOURCE AND t.v IS NULL THEN DELETE "
    "WHEN NOT MATCHED BY SOURCE THEN UPDATE SET v = 'gone'",
    "MERGE WITH SCHEMA EVOLUTION INTO delta.`/data/t` USING db.s VERSION AS OF 3 ON true "
    "WHEN NOT MATCHED THEN INSERT *",
};

TEST(DmlParserTest, PrintedStatementsParseBackToTheSameTreeOnOneLine) {
  for (const char* input : kDmlInputs)
    expectRoundTrip(input, PrintLayout::kOneLine);
}

TEST(DmlParserTest, PrintedStatementsParseBackToTheSameTreeInThePrettyLayout) {
  for (const char* input : kDmlInputs)
    expectRoundTrip(input, PrintLayout::kPretty);
}

TEST(DmlParserTest, PrinterWritesTheCanonicalForm) {
  const std::pair<const char*, const char*> cases[] = {
      {"insert into table t values (1)", "INSERT INTO t VALUES 1"},
      {"insert overwrite table t partition (p = 1) select 2",
       "INSERT OVERWRITE t PARTITION (p = 1) SELECT 2"},
      {"delete from t x where a = 1", "DELETE FROM t AS x WHERE a = 1"},
      {"update t set a=1,b=2", "UPDATE t SET a = 1, b = 2"},
      {"merge into t x using s on x.a = s.a when not matched by target then insert (a) values (1)",
       "MERGE INTO t AS x USING s ON x.a = s.a WHEN NOT MATCHED THEN INSERT (a) VALUES (1)"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(input);
    EXPECT_EQ(printStatement(*parseSingle(input)), expected);
  }
}

TEST(DmlParserTest, StatementsParseToTheirTrees) {
  StatementPtr insert_statement =
      parseSingle("INSERT OVERWRITE TABLE cat.db.t PARTITION (p = 1, q) (a, b) SELECT 1, 2, 3");
  const auto& insert = insert_statement->as<InsertStatement>();
  EXPECT_TRUE(insert.overwrite);
  EXPECT_EQ(insert.target, (std::vector<std::string>{"cat", "db", "t"}));
  ASSERT_EQ(insert.partition.size(), 2u);
  EXPECT_EQ(insert.partition[0].column, "p");
  EXPECT_NE(insert.partition[0].value, nullptr);
  EXPECT_EQ(insert.partition[1].column, "q");
  EXPECT_EQ(insert.partition[1].value, nullptr);
  EXPECT_EQ(insert.columns, (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(insert.by_name);
  EXPECT_EQ(insert.replace_where, nullptr);
  EXPECT_NE(insert.query, nullptr);

  StatementPtr replace_statement =
      parseSingle("INSERT INTO t BY NAME REPLACE WHERE a = 1 VALUES (1)");
  const auto& replace = replace_statement->as<InsertStatement>();
  EXPECT_FALSE(replace.overwrite);
  EXPECT_TRUE(replace.by_name);
  EXPECT_NE(replace.replace_where, nullptr);

  StatementPtr delete_statement = parseSingle("DELETE FROM t AS x WHERE x.a = 1");
  const auto& del = delete_statement->as<DeleteStatement>();
  EXPECT_EQ(del.target, (std::vector<std::string>{"t"}));
  EXPECT_EQ(del.alias, "x");
  EXPECT_NE(del.condition, nullptr);
  EXPECT_EQ(statementName(del), "DELETE");

  StatementPtr update_statement = parseSingle("UPDATE t SET x.a = 1, b = 2");
  const auto& update = update_statement->as<UpdateStatement>();
  EXPECT_EQ(update.alias, "");
  ASSERT_EQ(update.assignments.size(), 2u);
  EXPECT_EQ(update.assignments[0].column, (std::vector<std::string>{"x", "a"}));
  EXPECT_EQ(update.condition, nullptr);
  EXPECT_EQ(statementName(update), "UPDATE");

  StatementPtr merge_statement = parseSingle(
      "MERGE INTO t USING s ON t.a = s.a WHEN MATCHED AND s.d THEN DELETE "
      "WHEN NOT MATCHED BY SOURCE THEN UPDATE SET b = 0 WHEN NOT MATCHED THEN INSERT (a) VALUES "
      "(s.a)");
  const auto& merge = merge_statement->as<MergeStatement>();
  EXPECT_EQ(statementName(merge), "MERGE");
  EXPECT_EQ(merge.target, (std::vector<std::string>{"t"}));
  EXPECT_EQ(merge.alias, "");
  EXPECT_FALSE(merge.schema_evolution);
  ASSERT_EQ(merge.clauses.size(), 3u);
  EXPECT_EQ(merge.clauses[0].kind, MergeClauseKind::kMatched);
  EXPECT_EQ(merge.clauses[0].action, MergeActionKind::kDelete);
  EXPECT_NE(merge.clauses[0].condition, nullptr);
  EXPECT_EQ(merge.clauses[1].kind, MergeClauseKind::kNotMatchedBySource);
  EXPECT_EQ(merge.clauses[1].action, MergeActionKind::kUpdate);
  EXPECT_EQ(merge.clauses[2].kind, MergeClauseKind::kNotMatched);
  EXPECT_EQ(merge.clauses[2].action, MergeActionKind::kInsert);
  ASSERT_EQ(merge.clauses[2].assignments.size(), 1u);
  EXPECT_EQ(merge.clauses[2].assignments[0].column, (std::vector<std::string>{"a"}));
}

struct ErrorCase {
  const char* sql;
  ErrorClass error_class;
  uint32_t line;
  uint32_t column;
};

const ErrorCase kErrorCases[] = {
    {"INSERT t VALUES (1)", ErrorClass::PARSE_SYNTAX_ERROR, 1, 8},
    {"INSERT INTO t", ErrorClass::PARSE_SYNTAX_ERROR, 1, 14},
    {"INSERT INTO t PARTITION (p = 1) IF NOT EXISTS SELECT 1", ErrorClass::NOT_SUPPORTED, 1, 33},
    {"INSERT INTO t PARTITION (p = DEFAULT) SELECT 1", ErrorClass::NOT_SUPPORTED, 1, 30},
    {"INSERT OVERWRITE t REPLACE WHERE a = 1 SELECT 1", ErrorClass::INVALID_SQL_SYNTAX, 1, 20},
    {"INSERT INTO t (a) REPLACE WHERE a = 1 SELECT 1", ErrorClass::INVALID_SQL_SYNTAX, 1, 19},
    {"DELETE FROM t WHERE", ErrorClass::PARSE_SYNTAX_ERROR, 1, 20},
    {"DELETE t WHERE a = 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 1},
    {"UPDATE t WHERE a = 1", ErrorClass::PARSE_SYNTAX_ERROR, 1, 10},
    {"UPDATE t SET a", ErrorClass::PARSE_SYNTAX_ERROR, 1, 15},
    {"UPDATE t SET a = DEFAULT", ErrorClass::NOT_SUPPORTED, 1, 18},
    {"MERGE INTO t USING s ON t.a = s.a", ErrorClass::INVALID_SQL_SYNTAX, 1, 34},
    {"MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE "
     "WHEN MATCHED AND s.b THEN UPDATE SET a = 1",
     ErrorClass::NON_LAST_MATCHED_CLAUSE_OMIT_CONDITION, 1, 35},
    {"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED THEN INSERT * "
     "WHEN NOT MATCHED AND s.b THEN INSERT *",
     ErrorClass::NON_LAST_NOT_MATCHED_BY_TARGET_CLAUSE_OMIT_CONDITION, 1, 35},
    {"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED BY SOURCE THEN DELETE "
     "WHEN NOT MATCHED BY SOURCE AND t.b THEN DELETE",
     ErrorClass::NON_LAST_NOT_MATCHED_BY_SOURCE_CLAUSE_OMIT_CONDITION, 1, 35},
    {"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED THEN INSERT (a, b) VALUES (1)",
     ErrorClass::INVALID_SQL_SYNTAX, 1, 71},
    {"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED THEN DELETE",
     ErrorClass::PARSE_SYNTAX_ERROR, 1, 57},
    {"MERGE INTO t USING s ON t.a = s.a WHEN NOT MATCHED BY SOURCE THEN UPDATE SET *",
     ErrorClass::PARSE_SYNTAX_ERROR, 1, 78},
    {"MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN INSERT *", ErrorClass::PARSE_SYNTAX_ERROR,
     1, 53},
};

TEST(DmlParserErrorTest, MalformedStatementsReportClassAndPosition) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.sql);
    try {
      parseStatements(c.sql, "dml.sql");
      ADD_FAILURE() << "no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), c.error_class) << error.what();
      ASSERT_TRUE(error.location()) << error.what();
      EXPECT_EQ(error.location()->line, c.line) << error.what();
      EXPECT_EQ(error.location()->column, c.column) << error.what();
    }
  }
}

}  // namespace
}  // namespace sluice::sql
