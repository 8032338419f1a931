// test/unit/storage/delta_concurrency_test.cpp
//
// Concurrent writers and readers of one Delta table, as separate processes: no commit is
// ever lost, a reader sees only whole versions, real conflicts are reported, and
// WriteSerializable lets a blind append through where Serializable refuses it.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/log_store.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

std::vector<StructField> schema() {
  return {column("writer", DataType::intType()), column("n", DataType::intType())};
}

//! Runs `body` in a child process; the child exits 0 when it returns, 1 on an error.
template <typename Body>
pid_t forkChild(Body body) {
  pid_t pid = ::fork();
  if (pid == 0) {
    int code = 0;
    try {
      body();
    } catch (const std::exception& error) {
      std::fprintf(stderr, "child %d: %s\n", ::getpid(), error.what());
      code = 1;
    }
    std::fflush(stderr);
    ::_exit(code);
  }
  return pid;
}

int waitFor(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::vector<Row> batchRows(int writer, int count) {
  std::vector<Row> rows;
  for (int n = 0; n < count; ++n)
    rows.push_back({Value::intValue(writer), Value::intValue(n)});
  return rows;
}

TEST(DeltaConcurrencyTest, ConcurrentAppendersNeverLoseACommit) {
  ScratchTable table;
  testing::writeRows(table.path(), {}, testing::createOptions(schema()));
  constexpr int kWriters = 4;
  constexpr int kAppends = 8;
  std::vector<pid_t> children;
  for (int writer = 0; writer < kWriters; ++writer) {
    children.push_back(forkChild([&, writer] {
      for (int append = 0; append < kAppends; ++append) {
        testing::writeRows(table.path(), {{Value::intValue(writer), Value::intValue(append)}},
                           testing::appendOptions());
      }
    }));
  }
  for (pid_t child : children)
    EXPECT_EQ(waitFor(child), 0);

  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.commits.size(), static_cast<size_t>(kWriters * kAppends + 1));
  for (size_t version = 0; version < listing.commits.size(); ++version) {
    EXPECT_EQ(listing.commits[version], static_cast<int64_t>(version));
  }
  Snapshot snapshot = openSnapshot(table.path());
  EXPECT_EQ(snapshot.files.size(), static_cast<size_t>(kWriters * kAppends));
  std::vector<Row> expected;
  for (int writer = 0; writer < kWriters; ++writer) {
    for (int append = 0; append < kAppends; ++append) {
      expected.push_back({Value::intValue(writer), Value::intValue(append)});
    }
  }
  EXPECT_EQ(testing::readTable(table.path()), testing::sorted(expected));
  // No temp file is left behind in the log.
  for (const auto& entry : std::filesystem::directory_iterator(table.path() + "/_delta_log")) {
    EXPECT_FALSE(entry.path().filename().string().starts_with(".")) << entry.path();
  }
}

TEST(DeltaConcurrencyTest, ReadersSeeOnlyWholeVersions) {
  ScratchTable table;
  constexpr int kBatchRows = 7;
  constexpr int kAppends = 15;
  testing::writeRows(table.path(), batchRows(0, kBatchRows), testing::createOptions(schema()));
  pid_t writer = forkChild([&] {
    for (int append = 1; append <= kAppends; ++append) {
      testing::writeRows(table.path(), batchRows(append, kBatchRows), testing::appendOptions());
    }
  });
  int snapshots = 0;
  while (true) {
    int status = 0;
    bool done = ::waitpid(writer, &status, WNOHANG) == writer;
    std::vector<Row> rows = testing::readTable(table.path());
    EXPECT_EQ(rows.size() % kBatchRows, 0u) << "a partial version was visible";
    ++snapshots;
    if (done) {
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
      EXPECT_EQ(rows.size(), static_cast<size_t>(kBatchRows * (kAppends + 1)));
      break;
    }
  }
  EXPECT_GT(snapshots, 1);
}

//! An overwrite that read version 0 of `table`, written but not committed.
std::unique_ptr<DeltaTableWriter> pendingOverwrite(const ScratchTable& table) {
  TableWriteOptions overwrite;
  overwrite.mode = WriteMode::kOverwrite;
  auto writer = std::make_unique<DeltaTableWriter>(table.path(), overwrite);
  writer->write(testing::makeBatch(schema(), batchRows(9, 1)));
  return writer;
}

