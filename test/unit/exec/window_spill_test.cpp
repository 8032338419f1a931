// test/unit/exec/window_spill_test.cpp
//
// Windows past a small memory limit: rows spill by the hash of their PARTITION BY keys, each
// spill partition is evaluated alone (split again when still too large), and every row gets
// the values it gets in memory: ranks, running sums, lag, string and nested results.
#include <gtest/gtest.h>

#include "exec/parallel/task_scheduler.hpp"
#include "spill_test_util.hpp"

namespace sluice {
namespace {

using testing::checkSameRowsUnderLimit;

TEST(WindowSpillTest, SpilledPartitionsGiveTheValuesInMemory) {
  std::string sql =
      "SELECT id, row_number() OVER w, rank() OVER (PARTITION BY id % 3000 ORDER BY id % 7), "
      "sum(id) OVER w, lag(id, 2) OVER w, first_value(concat('v', CAST(id AS STRING), "
      "repeat('x', 20))) OVER w, collect_list(id % 10) OVER (PARTITION BY id % 3000 ORDER BY id "
      "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), count(*) OVER (PARTITION BY id % 3000) "
      "FROM range(0, 60000) WINDOW w AS (PARTITION BY id % 3000 ORDER BY id)";
  std::map<std::string, std::string> rows = checkSameRowsUnderLimit(sql, "1m");
  ASSERT_EQ(rows.size(), 60000u);
  // Row 6000 is the third of partition 0 (0, 3000, 6000, ...); 6000 % 7 = 1, and three of the
  // partition's 20 rows (3000 j for j = 0, 7, 14) rank before it with 0.
  EXPECT_EQ(rows["6000"], "3\t4\t9000\t0\tv0xxxxxxxxxxxxxxxxxxxx\t[0,0]\t20");
}

TEST(WindowSpillTest, LargeSpillPartitionsAreSplitAgain) {
  // Under 128 KB a spill partition of 1/16 of the rows is still far too large, so each is split
  // by the next bits of the hash; NULL keys are one partition of their own.
  std::string sql =
      "SELECT id, row_number() OVER (PARTITION BY k ORDER BY id DESC), "
      "max(id) OVER (PARTITION BY k) FROM (SELECT id, CASE WHEN id % 11 = 0 THEN NULL "
      "ELSE id % 5000 END AS k FROM range(0, 200000))";
  uint64_t files = 0;
  std::map<std::string, std::string> rows = checkSameRowsUnderLimit(sql, "128k", true, &files);
  EXPECT_EQ(rows["0"], "18182\t199991");
  // Without the second split: 16 files per thread, 16 for the rows still held, and at most 16
  // outputs.
  EXPECT_GT(files, 16 * (TaskScheduler::shared().threadCount() + 2));
}

TEST(WindowSpillTest, OnePartitionIsEvaluatedWhole) {
  // One window partition cannot be divided: it is evaluated at once, over the limit.
  std::string sql =
      "SELECT id, row_number() OVER (PARTITION BY id < 0 ORDER BY id), "
      "sum(id) OVER (PARTITION BY id < 0) FROM range(0, 100000)";
  std::map<std::string, std::string> rows = checkSameRowsUnderLimit(sql, "256k");
  EXPECT_EQ(rows["99999"], "100000\t4999950000");
}

TEST(WindowSpillTest, WindowsWithoutPartitionByStayInMemory) {
  std::string sql =
      "SELECT id, row_number() OVER (ORDER BY id DESC), sum(id) OVER () FROM range(0, 100000)";
  std::map<std::string, std::string> rows = checkSameRowsUnderLimit(sql, "256k", false);
  EXPECT_EQ(rows["0"], "100000\t4999950000");
}

}  // namespace
}  // namespace sluice
