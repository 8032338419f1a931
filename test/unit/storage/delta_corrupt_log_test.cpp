// test/unit/storage/delta_corrupt_log_test.cpp
//
// Damaged Delta logs found by the delta_log fuzz target (test/fuzz/delta_log_fuzz.cpp):
// values at the edges of int64 in file sizes, statistics and table properties must end in a
// result or a sluice::Error, never in undefined behaviour (these tests run under UBSan).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/data_skipping.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {
namespace {

using testing::ScratchTable;
using Op = SkippingPredicate::Op;

//! Commit 0 of a one-column table of TIMESTAMPs, with `configuration` as its properties.
std::string createCommit(const std::string& configuration = "{}") {
  return R"({"protocol":{"minReaderVersion":1,"minWriterVersion":2}})"
         "\n"
         R"({"metaData":{"id":"0b1a8f76-3b4e-4f6a-9e52-6f0c7f0f5c11","format":{"provider":"parquet","options":{}},)"
         R"("schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"ts\",\"type\":\"timestamp\",\"nullable\":true,\"metadata\":{}}]}",)"
         R"("partitionColumns":[],"configuration":)" +
         configuration + "}}\n";
}

std::string addLine(const std::string& path, const std::string& size, const std::string& stats) {
  return R"({"add":{"path":")" + path + R"(","partitionValues":{},"size":)" + size +
         R"(,"modificationTime":0,"dataChange":true,"stats":)" + stats + "}}\n";
}

void writeLog(const ScratchTable& table, const std::vector<std::string>& commits) {
  std::filesystem::create_directories(table.path() + "/_delta_log");
  for (size_t version = 0; version < commits.size(); ++version) {
    std::ofstream(table.log(commitFileName(static_cast<int64_t>(version)))) << commits[version];
  }
}

TEST(DeltaCorruptLogTest, TimestampMaxAtTheEndOfTimeDoesNotOverflowSkipping) {
  // The stats max is the largest TIMESTAMP; skipping widens a max by the 999 microseconds
  // that its millisecond truncation hides, which overflowed int64.
  ScratchTable table;
  std::string stats =
      R"("{\"numRecords\":2,\"minValues\":{\"ts\":\"2024-01-15T08:00:00.000Z\"},)"
      R"(\"maxValues\":{\"ts\":\"+294247-01-10T04:00:54.775807Z\"},\"nullCount\":{\"ts\":0}}")";
  writeLog(table, {createCommit(), addLine("a.parquet", "10", stats)});
  Snapshot snapshot = openSnapshot(table.path());
  const AddFile& add = snapshot.files.at("a.parquet");
  FileStats parsed = parseFileStats(*add.stats, snapshot.schema);
  ASSERT_EQ(parsed.columns.at("ts").max, Value::timestamp(INT64_MAX));
  std::vector<std::string> partitions;
  EXPECT_TRUE(fileMayMatch(
      add, snapshot.schema, partitions,
      {SkippingPredicate::compare("ts", Op::kGreater, Value::timestamp(INT64_MAX - 1))}));
  EXPECT_TRUE(
      fileMayMatch(add, snapshot.schema, partitions,
                   {SkippingPredicate::compare("ts", Op::kEqual, Value::timestamp(INT64_MAX))}));
  EXPECT_FALSE(fileMayMatch(add, snapshot.schema, partitions,
                            {SkippingPredicate::compare("ts", Op::kLess, Value::timestamp(0))}));
}

TEST(DeltaCorruptLogTest, SizeInBytesSaturatesInsteadOfOverflowing) {
  // Two files of the largest size a log can state: their sum does not fit in int64.
  ScratchTable table;
  std::string max = std::to_string(INT64_MAX);
  std::string min = std::to_string(INT64_MIN);
  writeLog(table,
           {createCommit(), addLine("a.parquet", max, "null") + addLine("b.parquet", max, "null")});
  EXPECT_EQ(openSnapshot(table.path()).sizeInBytes(), INT64_MAX);
  writeLog(table,
           {createCommit(), addLine("a.parquet", min, "null") + addLine("b.parquet", min, "null")});
  EXPECT_EQ(openSnapshot(table.path()).sizeInBytes(), INT64_MIN);
}

TEST(DeltaCorruptLogTest, RetentionDurationTooLongForInt64IsInvalid) {
  // "interval <n> weeks" multiplied n by a week's milliseconds without an overflow check.
  EXPECT_EQ(parseIntervalMillis("interval 9223372036854775807 weeks"), std::nullopt);
  EXPECT_EQ(parseIntervalMillis("interval 15250284453 weeks"), std::nullopt);
  EXPECT_EQ(parseIntervalMillis("interval 15250284452 weeks"),
            int64_t{15250284452} * 7 * 24 * 3600 * 1000);
  EXPECT_EQ(parseIntervalMillis("9223372036854775807 milliseconds"), INT64_MAX);

  ScratchTable table;
  writeLog(table,
           {createCommit(
               R"({"delta.deletedFileRetentionDuration":"interval 9223372036854775807 weeks"})")});
  Snapshot snapshot = openSnapshot(table.path());
  try {
    deletedFileRetentionMillis(snapshot.metadata);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_NE(error.message().find("delta.deletedFileRetentionDuration"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace sluice::delta
