// Every function SHOW FUNCTIONS lists resolves: called with zero to three arguments, it may
// fail for its arguments (their number, their types, a missing OVER clause), but never as an
// unknown routine nor as an internal error; the functions sluice does not implement fail with
// NOT_SUPPORTED naming themselves. Every documented function's examples give the result lines
// its documentation shows.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "common/error/error.hpp"
#include "function/function_catalogue.hpp"
#include "function/function_doc.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

std::vector<std::string> listedFunctions(Session& session, const std::string& statement) {
  auto results = session.execute(statement);
  std::vector<std::string> names;
  for (idx_t row = 0; row < results.back().numRows(); ++row)
    names.push_back(results.back().displayValue(row, 0));
  return names;
}

//! The errors of calling `name` with 0, 1, 2 and 3 arguments (none when a call succeeds).
std::vector<Error> callErrors(Session& session, const std::string& name) {
  std::vector<Error> errors;
  std::string arguments;
  for (int count = 0; count <= 3; ++count) {
    try {
      session.execute("SELECT `" + name + "`(" + arguments + ")");
    } catch (const Error& error) {
      errors.push_back(error);
    }
    arguments += count == 0 ? "NULL" : ", NULL";
  }
  return errors;
}

const std::set<std::string>& notSupportedFunctions() {
  static const std::set<std::string> kNames = {"java_method",
                                               "reflect",
                                               "try_reflect",
                                               "from_avro",
                                               "to_avro",
                                               "from_protobuf",
                                               "to_protobuf",
                                               "xpath",
                                               "xpath_boolean",
                                               "xpath_double",
                                               "xpath_number",
                                               "xpath_float",
                                               "xpath_int",
                                               "xpath_long",
                                               "xpath_short",
                                               "xpath_string",
                                               "from_xml",
                                               "to_xml",
                                               "schema_of_xml",
                                               "hll_sketch_agg",
                                               "hll_union_agg",
                                               "theta_sketch_agg",
                                               "kll_sketch_agg_bigint",
                                               "kll_sketch_get_n_double",
                                               "approx_top_k",
                                               "approx_top_k_estimate"};
  return kNames;
}

TEST(FunctionCatalogueTest, ListsAtLeastFourHundredFunctions) {
  Session session;
  EXPECT_GE(listedFunctions(session, "SHOW FUNCTIONS").size(), 400u);
}

TEST(FunctionCatalogueTest, EveryListedFunctionResolves) {
  Session session;
  for (const std::string& name : listedFunctions(session, "SHOW SYSTEM FUNCTIONS")) {
    for (const Error& error : callErrors(session, name)) {
      EXPECT_NE(error.errorClass(), ErrorClass::UNRESOLVED_ROUTINE) << name << ": " << error.what();
      EXPECT_NE(error.errorClass(), ErrorClass::INTERNAL_ERROR) << name << ": " << error.what();
      if (error.errorClass() == ErrorClass::NOT_SUPPORTED) {
        EXPECT_NE(error.message().find("`" + name + "`"), std::string::npos)
            << name << ": " << error.what();
      }
    }
  }
}

TEST(FunctionCatalogueTest, UnimplementedFunctionsFailAsNotSupported) {
  Session session;
  std::vector<std::string> listed = listedFunctions(session, "SHOW FUNCTIONS");
  std::set<std::string> names(listed.begin(), listed.end());
  for (const std::string& name : notSupportedFunctions()) {
    EXPECT_TRUE(names.count(name)) << name << " is not listed";
    try {
      session.execute("SELECT " + name + "(1) FROM VALUES (1) AS t(x) GROUP BY x");
      ADD_FAILURE() << name << " ran";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::NOT_SUPPORTED) << name << ": " << error.what();
      EXPECT_NE(error.message().find("`" + name + "`"), std::string::npos) << error.what();
    }
  }
}

struct DocExample {
  std::string statement;            // without its closing ';'
  std::vector<std::string> result;  // one line a row: a space, then the columns tab-separated
};

//! The examples of `doc` for `name`: "> statement;" lines, each followed by its result lines.
std::vector<DocExample> docExamples(const FunctionDoc& doc, const std::string& name) {
  std::vector<DocExample> examples;
  std::istringstream lines(substituteFunctionName(doc.examples, name));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("> ")) {
      EXPECT_TRUE(line.ends_with(";")) << name << ": " << line;
      examples.push_back({line.substr(2, line.size() - 3), {}});
    } else {
      EXPECT_FALSE(examples.empty()) << name << ": a result line before any statement: " << line;
      EXPECT_TRUE(line.starts_with(" ")) << name << ": " << line;
      if (!examples.empty())
        examples.back().result.push_back(line);
    }
  }
  return examples;
}

std::vector<std::string> resultLines(const StatementResult& result) {
  std::vector<std::string> lines;
  for (idx_t row = 0; row < result.numRows(); ++row) {
    std::string line = " ";
    for (idx_t column = 0; column < result.numColumns(); ++column)
      line += (column > 0 ? "\t" : "") + result.displayValue(row, column);
    lines.push_back(line);
  }
  return lines;
}

TEST(FunctionCatalogueTest, EveryDocumentedFunctionIsListed) {
  Session session;
  std::vector<std::string> listed = listedFunctions(session, "SHOW SYSTEM FUNCTIONS");
  std::set<std::string> names(listed.begin(), listed.end());
  for (std::string_view name : documentedBuiltinFunctions())
    EXPECT_TRUE(names.count(std::string(name))) << name << " is documented but not listed";
}

TEST(FunctionCatalogueTest, EveryUsageHasTheFormDescribeFunctionPrints) {
  for (std::string_view name : documentedBuiltinFunctions()) {
    std::string_view usage = builtinFunctionDoc(name).usage;
    EXPECT_NE(usage.find("_FUNC_"), std::string_view::npos) << name << ": " << usage;
    EXPECT_NE(usage.find(" - "), std::string_view::npos) << name << ": " << usage;
    EXPECT_TRUE(usage.ends_with(".")) << name << ": " << usage;
  }
}

TEST(FunctionCatalogueTest, EveryExampleGivesTheResultItShows) {
  int checked = 0;
  for (std::string_view name : documentedBuiltinFunctions()) {
    for (const DocExample& example : docExamples(builtinFunctionDoc(name), std::string(name))) {
      Session session;
      try {
        auto results = session.execute(example.statement);
        EXPECT_EQ(resultLines(results.back()), example.result) << name << ": " << example.statement;
      } catch (const Error& error) {
        ADD_FAILURE() << name << ": " << example.statement << ": " << error.what();
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 400);
}

TEST(FunctionCatalogueTest, AWrongExampleResultIsNoticed) {
  FunctionDoc doc{"_FUNC_(x) - Returns x.", "> SELECT _FUNC_(2, 3);\n 4"};
  std::vector<DocExample> examples = docExamples(doc, "greatest");
  ASSERT_EQ(examples.size(), 1u);
  EXPECT_EQ(examples[0].statement, "SELECT greatest(2, 3)");
  Session session;
  EXPECT_NE(resultLines(session.execute(examples[0].statement).back()), examples[0].result);
}

}  // namespace
}  // namespace sluice
