// test/unit/exec/join_hash_table_test.cpp
//
// The hash join's table: every duplicate of a key found, NULL keys rejected under `=` and
// matched under `<=>`, long string keys, keys told apart when every hash collides, probes of
// more rows than a vector, tables indexed directly by an integral key; and the join's plans in
// EXPLAIN.
#include "exec/join/join_hash_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

#include "session/session.hpp"

namespace sluice {
namespace {

Vector longVector(const std::vector<std::optional<int64_t>>& values) {
  Vector vector(DataType::longType(), std::max<size_t>(values.size(), 1));
  for (idx_t row = 0; row < values.size(); ++row) {
    if (values[row]) {
      vector.mutableData<int64_t>()[row] = *values[row];
    } else {
      vector.setNull(row);
    }
  }
  return vector;
}

Vector stringVector(const std::vector<std::string>& values) {
  Vector vector(DataType::string(), values.size());
  for (idx_t row = 0; row < values.size(); ++row)
    vector.mutableData<StringView>()[row] = vector.addString(values[row]);
  return vector;
}

using Pairs = std::multiset<std::pair<uint32_t, uint32_t>>;

//! Every (probe row, build row) pair the table matches for `probe`.
Pairs probeAll(const JoinHashTable& table, const std::vector<Vector>& probe, idx_t count) {
  JoinHashTable::ProbeCursor cursor;
  table.startProbe(probe, count, cursor);
  std::vector<uint32_t> probe_rows(count);
  std::vector<uint32_t> build_rows(count);
  Pairs pairs;
  while (cursor.count > 0) {
    idx_t found = table.matchAndAdvance(probe, cursor, probe_rows.data(), build_rows.data());
    for (idx_t i = 0; i < found; ++i)
      pairs.insert({probe_rows[i], build_rows[i]});
  }
  return pairs;
}

JoinHashTable buildTable(const std::vector<Vector>& keys, idx_t count,
                         std::vector<bool> null_safe) {
  std::vector<DataType> types;
  for (const Vector& key : keys)
    types.push_back(key.type());
  JoinHashTable table(types, std::move(null_safe));
  table.reserve(count);
  std::vector<uint64_t> hashes(count);
  JoinHashTable::hashKeys(keys, count, hashes.data());
  table.insert(keys, hashes.data(), count);
  return table;
}

TEST(JoinHashTableTest, FindsEveryDuplicateOfAKey) {
  std::vector<Vector> build{longVector({1, 2, 1, 3, 1})};
  JoinHashTable table = buildTable(build, 5, {false});
  std::vector<Vector> probe{longVector({1, 3, 4})};
  Pairs expected{{0, 0}, {0, 2}, {0, 4}, {1, 3}};
  EXPECT_EQ(probeAll(table, probe, 3), expected);
}

TEST(JoinHashTableTest, NullKeysMatchOnlyUnderNullSafeEquality) {
  std::vector<Vector> build{longVector({std::nullopt, 7})};
  std::vector<Vector> probe{longVector({std::nullopt, 7})};
  JoinHashTable equal = buildTable(build, 2, {false});
  EXPECT_EQ(probeAll(equal, probe, 2), (Pairs{{1, 1}}));
  JoinHashTable null_safe = buildTable(build, 2, {true});
  EXPECT_EQ(probeAll(null_safe, probe, 2), (Pairs{{0, 0}, {1, 1}}));
}

TEST(JoinHashTableTest, MultiColumnKeysWithOneNullSafeColumn) {
  std::vector<Vector> build{longVector({1, std::nullopt, std::nullopt}),
                            longVector({10, 20, std::nullopt})};
  // Column 0 compares with <=>, column 1 with =: a NULL in column 1 never matches.
  JoinHashTable table = buildTable(build, 3, {true, false});
  std::vector<Vector> probe{longVector({1, std::nullopt, std::nullopt}),
                            longVector({10, 20, std::nullopt})};
  EXPECT_EQ(probeAll(table, probe, 3), (Pairs{{0, 0}, {1, 1}}));
}

TEST(JoinHashTableTest, LongStringKeys) {
  std::vector<Vector> build{stringVector({"short", "a string longer than twelve bytes", "x"})};
  JoinHashTable table = buildTable(build, 3, {false});
  std::vector<Vector> probe{stringVector({"a string longer than twelve bytes", "shor", "x"})};
  EXPECT_EQ(probeAll(table, probe, 3), (Pairs{{0, 1}, {2, 2}}));
}

TEST(JoinHashTableTest, TellsKeysApartWhenEveryHashCollides) {
  // Hashes that are all equal put every row in one chain; only the keys tell them apart.
  std::vector<Vector> build{longVector({5, 6, 7, 6})};
  JoinHashTable table(std::vector<DataType>{DataType::longType()}, {false});
  table.reserve(4);
  std::vector<uint64_t> same_hash(4, 42);
  table.insert(build, same_hash.data(), 4);
  std::vector<Vector> probe{longVector({6, 8})};
  JoinHashTable::ProbeCursor cursor;
  // startProbe hashes the probe keys itself; probing by the real hash finds nothing here,
  // so walk the one chain through a probe whose cursor is set by hand.
  table.startProbe(probe, 2, cursor);
  cursor.hashes = {42, 42};
  cursor.rows = {0, 1};
  cursor.candidates = {3, 3};  // the chain's head: the last row inserted
  cursor.count = 2;
  std::vector<uint32_t> probe_rows(2);
  std::vector<uint32_t> build_rows(2);
  Pairs pairs;
  while (cursor.count > 0) {
    idx_t found = table.matchAndAdvance(probe, cursor, probe_rows.data(), build_rows.data());
    for (idx_t i = 0; i < found; ++i)
      pairs.insert({probe_rows[i], build_rows[i]});
  }
  EXPECT_EQ(pairs, (Pairs{{0, 1}, {0, 3}}));
}

TEST(JoinHashTableTest, ManyRowsAcrossInserts) {
  constexpr idx_t kRows = 10000;
  JoinHashTable table(std::vector<DataType>{DataType::longType()}, {false});
  table.reserve(kRows);
  // Two inserts: build rows are numbered on across them.
  for (idx_t part = 0; part < 2; ++part) {
    std::vector<std::optional<int64_t>> values;
    for (idx_t i = 0; i < kRows / 2; ++i)
      values.push_back(static_cast<int64_t>((part * kRows / 2 + i) % 1000));
    std::vector<Vector> keys{longVector(values)};
    std::vector<uint64_t> hashes(kRows / 2);
    JoinHashTable::hashKeys(keys, kRows / 2, hashes.data());
    table.insert(keys, hashes.data(), kRows / 2);
  }
  EXPECT_EQ(table.size(), kRows);
  std::vector<Vector> probe{longVector({0, 999, 1000})};
  Pairs pairs = probeAll(table, probe, 3);
  EXPECT_EQ(pairs.size(), 20u);  // keys 0 and 999 ten times each, 1000 never
  for (const auto& [probe_row, build_row] : pairs)
    EXPECT_EQ(build_row % 1000, probe_row == 0 ? 0u : 999u);
}

TEST(JoinHashTableTest, EmptyTableFindsNothing) {
  JoinHashTable table(std::vector<DataType>{DataType::longType()}, {false});
  table.reserve(0);
  std::vector<Vector> probe{longVector({1, 2})};
  EXPECT_TRUE(probeAll(table, probe, 2).empty());
}

std::string explain(const std::string& sql) {
  Session session;
  auto results = session.execute(
      "CREATE TEMPORARY VIEW a AS VALUES (1, 'x') AS a(id, s); "
      "CREATE TEMPORARY VIEW b AS VALUES (1, 'y') AS b(id, t); EXPLAIN " +
      sql);
  return results.back().displayValue(0, 0);
}

//! A table indexed directly by its one BIGINT key.
JoinHashTable buildDirectTable(const Vector& key, idx_t count) {
  int64_t min_key = std::numeric_limits<int64_t>::max();
  int64_t max_key = std::numeric_limits<int64_t>::min();
  EXPECT_TRUE(JoinHashTable::widenKeyRange(key, count, {false}, min_key, max_key));
  EXPECT_TRUE(JoinHashTable::isDirectRange(min_key, max_key, count));
  JoinHashTable table({DataType::longType()}, {false});
  table.reserveDirect(count, 1, min_key, max_key);
  std::vector<uint64_t> hashes(count);
  std::vector<Vector> keys{key};
  JoinHashTable::hashKeys(keys, count, hashes.data());
  table.insert(keys, hashes.data(), count);
  return table;
}

TEST(JoinHashTableTest, DirectIndexFindsEveryDuplicateAndSkipsNullAndOutOfRangeKeys) {
  Vector build = longVector({-2, 5, 7, 5, std::nullopt, 5});
  JoinHashTable table = buildDirectTable(build, 6);
  std::vector<Vector> probe{longVector({5, std::nullopt, -2, -3, 8, 7, 1000000})};
  Pairs expected{{0, 1}, {0, 3}, {0, 5}, {2, 0}, {5, 2}};
  EXPECT_EQ(probeAll(table, probe, 7), expected);
}

TEST(JoinHashTableTest, DirectIndexWithUniqueKeysMatchesEachProbeOnce) {
  std::vector<std::optional<int64_t>> values;
  for (int64_t key = 0; key < 3000; ++key)
    values.push_back(1000 + key * 2);
  Vector build = longVector(values);
  JoinHashTable table = buildDirectTable(build, values.size());
  std::vector<std::optional<int64_t>> probes;
  for (int64_t key = 990; key < 7010; key += 1)
    probes.push_back(key);
  std::vector<Vector> probe{longVector(probes)};
  Pairs found = probeAll(table, probe, probes.size());
  ASSERT_EQ(found.size(), 3000u);
  for (const auto& [probe_row, build_row] : found)
    EXPECT_EQ(*probes[probe_row], *values[build_row]);
}

TEST(JoinHashTableTest, DirectRangeOnlyForOneIntegralKeyUnderEquality) {
  int64_t min_key = std::numeric_limits<int64_t>::max();
  int64_t max_key = std::numeric_limits<int64_t>::min();
  Vector key = longVector({1, 2});
  EXPECT_FALSE(JoinHashTable::widenKeyRange(key, 2, {true}, min_key, max_key));
  EXPECT_FALSE(JoinHashTable::widenKeyRange(stringVector({"a"}), 1, {false}, min_key, max_key));
  EXPECT_TRUE(JoinHashTable::widenKeyRange(key, 2, {false}, min_key, max_key));
  EXPECT_EQ(min_key, 1);
  EXPECT_EQ(max_key, 2);
  // All NULL: no range at all.
  int64_t empty_min = std::numeric_limits<int64_t>::max();
  int64_t empty_max = std::numeric_limits<int64_t>::min();
  EXPECT_TRUE(
      JoinHashTable::widenKeyRange(longVector({std::nullopt}), 1, {false}, empty_min, empty_max));
  EXPECT_FALSE(JoinHashTable::isDirectRange(empty_min, empty_max, 1));
  // Spread out keys, and the whole BIGINT range, are hashed instead.
  EXPECT_TRUE(JoinHashTable::isDirectRange(0, 4 * 1000 + 1000, 1000));
  EXPECT_FALSE(JoinHashTable::isDirectRange(0, 1 << 20, 1000));
  EXPECT_FALSE(JoinHashTable::isDirectRange(std::numeric_limits<int64_t>::min(),
                                            std::numeric_limits<int64_t>::max(), 1000));
}

TEST(JoinExplainTest, ShowsTypeKeysAndResidual) {
  std::string plan = explain("SELECT * FROM a LEFT JOIN b ON a.id = b.id AND a.s < b.t");
  EXPECT_NE(plan.find("Join LEFT OUTER keys [#0 = #0] residual (#1 < #3)"), std::string::npos)
      << plan;
  plan = explain("SELECT * FROM a FULL JOIN b ON b.id <=> a.id");
  EXPECT_NE(plan.find("Join FULL OUTER keys [#0 <=> #0]"), std::string::npos) << plan;
  plan = explain("SELECT * FROM a, b WHERE a.id = b.id");
  EXPECT_NE(plan.find("Join INNER keys [#0 = #0]"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("Filter"), std::string::npos) << plan;
  plan = explain("SELECT * FROM a CROSS JOIN b");
  EXPECT_NE(plan.find("Join INNER\n"), std::string::npos) << plan;
  plan = explain("SELECT * FROM a ANTI JOIN b ON a.id > b.id");
  EXPECT_NE(plan.find("Join LEFT ANTI residual (#0 > #2)"), std::string::npos) << plan;
}

}  // namespace
}  // namespace sluice
