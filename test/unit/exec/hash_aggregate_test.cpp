// test/unit/exec/hash_aggregate_test.cpp
//
// The hash aggregate's table and operator: groups found again across vectors and resizes,
// keys told apart when every hash collides, NULL and long string keys, the merge of several
// threads' partitioned tables, and whole GROUP BY pipelines on several threads.
#include "exec/aggregate/group_hash_table.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>

#include "exec/aggregate/group_keys.hpp"
#include "exec/aggregate/partitioned_group_table.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/physical_hash_aggregate.hpp"
#include "exec/physical/physical_range.hpp"
#include "exec/physical/physical_result_collector.hpp"
#include "function/aggregate/aggregate_registry.hpp"

namespace sluice {
namespace {

Vector longVector(const std::vector<int64_t>& values) {
  Vector vector(DataType::longType(), values.size());
  for (idx_t row = 0; row < values.size(); ++row)
    vector.mutableData<int64_t>()[row] = values[row];
  return vector;
}

std::vector<uint64_t> hashesOf(const std::vector<Vector>& keys, idx_t count) {
  std::vector<uint64_t> hashes(count);
  for (idx_t column = 0; column < keys.size(); ++column)
    hashKeyColumn(keys[column], count, hashes.data(), column > 0);
  return hashes;
}

int64_t keyOf(const uint8_t* row, const GroupRowLayout& layout) {
  int64_t key;
  std::memcpy(&key, row + layout.key_offsets[0], sizeof(key));
  return key;
}

//! The groups of BIGINT keys `values` in `table`, made room for and created where missing.
std::vector<uint8_t*> findOrCreateGroups(GroupHashTable& table, RowPartitions& storage,
                                         StringHeap& heap, const std::vector<int64_t>& values) {
  std::vector<Vector> keys{longVector(values)};
  std::vector<uint64_t> hashes = hashesOf(keys, values.size());
  std::vector<uint8_t*> groups(values.size());
  table.reserve(table.size() + values.size());
  table.findOrCreate(keys, RowSet{nullptr, values.size()}, hashes.data(), hashes.data(),
                     groups.data(), storage, heap);
  return groups;
}

TEST(GroupHashTableTest, FindsGroupsAgainAcrossVectorsAndResizes) {
  GroupRowLayout layout({DataType::longType()}, {});
  GroupHashTable table(layout, 16);
  RowPartitions storage(layout.row_width);
  StringHeap heap;
  std::map<int64_t, uint8_t*> seen;
  constexpr int64_t kGroups = 100000;
  for (int round = 0; round < 2; ++round) {
    for (int64_t start = 0; start < kGroups; start += kVectorSize) {
      std::vector<int64_t> values;
      for (int64_t key = start; key < std::min(start + static_cast<int64_t>(kVectorSize), kGroups);
           ++key) {
        values.push_back((key * 7919) % kGroups);  // every key once per round, in a scrambled order
      }
      std::vector<uint8_t*> groups = findOrCreateGroups(table, storage, heap, values);
      for (idx_t row = 0; row < values.size(); ++row) {
        ASSERT_EQ(keyOf(groups[row], layout), values[row]);
        auto it = seen.emplace(values[row], groups[row]).first;
        ASSERT_EQ(it->second, groups[row]) << "key " << values[row] << " changed group";
      }
    }
  }
  EXPECT_EQ(table.size(), static_cast<idx_t>(kGroups));
  EXPECT_GE(table.capacity(), 2 * table.size());
}

TEST(GroupHashTableTest, TellsKeysApartWhenEveryHashCollides) {
  GroupRowLayout layout({DataType::longType()}, {});
  GroupHashTable table(layout, 16);
  RowPartitions storage(layout.row_width);
  StringHeap heap;
  std::vector<int64_t> values;
  for (int64_t i = 0; i < 1000; ++i)
    values.push_back(i % 100);
  std::vector<Vector> keys{longVector(values)};
  std::vector<uint64_t> hashes(values.size(), 0x1234567890abcdefULL);  // one slot, one salt
  std::vector<uint8_t*> groups(values.size());
  table.reserve(values.size());
  table.findOrCreate(keys, RowSet{nullptr, values.size()}, hashes.data(), hashes.data(),
                     groups.data(), storage, heap);
  EXPECT_EQ(table.size(), 100u);
  for (idx_t row = 0; row < values.size(); ++row) {
    EXPECT_EQ(keyOf(groups[row], layout), values[row]);
    EXPECT_EQ(groups[row], groups[row % 100]);
  }
}

TEST(GroupHashTableTest, NullAndLongStringKeysAreGroups) {
  GroupRowLayout layout({DataType::string(), DataType::intType()}, {});
  GroupHashTable table(layout, 16);
  RowPartitions storage(layout.row_width);
  StringHeap heap;
  std::vector<std::string> texts = {"short", "a string longer than twelve bytes",
                                    "short", "a string longer than twelve bytes",
                                    "",      "x"};
  Vector strings(DataType::string(), 8);
  Vector ints(DataType::intType(), 8);
  for (idx_t row = 0; row < texts.size(); ++row) {
    strings.mutableData<StringView>()[row] = strings.addString(texts[row]);
    ints.mutableData<int32_t>()[row] = 1;
  }
  strings.setNull(6);  // (NULL, 1) twice
  strings.setNull(7);
  ints.mutableData<int32_t>()[6] = 1;
  ints.mutableData<int32_t>()[7] = 1;
  ints.setNull(5);  // ("x", NULL)
  std::vector<Vector> keys{strings, ints};
  std::vector<uint64_t> hashes = hashesOf(keys, 8);
  std::vector<uint8_t*> groups(8);
  table.findOrCreate(keys, RowSet{nullptr, 8}, hashes.data(), hashes.data(), groups.data(), storage,
                     heap);
  EXPECT_EQ(table.size(), 5u);
  EXPECT_EQ(groups[0], groups[2]);
  EXPECT_EQ(groups[1], groups[3]);
  EXPECT_EQ(groups[6], groups[7]);
  EXPECT_NE(groups[4], groups[6]);  // '' is not NULL

  // The keys come back out, long strings included, once the input vector is gone.
  keys.clear();
  strings = Vector();
  Vector out(DataType::string(), 5);
  gatherKeyColumn(table.groups().data(), 5, layout, 0, out, 0);
  std::multiset<std::string> read;
  for (idx_t row = 0; row < 5; ++row)
    read.insert(out.isNull(row) ? "NULL" : out.at<StringView>(row).str());
  EXPECT_EQ(read, (std::multiset<std::string>{"short", "a string longer than twelve bytes", "", "x",
                                              "NULL"}));
}

TEST(GroupHashTableTest, MergesThreadTablesPartitionByPartition) {
  GroupRowLayout layout({DataType::longType()}, {});
  // Two "threads": keys 0..59999 and 30000..89999; each thread table resets its hash table
  // when it fills, so a thread may hold a key more than once.
  std::vector<std::unique_ptr<PartitionedGroupTable>> threads;
  for (int64_t first : {0, 30000}) {
    auto table = std::make_unique<PartitionedGroupTable>(layout);
    for (int round = 0; round < 2; ++round) {
      for (int64_t start = first; start < first + 60000; start += kVectorSize) {
        std::vector<int64_t> values;
        for (int64_t key = start;
             key < std::min(start + static_cast<int64_t>(kVectorSize), first + 60000); ++key) {
          values.push_back(key);
        }
        std::vector<Vector> keys{longVector(values)};
        std::vector<uint64_t> hashes = hashesOf(keys, values.size());
        std::vector<uint8_t*> groups(values.size());
        table->findOrCreate(keys, RowSet{nullptr, values.size()}, hashes.data(), hashes.data(),
                            groups.data());
      }
    }
    threads.push_back(std::move(table));
  }
  std::set<int64_t> keys;
  idx_t groups = 0;
  // One table, emptied for each partition, as the merge phase does.
  GroupHashTable merged(layout, 16);
  for (idx_t partition = 0; partition < RowPartitions::kCount; ++partition) {
    idx_t rows = 0;
    for (const auto& thread : threads)
      rows += thread->partitions().size(partition);
    merged.clearFor(rows);
    EXPECT_EQ(merged.size(), 0u);
    EXPECT_GE(merged.maxSize(), rows);
    std::vector<uint8_t*> targets(kVectorSize);
    for (const auto& thread : threads) {
      thread->partitions().forEachVector(partition, [&](uint8_t* const* source, idx_t count) {
        merged.findOrAdopt(source, count, targets.data());
        for (idx_t i = 0; i < count; ++i) {
          if (targets[i] != nullptr) {
            EXPECT_EQ(keyOf(targets[i], layout), keyOf(source[i], layout));
          }
        }
      });
    }
    for (uint8_t* row : merged.groups()) {
      ASSERT_EQ(RowPartitions::partitionOf(GroupRowLayout::hashOf(row)), partition);
      keys.insert(keyOf(row, layout));
    }
    groups += merged.size();
  }
  EXPECT_EQ(groups, 90000u);  // each key once, in exactly one partition
  EXPECT_EQ(keys.size(), 90000u);
  EXPECT_EQ(*keys.begin(), 0);
  EXPECT_EQ(*keys.rbegin(), 89999);
}

TEST(GroupHashTableTest, ClearForKeepsSlotsThatFitAndReplacesOthers) {
  GroupRowLayout layout({DataType::longType()}, {});
  GroupHashTable table(layout, 16);
  RowPartitions storage(layout.row_width);
  StringHeap heap;
  auto add = [&](int64_t first, int64_t count) {
    std::vector<int64_t> values;
    for (int64_t key = first; key < first + count; ++key)
      values.push_back(key);
    findOrCreateGroups(table, storage, heap, values);
  };
  add(0, 1000);
  ASSERT_EQ(table.size(), 1000u);
  idx_t capacity = table.capacity();  // 2048: 1000 groups fill at most half
  table.clearFor(300);                // needs 1024 slots: the 2048 are kept
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.capacity(), capacity);
  add(500, 300);  // keys of the cleared groups make new groups
  EXPECT_EQ(table.size(), 300u);
  table.clearFor(10);  // needs 32 slots: 2048 are too many to clear for each use
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.capacity(), 32u);
  table.clearFor(5000);  // needs 16384
  EXPECT_EQ(table.capacity(), 16384u);
  add(0, 5000);
  EXPECT_EQ(table.size(), 5000u);
}

