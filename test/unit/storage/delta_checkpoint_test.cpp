// test/unit/storage/delta_checkpoint_test.cpp
//
// Parquet checkpoints: written every 10 commits, read back into the same snapshot.

#include <gtest/gtest.h>

#include <filesystem>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/checkpoint.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/parquet/parquet_reader.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

void expectSameState(const Snapshot& left, const Snapshot& right) {
  EXPECT_EQ(left.version, right.version);
  EXPECT_EQ(left.protocol, right.protocol);
  EXPECT_EQ(left.metadata, right.metadata);
  EXPECT_EQ(left.transactions, right.transactions);
  EXPECT_EQ(left.domains, right.domains);
  ASSERT_EQ(left.files.size(), right.files.size());
  for (const auto& [path, add] : left.files) {
    ASSERT_TRUE(right.files.count(path)) << path;
    const AddFile& other = right.files.at(path);
    EXPECT_EQ(add.path, other.path);
    EXPECT_EQ(add.partition_values, other.partition_values);
    EXPECT_EQ(add.size, other.size);
    EXPECT_EQ(add.modification_time, other.modification_time);
    EXPECT_EQ(add.stats, other.stats);
  }
  ASSERT_EQ(left.tombstones.size(), right.tombstones.size());
  for (const auto& [path, remove] : left.tombstones) {
    ASSERT_TRUE(right.tombstones.count(path)) << path;
    EXPECT_EQ(remove.deletion_timestamp, right.tombstones.at(path).deletion_timestamp);
  }
}

//! The snapshot rebuilt from the JSON commits alone, ignoring checkpoints.
Snapshot snapshotFromCommits(const std::string& path, int64_t version) {
  LogStore store(path);
  LogListing listing = store.list();
  listing.checkpoints.clear();
  return loadSnapshot(store, listing, version);
}

TEST(DeltaCheckpointTest, EveryTenthCommitWritesACheckpoint) {
  ScratchTable table;
  std::vector<StructField> schema = {column("id", DataType::longType()),
                                     column("p", DataType::string())};
  testing::writeRows(table.path(), {}, testing::createOptions(schema, {"p"}));
  for (int64_t version = 1; version <= 24; ++version) {
    TableWriteOptions options = testing::appendOptions();
    if (version % 7 == 0)
      options.mode = WriteMode::kOverwrite;  // removes among the actions
    options.app_id = version % 2 ? "odd" : "even";
    options.app_version = version;
    testing::writeRows(table.path(),
                       {{Value::longValue(version), Value::string(version % 3 ? "a" : "b")}},
                       options);
  }
  EXPECT_TRUE(std::filesystem::exists(table.log("00000000000000000010.checkpoint.parquet")));
  EXPECT_TRUE(std::filesystem::exists(table.log("00000000000000000020.checkpoint.parquet")));
  EXPECT_FALSE(std::filesystem::exists(table.log("00000000000000000015.checkpoint.parquet")));
  LogStore store(table.path());
  std::optional<LastCheckpoint> last = store.readLastCheckpoint();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->version, 20);
  EXPECT_EQ(last->size_in_bytes,
            std::filesystem::file_size(table.log("00000000000000000020.checkpoint.parquet")));

  Snapshot latest = loadSnapshot(store);
  EXPECT_EQ(latest.version, 24);
  EXPECT_EQ(latest.checkpoint_version, 20);
  expectSameState(latest, snapshotFromCommits(table.path(), 24));
  EXPECT_EQ(latest.transactionVersion("odd"), 23);
  EXPECT_EQ(latest.transactionVersion("even"), 24);
  EXPECT_FALSE(latest.tombstones.empty());

  Snapshot at_ten = loadSnapshot(store, 10);
  EXPECT_EQ(at_ten.checkpoint_version, 10);
  expectSameState(at_ten, snapshotFromCommits(table.path(), 10));
  Snapshot at_fifteen = loadSnapshot(store, 15);
  EXPECT_EQ(at_fifteen.checkpoint_version, 10);
  expectSameState(at_fifteen, snapshotFromCommits(table.path(), 15));

  // The checkpoint's size is its number of actions: protocol, metaData, txns, adds, removes.
  std::vector<Action> actions =
      readCheckpoint(table.log("00000000000000000020.checkpoint.parquet"));
  EXPECT_EQ(static_cast<int64_t>(actions.size()), last->size);
  EXPECT_EQ(last->num_of_add_files, static_cast<int64_t>(loadSnapshot(store, 20).files.size()));
  for (const Action& action : actions) {
    if (const auto* add = std::get_if<AddFile>(&action)) {
      EXPECT_FALSE(add->data_change);
    }
  }

  // Readers still work after the commits before the checkpoint are gone; versions between
  // the checkpoints cannot be rebuilt any more.
  for (int version = 0; version < 20; ++version) {
    std::filesystem::remove(table.log(commitFileName(version)));
  }
  EXPECT_EQ(testing::readTable(table.path()).size(), 4u);  // versions 21 (an overwrite) to 24
  expectSameState(loadSnapshot(store), latest);
  EXPECT_THROW(loadSnapshot(store, 15), Error);
  try {
    loadSnapshot(store, 5);
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_VERSION_NOT_FOUND);
    EXPECT_NE(error.message().find("Available versions: [10, 24]"), std::string::npos)
        << error.message();
  }
}

