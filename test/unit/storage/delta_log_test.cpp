// test/unit/storage/delta_log_test.cpp
//
// Replaying logs as Spark writes them, and clear errors for logs that are broken.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/history.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::ScratchTable;

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

//! Runs `body` and checks that it throws `error_class` with `fragment` in the message.
template <typename Body>
void expectError(Body body, ErrorClass error_class, const std::string& fragment) {
  try {
    body();
    FAIL() << "no error; expected " << errorClassName(error_class);
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), error_class) << error.what();
    EXPECT_NE(error.message().find(fragment), std::string::npos) << error.message();
  }
}

TEST(DeltaLogTest, ReplaysALogWrittenBySpark) {
  std::string path = testing::fixtureFolder() + "/spark_written";
  Snapshot snapshot = loadSnapshot(LogStore(path));
  EXPECT_EQ(snapshot.version, 2);
  EXPECT_EQ(snapshot.metadata.partition_columns, std::vector<std::string>{"region"});
  ASSERT_EQ(snapshot.schema.size(), 4u);
  EXPECT_EQ(snapshot.schema[1].type, DataType::decimal(10, 2));
  EXPECT_EQ(snapshot.schema[3].comment, "sales region");
  ASSERT_EQ(snapshot.files.size(), 2u);
  EXPECT_TRUE(snapshot.files.count(
      "region=US West/part-00000-3b4c5d6e-7f80-4192-a3b4-c5d6e7f80912.c000.snappy.parquet"));
  EXPECT_EQ(snapshot.tombstones.size(), 1u);
  EXPECT_EQ(snapshot.transactionVersion("0c5a3c2e-0f3b-4a8c-9d2f-5e6a7b8c9d0e"), 7);

  const AddFile& eu = snapshot.files.at(
      "region=EU/part-00000-2c7d2a3e-8d1b-4c3e-9f0a-1b2c3d4e5f60.c000.snappy.parquet");
  FileStats stats = parseFileStats(*eu.stats, snapshot.schema);
  EXPECT_EQ(stats.num_records, 3);
  EXPECT_EQ(stats.columns.at("amount").min, Value::decimal(1050, 10, 2));
  EXPECT_EQ(stats.columns.at("amount").null_count, 1);
  // Spark writes timestamps in the session zone; 08:00-08:00 is 16:00 UTC.
  EXPECT_EQ(stats.columns.at("placed_at").min, Value::timestamp(1'705'334'400'000'000));

  using Op = SkippingPredicate::Op;
  EXPECT_EQ(liveFiles(snapshot, {SkippingPredicate::compare("amount", Op::kGreater,
                                                            Value::decimal(5000, 10, 2))})
                .size(),
            1u);
  EXPECT_EQ(liveFiles(snapshot,
                      {SkippingPredicate::compare("region", Op::kEqual, Value::string("US West"))})
                .size(),
            1u);

  Snapshot first = loadSnapshot(LogStore(path), 0);
  EXPECT_EQ(first.files.size(), 2u);
  EXPECT_TRUE(first.tombstones.empty());
  EXPECT_EQ(readHistory(path)[2].operation, "CREATE TABLE AS SELECT");
  EXPECT_EQ(readHistory(path)[1].operation_parameters.at("epochId"), "7");
  EXPECT_EQ(readHistory(path)[0].operation_metrics.at("numDeletedRows"), "2");
}

class DeltaBrokenLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::writeRows(table_.path(), {{Value::longValue(0)}},
                       testing::createOptions({column("id", DataType::longType())}));
    for (int i = 1; i <= 3; ++i) {
      testing::writeRows(table_.path(), {{Value::longValue(i)}}, testing::appendOptions());
    }
  }
  ScratchTable table_;
};

TEST_F(DeltaBrokenLogTest, InvalidJsonNamesTheFileAndLine) {
  std::string commit = table_.log(commitFileName(2));
  std::ifstream in(commit);
  std::string first_line;
  std::getline(in, first_line);
  in.close();
  writeText(commit, first_line + "\n{\"add\": {\"path\": \"x\", \"size\": 1,\n");
  expectError([&] { testing::readTable(table_.path()); }, ErrorClass::FAILED_READ_FILE,
              commit + ":2");
}

