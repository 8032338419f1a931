// Every function SHOW FUNCTIONS lists resolves: called with zero to three arguments, it may
// fail for its arguments (their number, their types, a missing OVER clause), but never as an
// unknown routine nor as an internal error; the functions sluice does not implement fail with
// NOT_SUPPORTED naming themselves.
#include <gtest/gtest.h>

#include <set>

#include "common/error/error.hpp"
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
  static const std::set<std::string> kNames = {
      "java_method",   "reflect",          "try_reflect",           "from_avro",
      "to_avro",       "from_protobuf",    "to_protobuf",           "xpath",
      "xpath_boolean", "xpath_double",     "xpath_number",          "xpath_float",
      "xpath_int",     "xpath_long",       "xpath_short",           "xpath_string",
      "from_xml",      "to_xml",           "schema_of_xml",         "hll_sketch_agg",
      "hll_union_agg", "theta_sketch_agg", "kll_sketch_agg_bigint", "kll_sketch_get_n_double"};
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

}  // namespace
}  // namespace sluice
