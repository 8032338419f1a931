// test/unit/storage/delta_deletion_vector_writer_test.cpp
//
// Writing deletion vectors: the encoders (Z85, the portable RoaringBitmapArray with valid
// container offsets) read back by the decoders, and writeDeletionVectors on a table: one file
// for all the commit's vectors, each vector the union of the file's old one and the new rows,
// a file left without rows removed, loose statistics, and the table read without the rows.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "delta_test_util.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/deletion_vector_writer.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/transaction.hpp"

namespace sluice::delta {
namespace {

using testing::Row;
using testing::ScratchTable;

uint32_t little32(const std::vector<uint8_t>& bytes, size_t at) {
  return uint32_t{bytes[at]} | (uint32_t{bytes[at + 1]} << 8) | (uint32_t{bytes[at + 2]} << 16) |
         (uint32_t{bytes[at + 3]} << 24);
}

TEST(DeletionVectorWriterTest, Z85RoundTrips) {
  std::mt19937 random(7);
  for (size_t length = 0; length <= 40; length += 4) {
    std::vector<uint8_t> bytes(length);
    for (uint8_t& byte : bytes)
      byte = static_cast<uint8_t>(random());
    EXPECT_EQ(decodeZ85(encodeZ85(bytes)), bytes);
  }
  EXPECT_EQ(encodeZ85({0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B}), "HelloWorld");
}

TEST(DeletionVectorWriterTest, BitmapArraysRoundTripInEveryShape) {
  std::mt19937_64 random(11);
  std::vector<std::vector<uint64_t>> cases = {{}, {0}, {65535, 65536}, {(uint64_t{1} << 32) + 3}};
  for (int round = 0; round < 20; ++round) {
    std::set<uint64_t> positions;
    // Sparse values over several high words, and a dense container (a bitmap).
    for (int index = 0; index < 300; ++index)
      positions.insert(random() % (uint64_t{3} << 32));
    for (uint64_t value = 0; value < 70000; value += 1 + random() % 3)
      positions.insert(value);
    cases.emplace_back(positions.begin(), positions.end());
  }
  for (const std::vector<uint64_t>& positions : cases) {
    std::vector<uint8_t> bytes = encodeRoaringBitmapArray(positions);
    EXPECT_EQ(decodeRoaringBitmapArray(bytes.data(), bytes.size(), UINT64_MAX), positions);
  }
}

TEST(DeletionVectorWriterTest, ContainerOffsetsPointAtTheContainers) {
  // Two containers of the first 32-bit bitmap: an array of 2 values, then a bitmap.
  std::vector<uint64_t> positions{5, 9};
  for (uint64_t value = 65536; value < 65536 + 5000; ++value)
    positions.push_back(value);
  std::vector<uint8_t> bytes = encodeRoaringBitmapArray(positions);
  // magic (4), bitmap count (8), high bits (4): the 32-bit bitmap starts at 16.
  size_t start = 16;
  EXPECT_EQ(little32(bytes, start), 12346u);
  EXPECT_EQ(little32(bytes, start + 4), 2u);
  size_t offsets = start + 8 + 2 * 4;
  EXPECT_EQ(little32(bytes, offsets), 8u + 2 * 8);
  EXPECT_EQ(little32(bytes, offsets + 4), 8u + 2 * 8 + 2 * 2);
  EXPECT_EQ(bytes.size(), start + 8 + 2 * 8 + 2 * 2 + 8192);
}

TEST(DeletionVectorWriterTest, VectorsGrowAndEmptiedFilesGo) {
  ScratchTable table;
  std::vector<StructField> schema{testing::column("id", DataType::longType())};
  std::vector<Row> rows;
  for (int64_t id = 0; id < 100; ++id)
    rows.push_back({Value::longValue(id)});
  testing::writeRows(table.path(), rows, testing::createOptions(schema));
  testing::writeRows(table.path(), {{Value::longValue(500)}, {Value::longValue(501)}},
                     testing::appendOptions());
  LogStore store(table.path());
  Snapshot snapshot = loadSnapshot(store);
  ASSERT_EQ(snapshot.files.size(), 2u);
  std::string big;
  std::string small;
  for (const auto& [path, add] : snapshot.files)
    (parseFileStats(*add.stats, {}).num_records == 100 ? big : small) = add.path;

  auto commit = [&](std::map<std::string, std::vector<uint64_t>> deletions) {
    Snapshot read = loadSnapshot(store);
    DeletionVectorChanges changes =
        writeDeletionVectors(table.path(), read, std::move(deletions), 1000);
    CommitPlan plan;
    plan.read_version = read.version;
    plan.actions = std::move(changes.actions);
    commitTransaction(store, std::move(plan));
    return changes;
  };
  DeletionVectorChanges first = commit({{big, {3, 4, 99}}});
  EXPECT_EQ(first.num_deleted_rows, 3);
  EXPECT_EQ(first.num_vectors_added, 1);
  EXPECT_EQ(first.num_vectors_removed, 0);
  EXPECT_EQ(testing::readTable(table.path()).size(), 99u);

  // The big file's vector grows (rows already deleted count once); the small file loses
  // every row and goes.
  DeletionVectorChanges second = commit({{big, {4, 10}}, {small, {0, 1}}});
  EXPECT_EQ(second.num_deleted_rows, 3);
  EXPECT_EQ(second.num_vectors_added, 1);
  EXPECT_EQ(second.num_vectors_removed, 1);
  EXPECT_EQ(second.num_vectors_updated, 1);
  EXPECT_EQ(second.num_removed_files, 1);
  Snapshot latest = loadSnapshot(store);
  ASSERT_EQ(latest.files.size(), 1u);
  const AddFile& kept = latest.files.begin()->second;
  DeletionVectorDescriptor descriptor =
      parseDeletionVectorDescriptor(*kept.deletion_vector, kept.path);
  EXPECT_EQ(descriptor.storage_type, 'u');
  EXPECT_EQ(descriptor.cardinality, 4);
  EXPECT_EQ(loadDeletionVector(descriptor, table.path()), (std::vector<uint64_t>{3, 4, 10, 99}));
  EXPECT_NE(kept.stats->find("\"tightBounds\":false"), std::string::npos);
  std::vector<Row> read = testing::readTable(table.path());
  ASSERT_EQ(read.size(), 96u);
  EXPECT_EQ(read[3][0].getInt64(), 5);
}

}  // namespace
}  // namespace sluice::delta
