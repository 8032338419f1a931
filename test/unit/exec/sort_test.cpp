// test/unit/exec/sort_test.cpp
//
// Sorting on every core: parallelMergeSort against std::stable_sort on inputs with many ties,
// and ORDER BY over enough rows to be cut into slices and merged (packed keys, keys compared in
// the input, NULLs, DESC, ties kept in source order); the same past a small memory limit, where
// sorted runs are spilled and merged.
#include "exec/sort/parallel_merge_sort.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "exec/spill/spill_file.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

struct Item {
  int key;
  size_t position;
};

TEST(ParallelMergeSortTest, MatchesAStableSortOnManyTies) {
  std::mt19937 random(7);
  for (size_t size : {0u, 1u, 100u, 16383u, 40000u, 100001u, 250000u}) {
    std::vector<Item> items(size);
    for (size_t i = 0; i < size; ++i)
      items[i] = {static_cast<int>(random() % 50), i};
    std::vector<Item> expected = items;
    std::stable_sort(expected.begin(), expected.end(),
                     [](const Item& a, const Item& b) { return a.key < b.key; });
    parallelMergeSort(items, [](const Item& a, const Item& b) {
      return a.key != b.key ? a.key < b.key : a.position < b.position;
    });
    ASSERT_EQ(items.size(), expected.size());
    for (size_t i = 0; i < size; ++i) {
      ASSERT_EQ(items[i].key, expected[i].key) << "size " << size << " at " << i;
      ASSERT_EQ(items[i].position, expected[i].position) << "size " << size << " at " << i;
    }
  }
}

TEST(ParallelMergeSortTest, SortedAndReversedInputs) {
  for (bool reversed : {false, true}) {
    std::vector<int64_t> items(70000);
    for (size_t i = 0; i < items.size(); ++i)
      items[i] = reversed ? static_cast<int64_t>(items.size() - i) : static_cast<int64_t>(i);
    parallelMergeSort(items, [](int64_t a, int64_t b) { return a < b; });
    EXPECT_TRUE(std::is_sorted(items.begin(), items.end()));
  }
}

//! Column 0 of every row of the last result, as displayed.
std::vector<std::string> column(Session& session, const std::string& sql, size_t index = 0) {
  auto results = session.execute(sql);
  std::vector<std::string> values;
  for (size_t row = 0; row < results.back().numRows(); ++row)
    values.push_back(results.back().displayValue(row, index));
  return values;
}

//! The expected ids of ORDER BY k DESC NULLS LAST over range(0, rows), k being NULL for every
//! 101st id and id % 100 otherwise, ties in id order.
std::vector<std::string> expectedIdsByKeyDescending(int64_t rows) {
  auto key = [](int64_t id) -> int64_t { return id % 101 == 0 ? -1 : id % 100; };
  std::vector<int64_t> ids(static_cast<size_t>(rows));
  for (int64_t id = 0; id < rows; ++id)
    ids[static_cast<size_t>(id)] = id;
  std::stable_sort(ids.begin(), ids.end(), [&](int64_t a, int64_t b) {
    int64_t ka = key(a);
    int64_t kb = key(b);
    if (ka == -1 || kb == -1)
      return ka != -1 && kb == -1;
    return ka > kb;
  });
  std::vector<std::string> text;
  for (int64_t id : ids)
    text.push_back(std::to_string(id));
  return text;
}

//! Runs ORDER BY k DESC NULLS LAST over range(0, rows) under `memory_limit` (none when empty)
//! and checks every id's place; returns how many spill files the query made.
uint64_t checkSortByKeyDescending(const std::string& memory_limit, int64_t rows) {
  Session session;
  if (!memory_limit.empty())
    session.execute("SET sluice.memoryLimit = '" + memory_limit + "'");
  uint64_t files_before = spillFilesCreated();
  std::string sql =
      "SELECT id, CASE WHEN id % 101 = 0 THEN NULL ELSE id % 100 END AS k FROM "
      "range(0, " +
      std::to_string(rows) + ") ORDER BY k DESC NULLS LAST";
  std::vector<std::string> ids = column(session, sql, 0);
  std::vector<std::string> expected = expectedIdsByKeyDescending(rows);
  EXPECT_EQ(ids.size(), expected.size());
  for (size_t i = 0; i < std::min(ids.size(), expected.size()); ++i) {
    if (ids[i] != expected[i]) {
      ADD_FAILURE() << "at " << i << ": " << ids[i] << " instead of " << expected[i];
      break;
    }
  }
  return spillFilesCreated() - files_before;
}

TEST(SortTest, OrderByOverManyRowsWithPackedKeysKeepsTiesInSourceOrder) {
  // 60,000 rows, keys 0..99 descending with NULLs last; ties in id order, as the source has them.
  EXPECT_EQ(checkSortByKeyDescending("", 60000), 0u);
}

