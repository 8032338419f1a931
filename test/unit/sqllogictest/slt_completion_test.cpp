// test/unit/sqllogictest/slt_completion_test.cpp
//
// --complete rewrites: replacing, inserting and re-lettering expected blocks.
#include "sqllogictest/slt_completion.hpp"

#include <gtest/gtest.h>

#include "sqllogictest/slt_parser.hpp"

namespace sluice::slt {
namespace {

std::vector<std::string> complete(std::string_view text,
                                  std::vector<std::vector<std::string>> expected,
                                  std::vector<std::optional<std::string>> letters = {}) {
  std::vector<std::string> lines = splitLines(text);
  TestFile file = parseTestFile(text, "x.test");
  std::vector<Completion> completions;
  for (size_t i = 0; i < expected.size(); ++i) {
    Completion completion = completionFor(file.records[i], expected[i]);
    if (i < letters.size())
      completion.column_letters = letters[i];
    completions.push_back(completion);
  }
  return applyCompletions(lines, completions);
}

TEST(SltCompletionTest, ReplacesRowsAndInsertsMissingBlocks) {
  std::vector<std::string> lines = complete(
      "query I\n"
      "SELECT 1\n"
      "----\n"
      "7\n"
      "8\n"
      "\n"
      "statement error\n"
      "SELECT 1/0\n"
      "\n"
      "query T\n"
      "SELECT 'x'\n",
      {{"1"}, {"[DIVIDE_BY_ZERO] Division by zero."}, {"x", "y"}});
  EXPECT_EQ(lines,
            (std::vector<std::string>{"query I", "SELECT 1", "----", "1", "", "statement error",
                                      "SELECT 1/0", "----", "[DIVIDE_BY_ZERO] Division by zero.",
                                      "", "query T", "SELECT 'x'", "----", "x", "y"}));
}

TEST(SltCompletionTest, FillsAnEmptyBlockAndReplacesLetters) {
  std::vector<std::string> lines =
      complete("query T rowsort\nSELECT 1, 2\n----\n\n# after\n", {{"1\t2"}}, {"II"});
  EXPECT_EQ(lines, (std::vector<std::string>{"query II rowsort", "SELECT 1, 2", "----", "1\t2", "",
                                             "# after"}));
}

}  // namespace
}  // namespace sluice::slt
