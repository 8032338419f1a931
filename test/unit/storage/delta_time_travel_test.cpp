// test/unit/storage/delta_time_travel_test.cpp
//
// VERSION AS OF, TIMESTAMP AS OF, DESCRIBE HISTORY and DESCRIBE DETAIL.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/history.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

//! Sets a commit file's modification time, so that commit times are known exactly.
void setCommitTime(const ScratchTable& table, int64_t version, int64_t millis) {
  struct timeval times[2];
  times[0].tv_sec = times[1].tv_sec = millis / 1000;
  times[0].tv_usec = times[1].tv_usec = (millis % 1000) * 1000;
  ASSERT_EQ(::utimes(table.log(commitFileName(version)).c_str(), times), 0);
}

class DeltaTimeTravelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::writeRows(table_.path(), {{Value::longValue(0)}},
                       testing::createOptions({column("id", DataType::longType())}));
    testing::writeRows(table_.path(), {{Value::longValue(1)}}, testing::appendOptions());
    TableWriteOptions overwrite;
    overwrite.mode = WriteMode::kOverwrite;
    testing::writeRows(table_.path(), {{Value::longValue(2)}}, overwrite);
    setCommitTime(table_, 0, kStart);
    setCommitTime(table_, 1, kStart + 60'000);
    setCommitTime(table_, 2, kStart + 120'000);
  }

  static constexpr int64_t kStart = 1'700'000'000'000;
  ScratchTable table_;
};

TEST_F(DeltaTimeTravelTest, ReadsEachVersion) {
  EXPECT_EQ(testing::readTable(table_.path(), {0, std::nullopt}),
            (std::vector<Row>{{Value::longValue(0)}}));
  EXPECT_EQ(testing::readTable(table_.path(), {1, std::nullopt}),
            (std::vector<Row>{{Value::longValue(0)}, {Value::longValue(1)}}));
  EXPECT_EQ(testing::readTable(table_.path()), (std::vector<Row>{{Value::longValue(2)}}));
  for (int64_t version : {-1, 3}) {
    try {
      openSnapshot(table_.path(), {version, std::nullopt});
      FAIL() << version;
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_VERSION_NOT_FOUND);
      EXPECT_NE(error.message().find("Available versions: [0, 2]"), std::string::npos);
    }
  }
}

TEST_F(DeltaTimeTravelTest, ReadsTheLatestCommitAtOrBeforeATimestamp) {
  auto version_at = [&](int64_t millis) {
    return openSnapshot(table_.path(), {std::nullopt, millis}).version;
  };
  EXPECT_EQ(version_at(kStart), 0);
  EXPECT_EQ(version_at(kStart + 59'999), 0);
  EXPECT_EQ(version_at(kStart + 60'000), 1);
  EXPECT_EQ(version_at(kStart + 119'000), 1);
  EXPECT_EQ(version_at(kStart + 120'000), 2);
  EXPECT_EQ(testing::readTable(table_.path(), {std::nullopt, kStart + 90'000}).size(), 2u);
  try {
    version_at(kStart - 1);
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION);
  }
  try {
    version_at(kStart + 120'001);
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_TIMESTAMP_GREATER_THAN_COMMIT);
    EXPECT_NE(error.message().find("2023-11-14 22:15:20"), std::string::npos) << error.message();
  }
}

TEST_F(DeltaTimeTravelTest, CommitTimesThatGoBackwardsAreMadeIncreasing) {
  setCommitTime(table_, 1, kStart - 5'000);
  LogStore store(table_.path());
  std::vector<CommitTimestamp> timestamps = commitTimestamps(store, store.list(), 0);
  ASSERT_EQ(timestamps.size(), 3u);
  EXPECT_EQ(timestamps[1].timestamp, kStart + 1);
  EXPECT_EQ(versionAtTimestamp(store, kStart), 0);
  EXPECT_EQ(versionAtTimestamp(store, kStart + 1), 1);
}

TEST_F(DeltaTimeTravelTest, HistoryListsCommitsNewestFirst) {
  std::vector<HistoryEntry> history = readHistory(table_.path());
  ASSERT_EQ(history.size(), 3u);
  EXPECT_EQ(history[0].version, 2);
  EXPECT_EQ(history[0].timestamp, kStart + 120'000);
  EXPECT_EQ(history[0].operation, "WRITE");
  EXPECT_EQ(history[0].operation_parameters.at("mode"), "Overwrite");
  EXPECT_EQ(history[0].operation_parameters.at("partitionBy"), "[]");
  EXPECT_EQ(history[0].operation_metrics.at("numRemovedFiles"), "2");
  EXPECT_EQ(history[0].is_blind_append, false);
  EXPECT_EQ(history[0].read_version, 1);
  EXPECT_EQ(history[1].operation_parameters.at("mode"), "Append");
  EXPECT_EQ(history[1].is_blind_append, true);
  EXPECT_EQ(history[2].operation, "CREATE TABLE AS SELECT");
  EXPECT_EQ(history[2].read_version, std::nullopt);
  EXPECT_EQ(history[2].engine_info, "sluice");
  EXPECT_EQ(readHistory(table_.path(), 1).size(), 1u);
}

TEST(DeltaDetailTest, DescribesTheLatestSnapshot) {
  ScratchTable table;
  TableWriteOptions create = testing::createOptions(
      {column("id", DataType::longType()), column("p", DataType::string())}, {"p"});
  create.definition->description = "ids by p";
  create.definition->name = "ids";
  create.definition->properties = {{"quality", "gold"}};
  testing::writeRows(
      table.path(),
      {{Value::longValue(1), Value::string("a")}, {Value::longValue(2), Value::string("b")}},
      create);
  TableDetail detail = describeDetail(table.path());
  EXPECT_EQ(detail.format, "delta");
  EXPECT_EQ(detail.id.size(), 36u);
  EXPECT_EQ(detail.name, "ids");
  EXPECT_EQ(detail.description, "ids by p");
  EXPECT_EQ(detail.location, "file:" + table.path());
  EXPECT_EQ(detail.partition_columns, std::vector<std::string>{"p"});
  EXPECT_TRUE(detail.clustering_columns.empty());
  EXPECT_EQ(detail.num_files, 2);
  EXPECT_EQ(detail.size_in_bytes, openSnapshot(table.path()).sizeInBytes());
  EXPECT_GT(detail.size_in_bytes, 0);
  EXPECT_EQ(detail.properties.at("quality"), "gold");
  EXPECT_EQ(detail.min_reader_version, 1);
  EXPECT_EQ(detail.min_writer_version, 2);
  EXPECT_TRUE(detail.created_at.has_value());
  EXPECT_GE(detail.last_modified, *detail.created_at - 1000);

  ScratchTable clustered;
  TableWriteOptions cluster = testing::createOptions({column("id", DataType::longType())});
  cluster.definition->clustering_columns = {"id"};
  testing::writeRows(clustered.path(), {}, cluster);
  TableDetail clustered_detail = describeDetail(clustered.path());
  EXPECT_EQ(clustered_detail.clustering_columns, std::vector<std::string>{"id"});
  EXPECT_EQ(clustered_detail.min_writer_version, 7);
  EXPECT_EQ(clustered_detail.table_features,
            (std::vector<std::string>{"appendOnly", "clustering", "domainMetadata", "invariants"}));
  EXPECT_EQ(readHistory(clustered.path())[0].operation, "CREATE TABLE");
}

}  // namespace
}  // namespace sluice::delta
