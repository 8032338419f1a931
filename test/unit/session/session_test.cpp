#include "session/session.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"

namespace sluice {
namespace {

std::string firstValue(Session& session, const std::string& sql) {
  auto results = session.execute(sql);
  return results.back().displayValue(0, 0);
}

TEST(SessionTest, TemporaryViewIsSeenByTheNextStatement) {
  Session session;
  auto results = session.execute(
      "CREATE TEMPORARY VIEW v AS VALUES (1, 'a'), (2, 'b') AS t(id, name); "
      "SELECT name FROM v WHERE id = 2");
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].numColumns(), 0u);
  ASSERT_EQ(results[1].numRows(), 1u);
  EXPECT_EQ(results[1].displayValue(0, 0), "b");
}

TEST(SessionTest, CaseSkipsTheErrorOfABranchNotTaken) {
  Session session;
  // The result is DOUBLE: the branches widen to the type of 1 / 0.
  EXPECT_EQ(firstValue(session, "SELECT CASE WHEN 1 = 1 THEN 0 ELSE 1 / 0 END"), "0.0");
  EXPECT_EQ(firstValue(session, "SELECT coalesce(1, 1 / 0)"), "1.0");
  EXPECT_EQ(firstValue(session, "SELECT false AND 1 / 0 = 1"), "false");
}

TEST(SessionTest, CaseOnlyComputesTheRowsOfEachBranch) {
  Session session;
  auto results = session.execute(
      "SELECT CASE WHEN x = 0 THEN -1 ELSE 10 / x END FROM VALUES (0), (5) AS t(x)");
  ASSERT_EQ(results[0].numRows(), 2u);
  EXPECT_EQ(results[0].displayValue(0, 0), "-1.0");
  EXPECT_EQ(results[0].displayValue(1, 0), "2.0");
}

TEST(SessionTest, RuntimeErrorsCarrySparksClass) {
  Session session;
  try {
    session.execute("SELECT 1 / 0");
    FAIL() << "expected DIVIDE_BY_ZERO";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DIVIDE_BY_ZERO);
  }
}

TEST(SessionTest, UnknownColumnSuggestsNames) {
  Session session;
  try {
    session.execute("SELECT idd FROM VALUES (1) AS t(id)");
    FAIL() << "expected UNRESOLVED_COLUMN";
  } catch (const Error& error) {
    EXPECT_EQ(error.fullClassName(), "UNRESOLVED_COLUMN.WITH_SUGGESTION");
    EXPECT_NE(error.message().find("`t`.`id`"), std::string::npos);
    ASSERT_TRUE(error.location().has_value());
    EXPECT_EQ(error.location()->column, 8u);
  }
}

TEST(SessionTest, ResultsBeforeAFailureAreHandedOver) {
  Session session;
  std::vector<std::string> seen;
  try {
    session.execute("SELECT 1 AS a; SELECT 2 AS b; SELECT 1 / 0; SELECT 4", "<query>",
                    [&](StatementResult&& result) { seen.push_back(result.columnNames()[0]); });
    FAIL() << "expected DIVIDE_BY_ZERO";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DIVIDE_BY_ZERO);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b"}));
}

TEST(SessionTest, ASyntaxErrorLaterInTheTextComesAfterTheEarlierStatementsRan) {
  Session session;
  std::vector<std::string> seen;
  EXPECT_THROW(
      session.execute("CREATE TEMPORARY VIEW v AS SELECT 7 AS x; SELECT x FROM v; SELEC", "<query>",
                      [&](StatementResult&& result) {
                        if (result.numColumns() > 0)
                          seen.push_back(result.displayValue(0, 0));
                      }),
      Error);
  EXPECT_EQ(seen, (std::vector<std::string>{"7"}));
  EXPECT_EQ(firstValue(session, "SELECT x + 1 FROM v"), "8");
}

}  // namespace
}  // namespace sluice
