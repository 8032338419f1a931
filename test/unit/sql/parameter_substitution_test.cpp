// test/unit/sql/parameter_substitution_test.cpp
//
// ${name} pipeline parameters: replaced in code, string literals and quoted identifiers, left
// alone in comments, and an unknown name is an error at its line and column.
#include "sql/parameter_substitution.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"

namespace sluice::sql {
namespace {

const std::map<std::string, std::string> kConf = {
    {"catalog", "dev"}, {"mypipeline.startDate", "2024-01-01"}, {"my-key", "v"}, {"empty", ""}};

TEST(ParameterSubstitutionTest, ReplacesReferencesInCodeStringsAndQuotedNames) {
  EXPECT_EQ(substituteParameters("SELECT * FROM ${catalog}.sales.t", kConf, "f.sql"),
            "SELECT * FROM dev.sales.t");
  EXPECT_EQ(substituteParameters("WHERE d > '${mypipeline.startDate}'", kConf, "f.sql"),
            "WHERE d > '2024-01-01'");
  EXPECT_EQ(
      substituteParameters("SELECT \"${my-key}\", `${catalog}_t`, r'${empty}x'", kConf, "f.sql"),
      "SELECT \"v\", `dev_t`, r'x'");
  EXPECT_EQ(substituteParameters("${catalog}${catalog}", kConf, "f.sql"), "devdev");
}

TEST(ParameterSubstitutionTest, LeavesCommentsAndEscapesAlone) {
  EXPECT_EQ(substituteParameters("SELECT 1 -- uses ${unknown}\n, 2", kConf, "f.sql"),
            "SELECT 1 -- uses ${unknown}\n, 2");
  EXPECT_EQ(substituteParameters("/* ${unknown} /* nested ${x} */ */ ${catalog}", kConf, "f.sql"),
            "/* ${unknown} /* nested ${x} */ */ dev");
  // A quote escaped in a string does not end it, and -- inside a string is no comment.
  EXPECT_EQ(substituteParameters("'it\\'s -- ${catalog}'", kConf, "f.sql"), "'it\\'s -- dev'");
  // A hint is code, not a comment.
  EXPECT_EQ(substituteParameters("SELECT /*+ REPARTITION(${catalog}) */ 1", kConf, "f.sql"),
            "SELECT /*+ REPARTITION(dev) */ 1");
  // An unclosed reference is left for the parser.
  EXPECT_EQ(substituteParameters("SELECT '${catalog'", kConf, "f.sql"), "SELECT '${catalog'");
}

TEST(ParameterSubstitutionTest, UnknownNameIsAnErrorAtItsPosition) {
  try {
    substituteParameters("SELECT ${catalog},\n  é, ${missing}", kConf, "pipeline/a.sql");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::UNBOUND_SQL_PARAMETER);
    EXPECT_EQ(error.message(),
              "The parameter ${missing} is not set in the pipeline configuration.");
    ASSERT_TRUE(error.location());
    EXPECT_EQ(error.location()->source_name, "pipeline/a.sql");
    EXPECT_EQ(error.location()->line, 2u);
    EXPECT_EQ(error.location()->column, 6u);
    EXPECT_EQ(error.location()->line_text, "  é, ${missing}");
  }
  try {
    substituteParameters("SELECT '${catalog}', '${nope}'", kConf, "b.sql");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.location()->line, 1u);
    EXPECT_EQ(error.location()->column, 23u);
  }
}

}  // namespace
}  // namespace sluice::sql
