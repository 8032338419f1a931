// test/unit/sql/formatter_test.cpp
//
// formatSql: canonical statements, comments carried over, statements with inner comments kept
// as written, idempotence, and syntax errors with their location.
#include "sql/formatter.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "sql/parser/parser.hpp"

namespace sluice::sql {
namespace {

TEST(FormatterTest, EndsEveryStatementWithSemicolonAndSeparatesThemByABlankLine) {
  std::string formatted = formatSql("select 1;select 2", "f.sql");
  EXPECT_EQ(formatted, "SELECT 1;\n\nSELECT 2;\n");
}

TEST(FormatterTest, UppercasesKeywordsAndNormalisesSpacing) {
  std::string formatted = formatSql("select   a+1   as b from t", "f.sql");
  EXPECT_NE(formatted.find("SELECT"), std::string::npos) << formatted;
  EXPECT_NE(formatted.find("a + 1 AS b"), std::string::npos) << formatted;
  EXPECT_NE(formatted.find("FROM t"), std::string::npos) << formatted;
}

TEST(FormatterTest, KeepsCommentsBetweenStatements) {
  std::string formatted = formatSql(
      "-- the first\n/* block */ select 1;\n\n-- the second\nselect 2; -- trailing\n", "f.sql");
  EXPECT_EQ(formatted,
            "-- the first\n/* block */\nSELECT 1;\n\n-- the second\nSELECT 2;\n\n-- trailing\n");
}

TEST(FormatterTest, PutsEachCommentOnItsOwnLineAndDropsStraySemicolons) {
  std::string formatted =
      formatSql("select 1 /* a */ ; ; /* b /* nested */ */ -- c\nselect 2", "f.sql");
  EXPECT_EQ(formatted, "SELECT 1;\n\n/* a */\n/* b /* nested */ */\n-- c\nSELECT 2;\n");
}

TEST(FormatterTest, KeepsAStatementWithAnInnerCommentAsWritten) {
  std::string text = "select a, -- the key\n  b from t";
  EXPECT_EQ(formatSql(text, "f.sql"), text + ";\n");
}

TEST(FormatterTest, IsIdempotent) {
  const char* inputs[] = {
      "with x as (select 1 a) select * from x union all select 2",
      "select a, count(*) from t where b > 1 group by a having count(*) > 2 order by a limit 3",
      "create or replace temporary view v as select 1",
      "-- note\nselect 1; select 'it''s' /* inner */ ; -- end",
      "set spark.sql.session.timeZone = UTC",
  };
  for (const char* input : inputs) {
    std::string once = formatSql(input, "f.sql");
    EXPECT_EQ(formatSql(once, "f.sql"), once) << input;
  }
}

TEST(FormatterTest, EmptyAndCommentOnlyTexts) {
  EXPECT_EQ(formatSql("", "f.sql"), "");
  EXPECT_EQ(formatSql(" ;; \n", "f.sql"), "");
  EXPECT_EQ(formatSql("-- only a comment\n", "f.sql"), "-- only a comment\n");
}

TEST(FormatterTest, ReportsSyntaxErrorsWithTheirLocation) {
  try {
    formatSql("select 1;\nselect from where", "pipeline.sql");
    FAIL() << "expected a syntax error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::PARSE_SYNTAX_ERROR);
    std::string report = error.report();
    EXPECT_NE(report.find("pipeline.sql:2:"), std::string::npos) << report;
  }
}

}  // namespace
}  // namespace sluice::sql