TEST_F(DeltaBrokenLogTest, AnActionWithoutItsRequiredFieldsNamesTheFile) {
  std::string commit = table_.log(commitFileName(3));
  writeText(commit, "{\"remove\":{\"deletionTimestamp\":1}}\n");
  expectError([&] { loadSnapshot(LogStore(table_.path())); }, ErrorClass::FAILED_READ_FILE,
              commit + ":1: `remove` has no `path`");
}

TEST_F(DeltaBrokenLogTest, AMissingVersionIsAGap) {
  std::filesystem::remove(table_.log(commitFileName(2)));
  expectError([&] { loadSnapshot(LogStore(table_.path())); },
              ErrorClass::DELTA_VERSIONS_NOT_CONTIGUOUS, "Versions (0, 1, 3)");
  // Versions before the gap still read.
  EXPECT_EQ(testing::readTable(table_.path(), {1, std::nullopt}).size(), 2u);
}

TEST_F(DeltaBrokenLogTest, ALogWithoutMetadataCannotBeRecovered) {
  writeText(
      table_.log(commitFileName(0)),
      "{\"commitInfo\":{}}\n{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n");
  expectError([&] { loadSnapshot(LogStore(table_.path())); }, ErrorClass::DELTA_STATE_RECOVER_ERROR,
              "metadata");
}

TEST_F(DeltaBrokenLogTest, ACorruptCheckpointNamesItsFile) {
  std::string checkpoint = table_.log(checkpointFileName(3));
  writeText(checkpoint, "PAR1 not really a parquet file");
  expectError([&] { loadSnapshot(LogStore(table_.path())); }, ErrorClass::FAILED_READ_FILE,
              checkpoint);
}

TEST_F(DeltaBrokenLogTest, UnsupportedFeaturesAreRefused) {
  writeText(table_.log(commitFileName(4)),
            "{\"commitInfo\":{}}\n{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            "\"readerFeatures\":[\"deletionVectors\"],\"writerFeatures\":[\"deletionVectors\","
            "\"rowTracking\"]}}\n");
  // Deletion vectors are read and kept by writers; row tracking is not written.
  openSnapshot(table_.path());
  expectError([&] { DeltaTableWriter(table_.path(), testing::appendOptions()); },
              ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_WRITE, "rowTracking");
  writeText(table_.log(commitFileName(5)),
            "{\"commitInfo\":{}}\n{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            "\"readerFeatures\":[\"variantShredding-preview\"],\"writerFeatures\":["
            "\"variantShredding-preview\"]}}\n");
  expectError([&] { openSnapshot(table_.path()); }, ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_READ,
              "variantShredding-preview");
  expectError([&] { DeltaTableWriter(table_.path(), testing::appendOptions()); },
              ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_READ, "variantShredding-preview");
  writeText(table_.log(commitFileName(6)),
            "{\"protocol\":{\"minReaderVersion\":4,\"minWriterVersion\":7}}\n");
  expectError([&] { openSnapshot(table_.path()); }, ErrorClass::DELTA_INVALID_PROTOCOL_VERSION,
              "reader version 4");
}

TEST_F(DeltaBrokenLogTest, AnIncompleteMultiPartCheckpointAloneIsMissingParts) {
  for (int version = 0; version <= 3; ++version)
    std::filesystem::remove(table_.log(commitFileName(version)));
  writeText(table_.log("00000000000000000003.checkpoint.0000000001.0000000002.parquet"), "x");
  writeText(table_.log(commitFileName(4)), "{\"commitInfo\":{}}\n");
  expectError([&] { loadSnapshot(LogStore(table_.path())); }, ErrorClass::DELTA_MISSING_PART_FILES,
              "00000000000000000003.checkpoint.0000000001.0000000002.parquet");
}

}  // namespace
}  // namespace sluice::delta
