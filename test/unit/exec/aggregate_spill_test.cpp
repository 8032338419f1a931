// test/unit/exec/aggregate_spill_test.cpp
//
// GROUP BY past a small memory limit: input rows spill by group hash and are aggregated again
// in the merge, with the same groups and values as in memory, for many groups, long string
// keys, FILTER, collected lists and DISTINCT aggregates.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "exec/spill/spill_file.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

//! Every row of the last result, its columns joined by tabs, keyed by its first column.
std::map<std::string, std::string> rowsByKey(Session& session, const std::string& sql) {
  auto results = session.execute(sql);
  const auto& result = results.back();
  std::map<std::string, std::string> rows;
  for (size_t row = 0; row < result.numRows(); ++row) {
    std::string line;
    for (size_t column = 1; column < result.columnNames().size(); ++column)
      line += (column > 1 ? "\t" : "") + result.displayValue(row, column);
    rows[result.displayValue(row, 0)] = line;
  }
  return rows;
}

//! Runs `sql` in memory and under `memory_limit`, checks that the second spilled and gave the
//! same groups, and returns them.
std::map<std::string, std::string> checkSpillingGivesTheGroupsInMemory(
    const std::string& sql, const std::string& memory_limit) {
  Session in_memory;
  std::map<std::string, std::string> expected = rowsByKey(in_memory, sql);
  Session spilling;
  spilling.execute("SET sluice.memoryLimit = '" + memory_limit + "'");
  uint64_t files_before = spillFilesCreated();
  std::map<std::string, std::string> actual = rowsByKey(spilling, sql);
  EXPECT_GT(spillFilesCreated() - files_before, 0u);
  EXPECT_EQ(actual.size(), expected.size());
  for (const auto& [key, values] : expected) {
    if (actual[key] != values) {
      ADD_FAILURE() << "group " << key << ": " << actual[key] << " instead of " << values;
      break;
    }
  }
  return actual;
}

TEST(AggregateSpillTest, SpilledGroupsMatchTheGroupsInMemory) {
  std::string sql =
      "SELECT concat('key ', CAST(id % 40000 AS STRING), repeat('x', CAST(id % 3 AS INT) * 7)) "
      "AS k, count(*), sum(id), min(id), max(id), count(*) FILTER (WHERE id % 2 = 0), "
      "sort_array(collect_list(id % 10)) FROM range(0, 240000) GROUP BY 1";
  EXPECT_EQ(checkSpillingGivesTheGroupsInMemory(sql, "512k").size(), 120000u);
}

TEST(AggregateSpillTest, DistinctAggregatesSpillToo) {
  std::string sql =
      "SELECT id % 20000 AS k, count(DISTINCT id % 7), sum(DISTINCT id % 5), count(*), "
      "count(DISTINCT concat('v', CAST(id % 3 AS STRING), repeat('w', 20))) FROM range(0, 200000) "
      "GROUP BY 1";
  std::map<std::string, std::string> groups = checkSpillingGivesTheGroupsInMemory(sql, "128k");
  EXPECT_EQ(groups.size(), 20000u);
  // Key 0 holds the ids 0, 20000, ..., 180000: all 7 residues modulo 7, only 0 modulo 5, and
  // all 3 modulo 3.
  EXPECT_EQ(groups["0"], "7\t0\t10\t3");
}

}  // namespace
}  // namespace sluice
