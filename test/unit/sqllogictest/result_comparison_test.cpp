// test/unit/sqllogictest/result_comparison_test.cpp
//
// Column letters, sort modes, the side-by-side report and the statement error expectations.
#include "sqllogictest/result_comparison.hpp"

#include <gtest/gtest.h>

namespace sluice::slt {
namespace {

TEST(ResultComparisonTest, LettersFollowTypes) {
  EXPECT_EQ(typeLetter(DataType::byteType()), 'I');
  EXPECT_EQ(typeLetter(DataType::longType()), 'I');
  EXPECT_EQ(typeLetter(DataType::floatType()), 'R');
  EXPECT_EQ(typeLetter(DataType::decimal(10, 2)), 'R');
  EXPECT_EQ(typeLetter(DataType::boolean()), 'B');
  EXPECT_EQ(typeLetter(DataType::string()), 'T');
  EXPECT_EQ(typeLetter(DataType::date()), 'T');
  EXPECT_EQ(typeLetter(DataType::voidType()), 'T');
  EXPECT_EQ(typeLetter(DataType::array(DataType::intType())), 'T');
}

TEST(ResultComparisonTest, ChecksLettersAgainstTypes) {
  std::vector<DataType> types = {DataType::intType(), DataType::doubleType(), DataType::string()};
  EXPECT_FALSE(checkColumnLetters("IRT", types));
  EXPECT_FALSE(checkColumnLetters("???", types));
  std::optional<std::string> wrong_letter = checkColumnLetters("ITT", types);
  ASSERT_TRUE(wrong_letter);
  EXPECT_NE(wrong_letter->find("column 2 is DOUBLE"), std::string::npos) << *wrong_letter;
  std::optional<std::string> wrong_count = checkColumnLetters("IR", types);
  ASSERT_TRUE(wrong_count);
  EXPECT_NE(wrong_count->find("has 3"), std::string::npos) << *wrong_count;
}

TEST(ResultComparisonTest, SortModesShapeTheLines) {
  std::vector<TextRow> rows = {{"2", "b"}, {"10", "a"}, {"1", "NULL"}};
  EXPECT_EQ(resultLines(rows, SortMode::kNoSort),
            (std::vector<std::string>{"2\tb", "10\ta", "1\tNULL"}));
  // Rows sort as strings, so "10" comes before "2".
  EXPECT_EQ(resultLines(rows, SortMode::kRowSort),
            (std::vector<std::string>{"1\tNULL", "10\ta", "2\tb"}));
  EXPECT_EQ(resultLines(rows, SortMode::kValueSort),
            (std::vector<std::string>{"1", "10", "2", "NULL", "a", "b"}));
}

TEST(ResultComparisonTest, ExpectedLinesAreNormalisedLikeResults) {
  std::vector<std::string> expected = {"2\tb", "1\ta"};
  EXPECT_EQ(expectedLines(expected, SortMode::kNoSort), expected);
  EXPECT_EQ(expectedLines(expected, SortMode::kRowSort),
            (std::vector<std::string>{"1\ta", "2\tb"}));
  EXPECT_EQ(expectedLines(expected, SortMode::kValueSort),
            (std::vector<std::string>{"1", "2", "a", "b"}));
  // Text comparison is exact: no float rounding.
  EXPECT_NE(expectedLines({"0.1"}, SortMode::kNoSort),
            resultLines({{"0.10000000000000001"}}, SortMode::kNoSort));
}

TEST(ResultComparisonTest, SideBySideMarksDifferences) {
  std::string report = sideBySide({"1\ta", "2\tb"}, {"1\ta", "3\tb", "4\tc"});
  EXPECT_NE(report.find("expected (2 lines)"), std::string::npos) << report;
  EXPECT_NE(report.find("actual (3 lines)"), std::string::npos) << report;
  EXPECT_NE(report.find("    1  a"), std::string::npos) << report;
  EXPECT_NE(report.find("  > 2  b"), std::string::npos) << report;
  EXPECT_NE(report.find("| 4  c"), std::string::npos) << report;
}

TEST(ResultComparisonTest, ParsesErrorExpectations) {
  ErrorExpectation any = parseErrorExpectation({});
  EXPECT_TRUE(any.error_class.empty() && any.substring.empty() && any.regex.empty());
  ErrorExpectation class_only = parseErrorExpectation({"[DIVIDE_BY_ZERO]"});
  EXPECT_EQ(class_only.error_class, "DIVIDE_BY_ZERO");
  EXPECT_TRUE(class_only.substring.empty());
  ErrorExpectation with_message = parseErrorExpectation({"[UNRESOLVED_COLUMN] `x` cannot"});
  EXPECT_EQ(with_message.error_class, "UNRESOLVED_COLUMN");
  EXPECT_EQ(with_message.substring, "`x` cannot");
  EXPECT_EQ(parseErrorExpectation({"Division by zero"}).substring, "Division by zero");
  EXPECT_EQ(parseErrorExpectation({"/by z[e]ro/"}).regex, "by z[e]ro");
}

TEST(ResultComparisonTest, MatchesErrorClassExactlyOrUpToADot) {
  ErrorExpectation expectation = parseErrorExpectation({"[UNRESOLVED_COLUMN]"});
  EXPECT_FALSE(matchError(expectation, "UNRESOLVED_COLUMN", "[UNRESOLVED_COLUMN] x"));
  EXPECT_FALSE(matchError(expectation, "UNRESOLVED_COLUMN.WITH_SUGGESTION", "..."));
  EXPECT_TRUE(matchError(expectation, "UNRESOLVED_COLUMNS", "..."));
  EXPECT_TRUE(matchError(parseErrorExpectation({"[UNRESOLVED]"}), "UNRESOLVED_COLUMN", "..."));
  EXPECT_TRUE(matchError(parseErrorExpectation({"[UNRESOLVED_COLUMN.WITH_SUGGESTION]"}),
                         "UNRESOLVED_COLUMN", "..."));
}

TEST(ResultComparisonTest, MatchesMessagesAndRegexes) {
  std::string rendered = "[DIVIDE_BY_ZERO] Division by zero. (x.test:3:8)";
  EXPECT_FALSE(matchError(parseErrorExpectation({"[DIVIDE_BY_ZERO] Division by"}), "DIVIDE_BY_ZERO",
                          rendered));
  EXPECT_TRUE(
      matchError(parseErrorExpectation({"[DIVIDE_BY_ZERO] Modulo"}), "DIVIDE_BY_ZERO", rendered));
  EXPECT_TRUE(matchError(parseErrorExpectation({"[CAST_INVALID_INPUT] Division"}), "DIVIDE_BY_ZERO",
                         rendered));
  EXPECT_FALSE(matchError(parseErrorExpectation({"by zero"}), "DIVIDE_BY_ZERO", rendered));
  EXPECT_FALSE(matchError(parseErrorExpectation({"/^\\[DIVIDE_BY_ZERO\\] .*:3:8\\)$/"}),
                          "DIVIDE_BY_ZERO", rendered));
  EXPECT_TRUE(matchError(parseErrorExpectation({"/overflow/"}), "DIVIDE_BY_ZERO", rendered));
  std::optional<std::string> bad_regex =
      matchError(parseErrorExpectation({"/(/"}), "DIVIDE_BY_ZERO", rendered);
  ASSERT_TRUE(bad_regex);
  EXPECT_NE(bad_regex->find("invalid regex"), std::string::npos);
  EXPECT_FALSE(matchError(parseErrorExpectation({}), "ANYTHING", "whatever"));
}

}  // namespace
}  // namespace sluice::slt