//! count(*) and sum(id) of range(0, rows) grouped by id % modulus, on `threads` threads.
std::map<int64_t, std::pair<int64_t, int64_t>> groupedCounts(int64_t rows, int64_t modulus,
                                                             size_t threads) {
  const AggregateRegistry& registry = AggregateRegistry::builtin();
  auto bind = [&](const char* name, std::vector<DataType> types, const Value* constant) {
    AggregateBindRequest request;
    request.name = name;
    request.argument_types = std::move(types);
    request.argument_sql = {"x"};
    request.argument_constants = {constant};
    return registry.find(name)->bind(request);
  };
  Value one = Value::intValue(1);
  std::vector<BoundAggregate> aggregates(2);
  aggregates[0].function = bind("count", {DataType::intType()}, &one);
  aggregates[0].arguments.push_back(BoundExpression::makeConstant(one));
  aggregates[1].function = bind("sum", {DataType::longType()}, nullptr);
  aggregates[1].arguments.push_back(BoundExpression::makeColumn(0, DataType::longType()));

  BoundScalarFunction modulo;
  modulo.name = "%";
  modulo.argument_types = {DataType::longType(), DataType::longType()};
  modulo.return_type = DataType::longType();
  modulo.kernel = [modulus](const ExecContext&, const ArgumentVectors& arguments,
                            const RowSet& rows, Vector& result) {
    forEachRow(rows, [&](idx_t row) {
      result.mutableData<int64_t>()[row] = arguments[0]->at<int64_t>(row) % modulus;
    });
  };
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(BoundExpression::makeColumn(0, DataType::longType()));
  arguments.push_back(BoundExpression::makeConstant(Value::longValue(modulus)));
  std::vector<BoundExpressionPtr> keys;
  keys.push_back(BoundExpression::makeCall(modulo, std::move(arguments)));

  std::vector<DataType> types = {DataType::longType(), DataType::longType(), DataType::longType()};
  auto aggregate =
      std::make_unique<PhysicalHashAggregate>(types, std::move(keys), std::move(aggregates));
  aggregate->children.push_back(std::make_unique<PhysicalRange>(0, rows, 1));
  auto root = std::make_unique<PhysicalResultCollector>(types);
  root->children.push_back(std::move(aggregate));

  TaskScheduler scheduler(threads);
  ExecContext context;
  std::vector<Batch> batches = PlanExecutor(context, scheduler).run(*root);
  std::map<int64_t, std::pair<int64_t, int64_t>> result;
  for (const Batch& batch : batches) {
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      int64_t key = batch.columns[0].at<int64_t>(row);
      EXPECT_TRUE(result.count(key) == 0) << "group " << key << " twice";
      result[key] = {batch.columns[1].at<int64_t>(row), batch.columns[2].at<int64_t>(row)};
    }
  }
  return result;
}

TEST(HashAggregateTest, FewGroupsOnManyThreads) {
  auto groups = groupedCounts(100000, 7, 4);
  ASSERT_EQ(groups.size(), 7u);
  EXPECT_EQ(groups[0], std::make_pair(int64_t{14286}, int64_t{714264285}));
  EXPECT_EQ(groups[6], std::make_pair(int64_t{14285}, int64_t{714250000}));
}

TEST(HashAggregateTest, ManyGroupsOnManyThreads) {
  // More groups than a thread's table keeps: the threads' tables reset and the partitions merge.
  auto groups = groupedCounts(1200000, 600000, 4);
  ASSERT_EQ(groups.size(), 600000u);
  for (const auto& [key, value] : groups) {
    ASSERT_EQ(value.first, 2) << key;
    ASSERT_EQ(value.second, 2 * key + 600000) << key;
  }
}

}  // namespace
}  // namespace sluice