TEST(SortTest, OrderByStringsComparedInTheInput) {
  Session session;
  std::string sql =
      "SELECT id, concat('key ', CAST(id % 997 AS STRING), repeat('x', CAST(id % 3 AS INT) * 10)) "
      "AS s FROM range(0, 50000) ORDER BY s, id DESC";
  std::vector<std::string> strings = column(session, sql, 1);
  std::vector<std::string> ids = column(session, sql, 0);
  ASSERT_EQ(strings.size(), 50000u);
  for (size_t i = 1; i < strings.size(); ++i) {
    ASSERT_LE(strings[i - 1], strings[i]) << "at " << i;
    if (strings[i - 1] == strings[i]) {
      ASSERT_GT(std::stoll(ids[i - 1]), std::stoll(ids[i])) << "at " << i;
    }
  }
}

TEST(ExternalSortTest, SpilledRunsMergeInKeyOrderWithTiesInSourceOrder) {
  EXPECT_GT(checkSortByKeyDescending("256k", 200000), 4u);
}

TEST(ExternalSortTest, ManyRunsAreMergedInGroupsFirst) {
  // Every batch crosses a 16 KB limit: about 150 runs of one batch, more than one merge reads.
  EXPECT_GT(checkSortByKeyDescending("16k", 300000), 130u);
}

TEST(ExternalSortTest, LongStringsAndNestedValuesComeBackFromSpillFiles) {
  Session session;
  session.execute("SET sluice.memoryLimit = '512k'");
  uint64_t files_before = spillFilesCreated();
  std::string sql =
      "SELECT id, concat('key ', CAST(id % 997 AS STRING), repeat('x', CAST(id % 3 AS INT) * 10)) "
      "AS s, array(id, NULL) AS a, named_struct('n', id, 't', CAST(id AS STRING)) AS st, "
      "map('k', id) AS m FROM range(0, 50000) ORDER BY s, id DESC";
  auto results = session.execute(sql);
  const auto& result = results.back();
  EXPECT_GT(spillFilesCreated() - files_before, 0u);
  ASSERT_EQ(result.numRows(), 50000u);
  for (size_t row = 1; row < result.numRows(); ++row) {
    std::string previous = result.displayValue(row - 1, 1);
    std::string current = result.displayValue(row, 1);
    ASSERT_LE(previous, current) << "at " << row;
    if (previous == current) {
      ASSERT_GT(std::stoll(result.displayValue(row - 1, 0)),
                std::stoll(result.displayValue(row, 0)))
          << "at " << row;
    }
  }
  for (size_t row : {size_t{0}, size_t{12345}, size_t{49999}}) {
    std::string id = result.displayValue(row, 0);
    EXPECT_EQ(result.displayValue(row, 2), "[" + id + ",null]");
    EXPECT_EQ(result.displayValue(row, 3), "{\"n\":" + id + ",\"t\":\"" + id + "\"}");
    EXPECT_EQ(result.displayValue(row, 4), "{\"k\":" + id + "}");
  }
}

TEST(ExternalSortTest, VariantsComeBackFromSpillFiles) {
  Session session;
  session.execute("SET sluice.memoryLimit = '256k'");
  uint64_t files_before = spillFilesCreated();
  auto results = session.execute(
      "SELECT id, to_variant_object(named_struct('id', id, 'pad', repeat('v', id % 20))) AS v "
      "FROM range(0, 40000) ORDER BY id DESC");
  const auto& result = results.back();
  EXPECT_GT(spillFilesCreated() - files_before, 0u);
  ASSERT_EQ(result.numRows(), 40000u);
  for (size_t row : {size_t{0}, size_t{20000}, size_t{39999}}) {
    int64_t id = 39999 - static_cast<int64_t>(row);
    EXPECT_EQ(result.displayValue(row, 1), "{\"id\":" + std::to_string(id) + ",\"pad\":\"" +
                                               std::string(static_cast<size_t>(id % 20), 'v') +
                                               "\"}");
  }
}

TEST(ExternalSortTest, RowsParquetCannotHoldAreSortedInMemory) {
  Session session;
  session.execute("SET sluice.memoryLimit = '64k'");
  uint64_t files_before = spillFilesCreated();
  std::vector<std::string> ids =
      column(session,
             "SELECT id, CASE WHEN id % 2 = 0 THEN INTERVAL '1' DAY ELSE INTERVAL '2' DAY END AS i "
             "FROM range(0, 30000) ORDER BY id DESC");
  EXPECT_EQ(spillFilesCreated(), files_before);
  ASSERT_EQ(ids.size(), 30000u);
  for (size_t i = 0; i < ids.size(); ++i)
    ASSERT_EQ(ids[i], std::to_string(29999 - i)) << "at " << i;
}

}  // namespace
}  // namespace sluice