TEST(DeltaCheckpointTest, CheckpointCarriesMetadataDomainsAndTombstones) {
  ScratchTable table;
  TableWriteOptions create = testing::createOptions(
      {column("a", DataType::intType()), column("b", DataType::timestampNtz())});
  create.definition->clustering_columns = {"a"};
  create.definition->description = "clustered";
  create.definition->properties = {{"delta.checkpointInterval", "2"}};
  testing::writeRows(table.path(), {{Value::intValue(1), Value::timestampNtz(5)}}, create);
  TableWriteOptions overwrite;
  overwrite.mode = WriteMode::kOverwrite;
  overwrite.app_id = "app";
  overwrite.app_version = 3;
  testing::writeRows(table.path(), {{Value::intValue(2), Value::timestampNtz(6)}}, overwrite);
  testing::writeRows(table.path(), {{Value::intValue(3), Value::timestampNtz(7)}},
                     testing::appendOptions());
  ASSERT_TRUE(std::filesystem::exists(table.log("00000000000000000002.checkpoint.parquet")));

  std::vector<Action> actions =
      readCheckpoint(table.log("00000000000000000002.checkpoint.parquet"));
  int removes = 0, txns = 0, domains = 0, metadata = 0, protocols = 0;
  for (const Action& action : actions) {
    removes += std::holds_alternative<RemoveFile>(action);
    txns += std::holds_alternative<SetTransaction>(action);
    domains += std::holds_alternative<DomainMetadata>(action);
    metadata += std::holds_alternative<Metadata>(action);
    protocols += std::holds_alternative<Protocol>(action);
    EXPECT_FALSE(std::holds_alternative<CommitInfo>(action));
  }
  EXPECT_EQ(removes, 1);
  EXPECT_EQ(txns, 1);
  EXPECT_EQ(domains, 1);
  EXPECT_EQ(metadata, 1);
  EXPECT_EQ(protocols, 1);

  Snapshot snapshot = loadSnapshot(LogStore(table.path()));
  EXPECT_EQ(snapshot.checkpoint_version, 2);
  EXPECT_EQ(snapshot.metadata.description, "clustered");
  EXPECT_EQ(snapshot.clusteringColumns(), std::vector<std::string>{"a"});
  EXPECT_EQ(snapshot.protocol.reader_features, std::vector<std::string>{"timestampNtz"});
  EXPECT_EQ(snapshot.transactionVersion("app"), 3);
  expectSameState(snapshot, snapshotFromCommits(table.path(), 2));

  // The checkpoint has the protocol's layout: one struct column per action kind.
  parquet::ParquetReader reader(table.log("00000000000000000002.checkpoint.parquet"));
  std::vector<std::string> names;
  for (const StructField& field : reader.schema())
    names.push_back(field.name);
  EXPECT_EQ(names, (std::vector<std::string>{"txn", "add", "remove", "metaData", "protocol",
                                             "domainMetadata"}));
}

}  // namespace
}  // namespace sluice::delta
