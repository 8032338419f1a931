// test/unit/exec/aggregate_spill_test.cpp
//
// GROUP BY past a small memory limit: input rows spill by group hash and are aggregated again
// in the merge, with the same groups and values as in memory, for many groups, long string
// keys, FILTER, collected lists and DISTINCT aggregates.
#include <gtest/gtest.h>

#include "spill_test_util.hpp"

namespace sluice {
namespace {

using testing::checkSameRowsUnderLimit;

TEST(AggregateSpillTest, SpilledGroupsMatchTheGroupsInMemory) {
  std::string sql =
      "SELECT concat('key ', CAST(id % 40000 AS STRING), repeat('x', CAST(id % 3 AS INT) * 7)) "
      "AS k, count(*), sum(id), min(id), max(id), count(*) FILTER (WHERE id % 2 = 0), "
      "sort_array(collect_list(id % 10)) FROM range(0, 240000) GROUP BY 1";
  EXPECT_EQ(checkSameRowsUnderLimit(sql, "512k").size(), 120000u);
}

TEST(AggregateSpillTest, DistinctAggregatesSpillToo) {
  std::string sql =
      "SELECT id % 20000 AS k, count(DISTINCT id % 7), sum(DISTINCT id % 5), count(*), "
      "count(DISTINCT concat('v', CAST(id % 3 AS STRING), repeat('w', 20))) FROM range(0, 200000) "
      "GROUP BY 1";
  std::map<std::string, std::string> groups = checkSameRowsUnderLimit(sql, "128k");
  EXPECT_EQ(groups.size(), 20000u);
  // Key 0 holds the ids 0, 20000, ..., 180000: all 7 residues modulo 7, only 0 modulo 5, and
  // all 3 modulo 3.
  EXPECT_EQ(groups["0"], "7\t0\t10\t3");
}

}  // namespace
}  // namespace sluice
