// test/unit/storage/delta_vacuum_test.cpp
//
// VACUUM keeps what retained versions name and deletes only old unnamed files.

#include <gtest/gtest.h>
#include <sys/time.h>

#include <filesystem>
#include <fstream>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/vacuum.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

constexpr int64_t kHour = 3'600'000;

void touch(const std::string& path, int64_t millis) {
  struct timeval times[2];
  times[0].tv_sec = times[1].tv_sec = millis / 1000;
  times[0].tv_usec = times[1].tv_usec = 0;
  ASSERT_EQ(::utimes(path.c_str(), times), 0) << path;
}

std::vector<std::string> dataFiles(const ScratchTable& table) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(table.path())) {
    std::string relative = entry.path().lexically_relative(table.path()).string();
    if (entry.is_regular_file() && !relative.starts_with("_delta_log"))
      files.push_back(relative);
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> snapshotFiles(const std::string& path, std::optional<int64_t> version) {
  std::vector<std::string> files;
  for (const auto& [file, add] : openSnapshot(path, {version, std::nullopt}).files) {
    files.push_back(file);
  }
  return files;
}

TEST(DeltaVacuumTest, DeletesOnlyOldFilesNoRetainedVersionNames) {
  ScratchTable table;
  std::vector<StructField> schema = {column("id", DataType::longType()),
                                     column("p", DataType::string())};
  testing::writeRows(table.path(), {{Value::longValue(1), Value::string("a")}},
                     testing::createOptions(schema, {"p"}));
  std::vector<std::string> version0 = snapshotFiles(table.path(), 0);
  TableWriteOptions overwrite;
  overwrite.mode = WriteMode::kOverwrite;
  testing::writeRows(table.path(), {{Value::longValue(2), Value::string("b")}}, overwrite);
  std::vector<std::string> version1 = snapshotFiles(table.path(), 1);
  // An orphan: written by a writer that never committed.
  std::filesystem::create_directories(table.path() + "/p=c");
  std::ofstream(table.path() + "/p=c/part-00000-orphan.c000.zstd.parquet") << "x";

  int64_t now = epochMillis();
  // Everything on disk is 10 days old; the removal happened just now.
  for (const std::string& file : dataFiles(table))
    touch(table.path() + "/" + file, now - 240 * kHour);

  // The default retention keeps the removed file: version 0 is still inside the window.
  VacuumResult dry = vacuum(table.path(), {std::nullopt, /*dry_run=*/true, true, now});
  EXPECT_EQ(dry.retention_ms, 168 * kHour);
  EXPECT_EQ(dry.files, std::vector<std::string>{"p=c/part-00000-orphan.c000.zstd.parquet"});
  EXPECT_EQ(dataFiles(table).size(), 3u);  // a dry run deletes nothing

  VacuumResult result = vacuum(table.path(), {std::nullopt, false, true, now});
  EXPECT_EQ(result.files, dry.files);
  EXPECT_FALSE(std::filesystem::exists(table.path() + "/p=c"));  // emptied folders go too
  EXPECT_EQ(testing::readTable(table.path(), {0, std::nullopt}).size(), 1u);

  // A removal older than the retention frees its file; live files always stay.
  VacuumResult later = vacuum(table.path(), {std::nullopt, false, true, now + 169 * kHour});
  EXPECT_EQ(later.files, version0);
  EXPECT_EQ(dataFiles(table), version1);
  EXPECT_EQ(testing::readTable(table.path()).size(), 1u);
  EXPECT_TRUE(std::filesystem::exists(table.path() + "/_delta_log/00000000000000000000.json"));
}

TEST(DeltaVacuumTest, HonoursRetainAndItsSafetyCheck) {
  ScratchTable table;
  testing::writeRows(table.path(), {{Value::longValue(1)}},
                     testing::createOptions({column("id", DataType::longType())}));
  TableWriteOptions overwrite;
  overwrite.mode = WriteMode::kOverwrite;
  testing::writeRows(table.path(), {{Value::longValue(2)}}, overwrite);
  std::vector<std::string> removed = snapshotFiles(table.path(), 0);
  std::ofstream(table.path() + "/fresh-orphan.parquet") << "x";
  std::ofstream(table.path() + "/.hidden") << "x";
  std::ofstream(table.path() + "/_private") << "x";
  int64_t now = epochMillis() + 2 * kHour;  // every file is two hours old

  try {
    vacuum(table.path(), {1.0, true, /*retention_check=*/true, now});
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::INVALID_ARGUMENT);
    EXPECT_NE(error.message().find("168 hours"), std::string::npos);
  }
  // RETAIN 3 HOURS: the removal two hours ago is inside the window.
  EXPECT_TRUE(vacuum(table.path(), {3.0, true, false, now}).files.empty());
  // RETAIN 1 HOURS: the removed file and the orphan go, hidden files stay.
  std::vector<std::string> expected = removed;
  expected.push_back("fresh-orphan.parquet");
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(vacuum(table.path(), {1.0, false, false, now}).files, expected);
  EXPECT_TRUE(std::filesystem::exists(table.path() + "/.hidden"));
  EXPECT_TRUE(std::filesystem::exists(table.path() + "/_private"));
  EXPECT_EQ(testing::readTable(table.path()), (std::vector<Row>{{Value::longValue(2)}}));
  // A negative retention is refused.
  EXPECT_THROW(vacuum(table.path(), {-1.0, true, false, now}), Error);
}

}  // namespace
}  // namespace sluice::delta
