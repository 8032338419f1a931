// test/unit/storage/delta_optimize_test.cpp
//
// OPTIMIZE compacts small files without changing the rows, and clusters clustered tables.

#include <gtest/gtest.h>

#include "delta_test_util.hpp"
#include "storage/delta/history.hpp"
#include "storage/delta/optimize.hpp"
#include "storage/parquet/parquet_reader.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

template <typename T>
std::vector<T> actionsOf(const std::vector<Action>& actions) {
  std::vector<T> result;
  for (const Action& action : actions) {
    if (const auto* value = std::get_if<T>(&action))
      result.push_back(*value);
  }
  return result;
}

TEST(DeltaOptimizeTest, CompactsSmallFilesPerPartitionAndKeepsTheRows) {
  ScratchTable table;
  std::vector<StructField> schema = {column("id", DataType::longType()),
                                     column("name", DataType::string()),
                                     column("p", DataType::intType())};
  testing::writeRows(table.path(), {}, testing::createOptions(schema, {"p"}));
  for (int append = 0; append < 6; ++append) {
    std::vector<Row> rows;
    for (int i = 0; i < 5; ++i) {
      rows.push_back({Value::longValue(append * 5 + i), Value::string("n" + std::to_string(i)),
                      Value::intValue(append % 2)});
    }
    testing::writeRows(table.path(), rows, testing::appendOptions());
  }
  std::vector<Row> before = testing::readTable(table.path());
  ASSERT_EQ(openSnapshot(table.path()).files.size(), 6u);

  OptimizeOptions options;
  options.max_file_size = 1 << 20;
  options.min_file_size = 1 << 20;
  OptimizeResult result = optimize(table.path(), options);
  EXPECT_EQ(result.version, 7);
  EXPECT_EQ(result.num_removed_files, 6);
  EXPECT_EQ(result.num_added_files, 2);  // one per partition
  Snapshot after = openSnapshot(table.path());
  EXPECT_EQ(after.files.size(), 2u);
  EXPECT_EQ(testing::readTable(table.path()), before);
  EXPECT_EQ(testing::readTable(table.path(), {6, std::nullopt}), before);

  std::vector<Action> commit = LogStore(table.path()).readCommit(7);
  for (const AddFile& add : actionsOf<AddFile>(commit)) {
    EXPECT_FALSE(add.data_change);
    EXPECT_EQ(parseFileStats(*add.stats, after.schema).num_records, 15);
  }
  for (const RemoveFile& remove : actionsOf<RemoveFile>(commit))
    EXPECT_FALSE(remove.data_change);
  EXPECT_EQ(readHistory(table.path())[0].operation, "OPTIMIZE");
  EXPECT_EQ(readHistory(table.path())[0].operation_metrics.at("numRemovedFiles"), "6");

  // Nothing left to compact: no new version.
  EXPECT_EQ(optimize(table.path(), options).version, -1);
  EXPECT_EQ(openSnapshot(table.path()).version, 7);
}

TEST(DeltaOptimizeTest, LeavesLargeFilesAndHonoursTheSizeLimits) {
  ScratchTable table;
  testing::writeRows(table.path(), {},
                     testing::createOptions({column("id", DataType::longType())}));
  for (int append = 0; append < 4; ++append) {
    testing::writeRows(table.path(), {{Value::longValue(append)}}, testing::appendOptions());
  }
  Snapshot snapshot = openSnapshot(table.path());
  int64_t file_size = snapshot.files.begin()->second.size;
  OptimizeOptions options;
  options.min_file_size = file_size;  // no file is smaller: nothing to do
  options.max_file_size = file_size * 2;
  EXPECT_EQ(optimize(table.path(), options).version, -1);
  options.min_file_size = file_size + 1;  // all are small; bins of two files each
  OptimizeResult result = optimize(table.path(), options);
  EXPECT_EQ(result.num_removed_files, 4);
  EXPECT_EQ(result.num_added_files, 2);
  EXPECT_EQ(testing::readTable(table.path()).size(), 4u);
}

TEST(DeltaOptimizeTest, ClusteredTablesAreSortedByTheClusteringColumns) {
  ScratchTable table;
  TableWriteOptions create = testing::createOptions(
      {column("id", DataType::longType()), column("key", DataType::intType())});
  create.definition->clustering_columns = {"key"};
  testing::writeRows(table.path(), {}, create);
  std::vector<Row> all;
  for (int append = 0; append < 3; ++append) {
    std::vector<Row> rows;
    for (int i = 0; i < 20; ++i) {
      int key = (i * 7 + append * 3) % 11;
      rows.push_back({Value::longValue(append * 100 + i),
                      key == 5 ? Value::null(DataType::intType()) : Value::intValue(key)});
    }
    all.insert(all.end(), rows.begin(), rows.end());
    testing::writeRows(table.path(), rows, testing::appendOptions());
  }
  OptimizeResult result = optimize(table.path());
  EXPECT_EQ(result.num_removed_files, 3);
  EXPECT_EQ(result.num_added_files, 1);
  EXPECT_EQ(testing::readTable(table.path()), testing::sorted(all));

  Snapshot snapshot = openSnapshot(table.path());
  ASSERT_EQ(snapshot.files.size(), 1u);
  const AddFile& add = snapshot.files.begin()->second;
  EXPECT_EQ(add.clustering_provider, "liquid");
  // The file's rows are in key order, NULLs first.
  parquet::ParquetReader reader(table.path() + "/" + add.path);
  Batch batch;
  std::vector<Value> keys;
  while (reader.next(batch)) {
    for (idx_t row = 0; row < batch.num_rows; ++row)
      keys.push_back(batch.columns[1].getValue(row));
  }
  ASSERT_EQ(keys.size(), 60u);
  EXPECT_TRUE(keys.front().isNull());
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end(), [](const Value& a, const Value& b) {
    return compareNullsFirst(a, b) < 0;
  }));
  // Clustered files are not rewritten again.
  EXPECT_EQ(optimize(table.path()).version, -1);
  EXPECT_EQ(readHistory(table.path())[0].operation_parameters.at("clusterBy"), "[\"key\"]");
}

}  // namespace
}  // namespace sluice::delta
