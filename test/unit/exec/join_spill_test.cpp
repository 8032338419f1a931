// test/unit/exec/join_spill_test.cpp
//
// Hash joins past a small memory limit: the build side is partitioned to disk with the probe
// rows of its spilled partitions, and each join type gives the rows it gives in memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "exec/spill/spill_file.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

//! Every row of the last result, its columns joined by tabs, sorted.
std::vector<std::string> sortedRows(Session& session, const std::string& sql) {
  auto results = session.execute(sql);
  const auto& result = results.back();
  std::vector<std::string> rows;
  for (size_t row = 0; row < result.numRows(); ++row) {
    std::string line;
    for (size_t column = 0; column < result.columnNames().size(); ++column)
      line += (column > 0 ? "\t" : "") + result.displayValue(row, column);
    rows.push_back(std::move(line));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

constexpr const char* kViews[] = {
    // Probe keys 0..49999 (4 rows each) and NULL; build keys 10000..59999 with duplicates of
    // the multiples of 7, and NULL.
    "CREATE TEMPORARY VIEW probe AS SELECT id, CASE WHEN id % 1000 = 999 THEN NULL ELSE "
    "id % 50000 END AS k, concat('probe ', CAST(id AS STRING)) AS s FROM range(0, 200000)",
    "CREATE TEMPORARY VIEW build AS SELECT CASE WHEN id = 59999 THEN NULL ELSE id END AS k, "
    "concat('build ', CAST(id AS STRING)) AS name FROM range(10000, 60000) UNION ALL SELECT id * "
    "7 AS k, 'again' AS name FROM range(0, 9000)",
};

class JoinSpillTest : public ::testing::TestWithParam<const char*> {};

TEST_P(JoinSpillTest, GivesTheRowsOfTheJoinInMemory) {
  Session in_memory;
  Session spilling;
  spilling.execute("SET sluice.memoryLimit = '256k'");
  for (const char* view : kViews) {
    in_memory.execute(view);
    spilling.execute(view);
  }
  std::vector<std::string> expected = sortedRows(in_memory, GetParam());
  uint64_t files_before = spillFilesCreated();
  std::vector<std::string> actual = sortedRows(spilling, GetParam());
  EXPECT_GT(spillFilesCreated() - files_before, 0u);
  ASSERT_EQ(actual.size(), expected.size());
  EXPECT_GT(actual.size(), 0u);
  for (size_t row = 0; row < expected.size(); ++row)
    ASSERT_EQ(actual[row], expected[row]) << "row " << row;
}

INSTANTIATE_TEST_SUITE_P(
    JoinTypes, JoinSpillTest,
    ::testing::Values(
        "SELECT p.id, p.s, b.name FROM probe p JOIN build b ON p.k = b.k",
        "SELECT p.id, b.name FROM probe p JOIN build b ON p.k = b.k AND length(b.name) > 5",
        "SELECT p.id, b.name FROM probe p LEFT JOIN build b ON p.k = b.k",
        "SELECT b.k, b.name, p.id FROM probe p RIGHT JOIN build b ON p.k = b.k",
        "SELECT p.id FROM probe p LEFT SEMI JOIN build b ON p.k = b.k",
        "SELECT p.id, p.k FROM probe p LEFT ANTI JOIN build b ON p.k = b.k",
        "SELECT p.id, b.name FROM probe p JOIN build b ON p.k <=> b.k",
        "SELECT p.id, EXISTS (SELECT 1 FROM build b WHERE b.k = p.k AND b.name <> 'again') FROM "
        "probe p",
        "SELECT p.id, p.k, b.k, b.name FROM probe p FULL JOIN build b ON p.k = b.k",
        "SELECT count(*), count(p.id), count(b.name) FROM probe p FULL JOIN build b ON p.k = b.k",
        // Null-aware: the build side's NULL makes every unmatched comparison unknown.
        "SELECT p.id FROM probe p WHERE p.k NOT IN (SELECT k FROM build WHERE k IS NOT NULL)",
        "SELECT count(*) FROM probe p WHERE p.k NOT IN (SELECT k FROM build)",
        "SELECT p.id, p.k IN (SELECT k FROM build) FROM probe p"));

TEST(JoinSpillTest, AFullJoinEmitsEveryNeverMatchedRowOnce) {
  Session session;
  session.execute("SET sluice.memoryLimit = '64k'");
  for (const char* view : kViews)
    session.execute(view);
  uint64_t files_before = spillFilesCreated();
  std::vector<std::string> rows = sortedRows(
      session,
      "SELECT count(*), count(p.id), count(b.name) FROM probe p FULL JOIN build b ON p.k = b.k");
  EXPECT_GT(spillFilesCreated() - files_before, 0u);
  // Matched pairs (the multiples of 7 match twice where both build ranges hold them), then
  // the unmatched probe rows (keys below 10000 that are not multiples of 7, and the NULLs) and
  // the unmatched build rows (keys 50000 and up, and the NULL).
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0], "234736\t222832\t200288");
}

}  // namespace
}  // namespace sluice
