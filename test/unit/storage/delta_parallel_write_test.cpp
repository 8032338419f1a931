// test/unit/storage/delta_parallel_write_test.cpp
//
// Several threads writing one Delta table at once, each with its own ThreadWriter: every
// thread's files land in one commit, with every row and unique file names.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "delta_test_util.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::makeBatch;
using testing::readTable;
using testing::Row;
using testing::ScratchTable;

TEST(DeltaParallelWriteTest, ThreadsCommitTheirFilesAsOneVersion) {
  ScratchTable table;
  std::vector<StructField> fields = {column("id", DataType::longType()),
                                     column("part", DataType::string())};
  TableWriteOptions options;
  options.mode = WriteMode::kCreate;
  options.definition = TableDefinition{fields, {"part"}, {}, {}, std::nullopt, std::nullopt};
  DeltaTableWriter writer(table.path(), options);

  constexpr int kThreads = 4;
  constexpr int kBatches = 5;
  std::vector<std::thread> threads;
  for (int thread = 0; thread < kThreads; ++thread) {
    threads.emplace_back([&, thread] {
      auto local = writer.threadWriter();
      for (int batch = 0; batch < kBatches; ++batch) {
        std::vector<Row> rows;
        for (int row = 0; row < 10; ++row) {
          int64_t id = (thread * kBatches + batch) * 10 + row;
          rows.push_back({Value::longValue(id), Value::string(id % 2 == 0 ? "even" : "odd")});
        }
        local->write(makeBatch(fields, rows));
      }
      local->finish();
    });
  }
  for (std::thread& thread : threads)
    thread.join();
  TableWriteResult result = writer.commit();

  EXPECT_EQ(result.version, 0);
  EXPECT_EQ(result.num_rows, kThreads * kBatches * 10);
  // Each thread wrote one file per partition folder.
  EXPECT_EQ(result.num_files, kThreads * 2);

  Snapshot snapshot = openSnapshot(table.path());
  std::set<std::string> paths;
  for (const auto& [path, add] : snapshot.files)
    paths.insert(path);
  EXPECT_EQ(paths.size(), static_cast<size_t>(kThreads * 2));

  std::vector<Row> rows = readTable(table.path());
  ASSERT_EQ(rows.size(), static_cast<size_t>(kThreads * kBatches * 10));
  for (size_t index = 0; index < rows.size(); ++index) {
    EXPECT_EQ(rows[index][0], Value::longValue(static_cast<int64_t>(index)));
    EXPECT_EQ(rows[index][1], Value::string(index % 2 == 0 ? "even" : "odd"));
  }
}

TEST(DeltaParallelWriteTest, AThreadThatWroteNothingAddsNoFile) {
  ScratchTable table;
  std::vector<StructField> fields = {column("id", DataType::longType())};
  TableWriteOptions options;
  options.mode = WriteMode::kCreate;
  options.definition = TableDefinition{fields, {}, {}, {}, std::nullopt, std::nullopt};
  DeltaTableWriter writer(table.path(), options);
  auto idle = writer.threadWriter();
  idle->finish();
  auto busy = writer.threadWriter();
  busy->write(makeBatch(fields, {{Value::longValue(7)}}));
  busy->finish();
  TableWriteResult result = writer.commit();
  EXPECT_EQ(result.num_files, 1);
  EXPECT_EQ(readTable(table.path()), (std::vector<Row>{{Value::longValue(7)}}));
}

}  // namespace
}  // namespace sluice::delta
