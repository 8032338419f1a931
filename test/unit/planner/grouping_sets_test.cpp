// test/unit/planner/grouping_sets_test.cpp
//
// The grouping sets of ROLLUP, CUBE, GROUPING SETS and their mixes, and Spark's grouping ids
// (the first key's bit the highest, set when the key is left out).
#include "planner/binder/grouping_sets.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {
namespace {

struct Expanded {
  GroupingSets sets;
  std::vector<std::string> keys;  // in the order the binder would number them
};

//! The grouping sets of `group_by` (the text after GROUP BY), keys named by their column.
Expanded expand(const std::string& group_by) {
  static std::vector<sql::StatementPtr> keep_alive;
  auto statements = sql::parseStatements("SELECT 1 FROM t GROUP BY " + group_by);
  keep_alive.push_back(std::move(statements.at(0)));
  const auto& select =
      keep_alive.back()->as<sql::QueryStatement>().query->body->as<sql::SelectBody>();
  Expanded expanded;
  expanded.sets = expandGroupingSets(*select.group_by, [&](const sql::Expr& expr) -> idx_t {
    const std::string& name = expr.as<sql::ColumnRefExpr>().name[0];
    for (idx_t key = 0; key < expanded.keys.size(); ++key) {
      if (expanded.keys[key] == name)
        return key;
    }
    expanded.keys.push_back(name);
    return expanded.keys.size() - 1;
  });
  return expanded;
}

std::vector<int64_t> ids(const GroupingSets& sets) {
  std::vector<int64_t> result;
  for (const GroupingSet& set : sets.sets)
    result.push_back(sets.groupingId(set));
  return result;
}

TEST(GroupingSetsTest, RollupKeepsEachPrefix) {
  Expanded rollup = expand("ROLLUP(a, b, c)");
  EXPECT_EQ(rollup.keys, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(rollup.sets.sets, (std::vector<GroupingSet>{{0, 1, 2}, {0, 1}, {0}, {}}));
  EXPECT_EQ(ids(rollup.sets), (std::vector<int64_t>{0, 1, 3, 7}));
  EXPECT_FALSE(rollup.sets.has_duplicates);
  EXPECT_EQ(rollup.sets.hiddenKeyCount(), 1u);
}

TEST(GroupingSetsTest, CubeKeepsEverySubsetInSparkOrder) {
  Expanded cube = expand("CUBE(a, b)");
  EXPECT_EQ(cube.sets.sets, (std::vector<GroupingSet>{{0, 1}, {0}, {1}, {}}));
  EXPECT_EQ(ids(cube.sets), (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(GroupingSetsTest, ElementsJoinAsACrossProduct) {
  Expanded mixed = expand("a, ROLLUP(b), CUBE(c)");
  EXPECT_EQ(mixed.sets.sets, (std::vector<GroupingSet>{{0, 1, 2}, {0, 1}, {0, 2}, {0}}));
  EXPECT_EQ(ids(mixed.sets), (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(GroupingSetsTest, NestedAnalyticsInsideGroupingSetsAddTheirSets) {
  Expanded nested = expand("GROUPING SETS (ROLLUP(a), (b, a), ())");
  EXPECT_EQ(nested.sets.sets, (std::vector<GroupingSet>{{0}, {}, {1, 0}, {}}));
  EXPECT_TRUE(nested.sets.has_duplicates);
  EXPECT_EQ(nested.sets.hiddenKeyCount(), 2u);
  EXPECT_FALSE(nested.sets.isGlobal());
}

TEST(GroupingSetsTest, SetsAreComparedAsSetsOfKeys) {
  EXPECT_TRUE(expand("GROUPING SETS ((a, b), (b, a))").sets.has_duplicates);
  EXPECT_FALSE(expand("GROUPING SETS ((a, b), (a))").sets.has_duplicates);
}

TEST(GroupingSetsTest, HiveKeysComeFirstAndMayBeInNoSet) {
  Expanded hive = expand("a, b, c GROUPING SETS ((c), ())");
  EXPECT_EQ(hive.keys, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(hive.sets.sets, (std::vector<GroupingSet>{{2}, {}}));
  EXPECT_EQ(ids(hive.sets), (std::vector<int64_t>{6, 7}));
}

TEST(GroupingSetsTest, TheEmptySetAloneIsAGlobalAggregate) {
  Expanded total = expand("GROUPING SETS (())");
  EXPECT_TRUE(total.sets.isGlobal());
  EXPECT_EQ(total.sets.hiddenKeyCount(), 0u);
}

TEST(GroupingSetsTest, MoreThan64KeysAreRefused) {
  std::string keys;
  for (int key = 0; key < 65; ++key)
    keys += (key ? ", k" : "k") + std::to_string(key);
  try {
    expand("ROLLUP(" + keys + ")");
    FAIL() << "65 keys were accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::GROUPING_SIZE_LIMIT_EXCEEDED);
  }
}

}  // namespace
}  // namespace sluice
