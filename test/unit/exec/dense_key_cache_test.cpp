// test/unit/exec/dense_key_cache_test.cpp
//
// The direct-mapped cache of a single integer group key: rows find the groups recorded for their
// keys, NULL keys and keys outside the cached range always miss, negative keys and keys near the
// limits of their type are told apart from the range, and a cache that most rows miss turns
// itself off. Then the partitioned table with the cache: every key of a wide, repeated range
// keeps one group.
#include "exec/aggregate/dense_key_cache.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <map>

#include "exec/aggregate/group_keys.hpp"
#include "exec/aggregate/partitioned_group_table.hpp"

namespace sluice {
namespace {

template <typename T>
Vector vectorOf(const DataType& type, const std::vector<std::optional<T>>& values) {
  Vector vector(type, values.size());
  for (idx_t row = 0; row < values.size(); ++row) {
    if (values[row])
      vector.mutableData<T>()[row] = *values[row];
    else
      vector.setNull(row);
  }
  return vector;
}

//! Looks `key` up and records a distinct fake group (its row number + 1) for every miss; returns
//! the rows that missed.
std::vector<uint32_t> lookUpAndRecord(DenseKeyCache& cache, const Vector& key, idx_t count,
                                      std::vector<uint8_t*>& groups,
                                      std::vector<uint8_t>& fake_rows) {
  std::vector<uint32_t> misses(count);
  groups.assign(count, nullptr);
  idx_t missed = cache.lookup(key, RowSet{nullptr, count}, groups.data(), misses.data());
  misses.resize(missed);
  for (uint32_t row : misses)
    groups[row] = &fake_rows[row];
  cache.record(key, misses.data(), missed, groups.data());
  return misses;
}

TEST(DenseKeyCacheTest, AppliesToIntegerKeysOnly) {
  EXPECT_TRUE(DenseKeyCache::appliesTo(DataType::intType()));
  EXPECT_TRUE(DenseKeyCache::appliesTo(DataType::longType()));
  EXPECT_TRUE(DenseKeyCache::appliesTo(DataType::date()));
  EXPECT_TRUE(DenseKeyCache::appliesTo(DataType::decimal(10, 2)));
  EXPECT_FALSE(DenseKeyCache::appliesTo(DataType::decimal(30, 2)));
  EXPECT_FALSE(DenseKeyCache::appliesTo(DataType::doubleType()));
  EXPECT_FALSE(DenseKeyCache::appliesTo(DataType::string()));
  EXPECT_FALSE(DenseKeyCache::appliesTo(DataType::voidType()));
}

TEST(DenseKeyCacheTest, RecordedKeysHitAndOthersMiss) {
  DenseKeyCache cache;
  std::vector<uint8_t> fake_rows(16);
  std::vector<uint8_t*> groups;
  // The first key sets the range [0, 65536); -1 lies below it, 70000 above.
  Vector first = vectorOf<int32_t>(DataType::intType(), {5, 7, std::nullopt, -1, 70000, 5});
  std::vector<uint32_t> misses = lookUpAndRecord(cache, first, 6, groups, fake_rows);
  EXPECT_EQ(misses, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));

  Vector second = vectorOf<int32_t>(DataType::intType(), {7, 5, std::nullopt, -1, 70000, 9});
  misses = lookUpAndRecord(cache, second, 6, groups, fake_rows);
  // 7 and 5 hit the groups recorded for them (the last record of 5 wins: row 5).
  EXPECT_EQ(misses, (std::vector<uint32_t>{2, 3, 4, 5}));
  EXPECT_EQ(groups[0], &fake_rows[1]);
  EXPECT_EQ(groups[1], &fake_rows[5]);

  cache.clear();
  misses = lookUpAndRecord(cache, second, 6, groups, fake_rows);
  EXPECT_EQ(misses.size(), 6u);
}

TEST(DenseKeyCacheTest, NegativeBaseAndTheLimitsOfTheType) {
  DenseKeyCache cache;
  std::vector<uint8_t> fake_rows(8);
  std::vector<uint8_t*> groups;
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // The range starts at -65536 and holds -1 but not 0.
  Vector keys = vectorOf<int64_t>(DataType::longType(), {-3, -1, 0, kMin, kMax, -65536, -65537});
  lookUpAndRecord(cache, keys, 7, groups, fake_rows);
  std::vector<uint32_t> misses = lookUpAndRecord(cache, keys, 7, groups, fake_rows);
  EXPECT_EQ(misses, (std::vector<uint32_t>{2, 3, 4, 6}));
  EXPECT_EQ(groups[0], &fake_rows[0]);
  EXPECT_EQ(groups[1], &fake_rows[1]);
  EXPECT_EQ(groups[5], &fake_rows[5]);
}

TEST(DenseKeyCacheTest, TurnsItselfOffWhenMostRowsMiss) {
  DenseKeyCache cache;
  std::vector<uint8_t> fake_rows(kVectorSize);
  std::vector<uint8_t*> groups;
  // Keys 100,000 apart: only the first of each vector can fall in the range.
  for (int64_t start = 0; cache.enabled() && start < (int64_t{1} << 30); start += kVectorSize) {
    std::vector<std::optional<int64_t>> values;
    for (int64_t i = 0; i < static_cast<int64_t>(kVectorSize); ++i)
      values.push_back((start + i) * 100000);
    lookUpAndRecord(cache, vectorOf<int64_t>(DataType::longType(), values), kVectorSize, groups,
                    fake_rows);
  }
  EXPECT_FALSE(cache.enabled());
  EXPECT_EQ(cache.memoryBytes(), 0u);
}

TEST(DenseKeyCacheTest, PartitionedTableKeepsOneGroupPerKey) {
  GroupRowLayout layout({DataType::intType()}, {});
  PartitionedGroupTable table(layout);
  std::map<int32_t, uint8_t*> seen;
  // Keys from -70,000 to 50,000: some inside the cache's range, some outside on both sides.
  for (int round = 0; round < 3; ++round) {
    for (int32_t start = -70000; start < 50000; start += static_cast<int32_t>(kVectorSize)) {
      std::vector<std::optional<int32_t>> values;
      for (int32_t i = 0; i < static_cast<int32_t>(kVectorSize); ++i)
        values.push_back(i % 97 == 0 ? std::nullopt : std::optional<int32_t>((start + i) * 1));
      std::vector<Vector> keys{vectorOf<int32_t>(DataType::intType(), values)};
      std::vector<uint64_t> hashes(kVectorSize);
      hashKeyColumn(keys[0], kVectorSize, hashes.data(), false);
      std::vector<uint8_t*> groups(kVectorSize);
      table.findOrCreate(keys, RowSet{nullptr, kVectorSize}, hashes.data(), hashes.data(),
                         groups.data());
      for (idx_t row = 0; row < kVectorSize; ++row) {
        int32_t key = values[row] ? *values[row] : std::numeric_limits<int32_t>::min();
        auto it = seen.emplace(key, groups[row]).first;
        ASSERT_EQ(it->second, groups[row]) << "key " << key << " changed group";
        if (values[row]) {
          int32_t stored;
          std::memcpy(&stored, groups[row] + layout.key_offsets[0], sizeof(stored));
          ASSERT_EQ(stored, key);
        }
      }
    }
  }
}

}  // namespace
}  // namespace sluice
