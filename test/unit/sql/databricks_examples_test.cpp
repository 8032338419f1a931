// test/unit/sql/databricks_examples_test.cpp
//
// Every SQL example of the Databricks reference pages for pipeline statements
// (test/data/sql/databricks_examples.sql), after ${name} substitution: each parses, and prints
// back, on one line and in the pretty layout, to text that parses to the same tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sql/parameter_substitution.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {
namespace {

constexpr std::string_view kExamplesFile = "test/data/sql/databricks_examples.sql";

// The examples live in the source tree; the test binary runs from somewhere in the build tree
// below it, so look upward from the binary and from the working folder.
std::filesystem::path findExamples() {
  std::vector<std::filesystem::path> starts = {std::filesystem::current_path()};
  std::error_code error;
  std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error)
    starts.push_back(binary.parent_path());
  for (std::filesystem::path start : starts) {
    for (std::filesystem::path dir = start; !dir.empty(); dir = dir.parent_path()) {
      std::filesystem::path candidate = dir / kExamplesFile;
      if (std::filesystem::exists(candidate))
        return candidate;
      if (dir == dir.parent_path())
        break;
    }
  }
  return {};
}

std::string readExamples() {
  std::filesystem::path path = findExamples();
  if (path.empty())
    return {};
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(DatabricksExamplesTest, EveryExampleParsesAndRoundTrips) {
  std::string text = readExamples();
  ASSERT_FALSE(text.empty()) << "cannot find " << kExamplesFile;
  std::map<std::string, std::string> conf = {{"source_catalog", "dev_catalog"},
                                             {"mypipeline.startDate", "2021-01-02"}};
  std::string substituted = substituteParameters(text, conf, "databricks_examples.sql");
  std::vector<StatementPtr> statements;
  try {
    statements = parseStatements(substituted, "databricks_examples.sql");
  } catch (const Error& error) {
    FAIL() << error.report();
  }
  EXPECT_EQ(statements.size(), 55u);
  for (const StatementPtr& statement : statements) {
    SCOPED_TRACE(statement->text());
    for (PrintLayout layout : {PrintLayout::kOneLine, PrintLayout::kPretty}) {
      std::string printed = printStatement(*statement, layout);
      std::vector<StatementPtr> again;
      try {
        again = parseStatements(printed);
      } catch (const Error& error) {
        ADD_FAILURE() << "printed text does not parse:\n" << printed << "\n" << error.report();
        continue;
      }
      ASSERT_EQ(again.size(), 1u) << printed;
      EXPECT_TRUE(statement->equals(*again[0])) << "printed:\n" << printed;
    }
  }
}

TEST(DatabricksExamplesTest, ExamplesCoverEveryPipelineStatement) {
  std::string text = readExamples();
  ASSERT_FALSE(text.empty());
  std::map<std::string, std::string> conf = {{"source_catalog", "c"},
                                             {"mypipeline.startDate", "2021-01-02"}};
  std::vector<StatementPtr> statements =
      parseStatements(substituteParameters(text, conf, "databricks_examples.sql"));
  std::map<std::string, int> counts;
  for (const StatementPtr& statement : statements)
    ++counts[statementName(*statement)];
  EXPECT_GT(counts["CREATE TABLE"], 0);
  EXPECT_GT(counts["CREATE STREAMING TABLE"], 0);
  EXPECT_GT(counts["CREATE MATERIALIZED VIEW"], 0);
  EXPECT_GT(counts["CREATE FLOW"], 0);
  EXPECT_GT(counts["AUTO CDC INTO"], 0);
  EXPECT_GT(counts["CREATE TEMPORARY VIEW"], 0);
  EXPECT_GT(counts["CREATE VIEW"], 0);
  EXPECT_GT(counts["CREATE FUNCTION"], 0);
}

}  // namespace
}  // namespace sluice::sql
