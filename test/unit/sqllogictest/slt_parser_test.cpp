// test/unit/sqllogictest/slt_parser_test.cpp
//
// The .test record grammar: each record kind, conditions, loops, line numbers and the errors
// for malformed files.
#include "sqllogictest/slt_parser.hpp"

#include <gtest/gtest.h>

namespace sluice::slt {
namespace {

TEST(SltParserTest, ReadsHeaderAndStatements) {
  TestFile file = parseTestFile(
      "# name: test/sql/x.test\n"
      "# description: what it covers\n"
      "# group: [runner]\n"
      "\n"
      "statement ok\n"
      "SELECT 1\n"
      "\n"
      "# a comment between records\n"
      "statement ok\n"
      "SELECT\n"
      "  2\n",
      "x.test");
  EXPECT_EQ(file.name, "test/sql/x.test");
  EXPECT_EQ(file.description, "what it covers");
  EXPECT_EQ(file.group, "[runner]");
  ASSERT_EQ(file.records.size(), 2u);
  EXPECT_EQ(file.records[0].kind, RecordKind::kStatementOk);
  EXPECT_EQ(file.records[0].line, 5);
  EXPECT_EQ(file.records[0].sql_line, 6);
  EXPECT_EQ(file.records[0].sql, "SELECT 1");
  EXPECT_EQ(file.records[1].line, 9);
  EXPECT_EQ(file.records[1].sql, "SELECT\n  2");
  EXPECT_EQ(file.records[1].end_line, 11);
}

TEST(SltParserTest, ReadsStatementErrorWithAndWithoutExpectation) {
  TestFile file = parseTestFile(
      "statement error\n"
      "SELECT 1/0\n"
      "----\n"
      "[DIVIDE_BY_ZERO] Division by zero\n"
      "\n"
      "statement error\n"
      "SELEC 1\n",
      "x.test");
  ASSERT_EQ(file.records.size(), 2u);
  EXPECT_EQ(file.records[0].kind, RecordKind::kStatementError);
  EXPECT_EQ(file.records[0].sql, "SELECT 1/0");
  EXPECT_EQ(file.records[0].separator_line, 3);
  EXPECT_EQ(file.records[0].end_line, 4);
  ASSERT_EQ(file.records[0].expected.size(), 1u);
  EXPECT_EQ(file.records[0].expected[0], "[DIVIDE_BY_ZERO] Division by zero");
  EXPECT_EQ(file.records[1].separator_line, 0);
  EXPECT_TRUE(file.records[1].expected.empty());
}

TEST(SltParserTest, ReadsQueryLettersSortModeAndRows) {
  TestFile file = parseTestFile(
      "query IT rowsort label-1\n"
      "VALUES (1, 'a'), (2, 'b')\n"
      "----\n"
      "1\ta\n"
      "2\tb\n",
      "x.test");
  ASSERT_EQ(file.records.size(), 1u);
  const Record& record = file.records[0];
  EXPECT_EQ(record.kind, RecordKind::kQuery);
  EXPECT_EQ(record.column_letters, "IT");
  EXPECT_EQ(record.sort_mode, SortMode::kRowSort);
  EXPECT_EQ(record.header_rest, "label-1");
  EXPECT_EQ(record.expected, (std::vector<std::string>{"1\ta", "2\tb"}));
  EXPECT_EQ(record.end_line, 5);
}

TEST(SltParserTest, QueryWithoutSeparatorHasNoExpectedRows) {
  TestFile file = parseTestFile("query I\nSELECT 1\n", "x.test");
  ASSERT_EQ(file.records.size(), 1u);
  EXPECT_EQ(file.records[0].separator_line, 0);
  EXPECT_EQ(file.records[0].sort_mode, SortMode::kNoSort);
  EXPECT_EQ(file.records[0].end_line, 2);
}

TEST(SltParserTest, ReadsConditionsAndDirectives) {
  TestFile file = parseTestFile(
      "require json\n"
      "\n"
      "skipif sluice\n"
      "onlyif duckdb\n"
      "statement ok\n"
      "SELECT 1\n"
      "\n"
      "mode skip\n"
      "\n"
      "mode unskip\n"
      "\n"
      "halt\n",
      "x.test");
  ASSERT_EQ(file.records.size(), 5u);
  EXPECT_EQ(file.records[0].kind, RecordKind::kRequire);
  EXPECT_EQ(file.records[0].feature, "json");
  ASSERT_EQ(file.records[1].conditions.size(), 2u);
  EXPECT_FALSE(file.records[1].conditions[0].only_if);
  EXPECT_EQ(file.records[1].conditions[0].engine, "sluice");
  EXPECT_TRUE(file.records[1].conditions[1].only_if);
  EXPECT_EQ(file.records[1].conditions[1].engine, "duckdb");
  EXPECT_EQ(file.records[1].line, 5);
  EXPECT_EQ(file.records[2].kind, RecordKind::kModeSkip);
  EXPECT_EQ(file.records[3].kind, RecordKind::kModeUnskip);
  EXPECT_EQ(file.records[4].kind, RecordKind::kHalt);
  EXPECT_EQ(file.records[4].line, 12);
}

TEST(SltParserTest, UnrollsLoopsWithSubstitution) {
  TestFile file = parseTestFile(
      "loop i 0 3\n"
      "\n"
      "query I\n"
      "SELECT ${i}\n"
      "----\n"
      "${i}\n"
      "\n"
      "endloop\n"
      "\n"
      "statement ok\n"
      "SELECT '${i}'\n",
      "x.test");
  ASSERT_EQ(file.records.size(), 4u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(file.records[i].sql, "SELECT " + std::to_string(i));
    EXPECT_EQ(file.records[i].expected, std::vector<std::string>{std::to_string(i)});
    EXPECT_EQ(file.records[i].line, 3);
    EXPECT_TRUE(file.records[i].in_loop);
  }
  EXPECT_EQ(file.records[3].sql, "SELECT '${i}'");
  EXPECT_FALSE(file.records[3].in_loop);
}

TEST(SltParserTest, UnrollsNestedLoops) {
  TestFile file = parseTestFile(
      "loop i 0 2\n"
      "\n"
      "loop j 0 2\n"
      "\n"
      "statement ok\n"
      "SELECT ${i}${j}\n"
      "\n"
      "endloop\n"
      "\n"
      "endloop\n",
      "x.test");
  ASSERT_EQ(file.records.size(), 4u);
  EXPECT_EQ(file.records[0].sql, "SELECT 00");
  EXPECT_EQ(file.records[1].sql, "SELECT 01");
  EXPECT_EQ(file.records[2].sql, "SELECT 10");
  EXPECT_EQ(file.records[3].sql, "SELECT 11");
}

TEST(SltParserTest, HandlesCrLfLineEndings) {
  TestFile file = parseTestFile("query I\r\nSELECT 1\r\n----\r\n1\r\n", "x.test");
  ASSERT_EQ(file.records.size(), 1u);
  EXPECT_EQ(file.records[0].sql, "SELECT 1");
  EXPECT_EQ(file.records[0].expected, std::vector<std::string>{"1"});
}

void expectSyntaxError(std::string_view text, std::string_view message_part) {
  try {
    parseTestFile(text, "bad.test");
    ADD_FAILURE() << "no error for: " << text;
  } catch (const SyntaxError& error) {
    EXPECT_NE(std::string(error.what()).find(message_part), std::string::npos) << error.what();
  }
}

TEST(SltParserTest, RejectsMalformedRecords) {
  expectSyntaxError("statement maybe\nSELECT 1\n", "bad.test:1:");
  expectSyntaxError("statement ok\n\n", "no SQL");
  expectSyntaxError("statement ok\nSELECT 1\n----\n1\n", "statement ok takes no expected");
  expectSyntaxError("query X\nSELECT 1\n", "unknown column letter 'X'");
  expectSyntaxError("query\nSELECT 1\n", "column letters");
  expectSyntaxError("\n\nloop i 0 3\n\nstatement ok\nSELECT 1\n",
                    "bad.test:3: loop without endloop");
  expectSyntaxError("endloop\n", "endloop without loop");
  expectSyntaxError("frobnicate\n", "unknown record 'frobnicate'");
  expectSyntaxError("skipif sluice\n\nstatement ok\nSELECT 1\n", "condition");
}

}  // namespace
}  // namespace sluice::slt