TEST(DeltaConcurrencyTest, WriteSerializableOrdersABlindAppendAfterAnOverwrite) {
  ScratchTable table;
  testing::writeRows(table.path(), batchRows(0, 1), testing::createOptions(schema()));
  auto slow = pendingOverwrite(table);
  testing::writeRows(table.path(), batchRows(1, 1), testing::appendOptions());  // version 1
  TableWriteResult result = slow->commit();
  EXPECT_EQ(result.version, 2);
  EXPECT_EQ(result.attempts, 2);
  // The overwrite removed what it read; the append's row stays, as if it came after.
  std::vector<Row> rows = testing::sorted(testing::readTable(table.path()));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0], Value::intValue(1));
  EXPECT_EQ(rows[1][0], Value::intValue(9));
  for (const Action& action : LogStore(table.path()).readCommit(2)) {
    if (const auto* info = std::get_if<CommitInfo>(&action)) {
      EXPECT_EQ(info->fields.at("isolationLevel"), "WriteSerializable");
    }
  }
}

TEST(DeltaConcurrencyTest, OverwriteConflictsWithAConcurrentAppendThatReadTheTable) {
  ScratchTable table;
  testing::writeRows(table.path(), batchRows(0, 1), testing::createOptions(schema()));
  auto slow = pendingOverwrite(table);
  TableWriteOptions reading = testing::appendOptions();  // as a MERGE that only inserts
  reading.reads_table = true;
  testing::writeRows(table.path(), batchRows(1, 1), reading);  // version 1
  try {
    slow->commit();
    FAIL() << "the overwrite did not see the concurrent append";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_CONCURRENT_APPEND);
    EXPECT_NE(error.message().find("version 1 (WRITE)"), std::string::npos) << error.message();
  }
  EXPECT_EQ(testing::readTable(table.path()).size(), 2u);
}

TEST(DeltaConcurrencyTest, SerializableOverwriteConflictsWithAConcurrentBlindAppend) {
  ScratchTable table;
  TableWriteOptions create = testing::createOptions(schema());
  create.definition->properties["delta.isolationLevel"] = "Serializable";
  testing::writeRows(table.path(), batchRows(0, 1), create);
  auto slow = pendingOverwrite(table);
  testing::writeRows(table.path(), batchRows(1, 1), testing::appendOptions());  // version 1
  try {
    slow->commit();
    FAIL() << "the overwrite did not see the concurrent append";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_CONCURRENT_APPEND);
  }
  EXPECT_EQ(testing::readTable(table.path()).size(), 2u);
}

TEST(DeltaConcurrencyTest, BlindAppendRetriesButMetadataChangesConflict) {
  ScratchTable table;
  testing::writeRows(table.path(), batchRows(0, 1), testing::createOptions(schema()));
  DeltaTableWriter append(table.path(), testing::appendOptions());
  append.write(testing::makeBatch(schema(), batchRows(1, 1)));
  testing::writeRows(table.path(), batchRows(2, 1), testing::appendOptions());
  TableWriteResult result = append.commit();
  EXPECT_EQ(result.version, 2);
  EXPECT_EQ(result.attempts, 2);
  EXPECT_EQ(LogStore(table.path()).readCommit(2).size(), 2u);  // commitInfo + add

  DeltaTableWriter late(table.path(), testing::appendOptions());
  late.write(testing::makeBatch(schema(), batchRows(3, 1)));
  TableWriteOptions replace;
  replace.mode = WriteMode::kOverwrite;
  TableDefinition definition;
  definition.schema = schema();
  definition.description = "changed";
  replace.definition = definition;
  testing::writeRows(table.path(), batchRows(4, 1), replace);
  try {
    late.commit();
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_METADATA_CHANGED);
  }
}

TEST(DeltaConcurrencyTest, SameApplicationCommittingTwiceConflicts) {
  ScratchTable table;
  testing::writeRows(table.path(), {}, testing::createOptions(schema()));
  TableWriteOptions options = testing::appendOptions();
  options.app_id = "flow";
  options.app_version = 5;
  DeltaTableWriter first(table.path(), options);
  DeltaTableWriter second(table.path(), options);
  first.write(testing::makeBatch(schema(), batchRows(1, 1)));
  second.write(testing::makeBatch(schema(), batchRows(1, 1)));
  first.commit();
  try {
    second.commit();
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_CONCURRENT_TRANSACTION);
  }
  EXPECT_EQ(testing::readTable(table.path()).size(), 1u);
}

}  // namespace
}  // namespace sluice::delta
