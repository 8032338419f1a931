// test/unit/storage/delta_deletion_vector_test.cpp
//
// Deletion vectors as the Delta protocol stores them: Z85, the portable RoaringBitmapArray
// (array, run and bitmap containers), inline and file descriptors with the file's size and
// CRC-32 framing, damaged input (an error, never a crash), and a table whose log Spark's shape
// gives a deletion vector, read back without the deleted rows, data skipping still right, and
// the change data feed of such commits (only the rows a new deletion vector deletes).
// The bytes are built here from the protocol's description, independently of the decoder.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "common/hash/crc32.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/change_data_reader.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/optimize.hpp"

namespace sluice::delta {
namespace {

using testing::Row;
using testing::ScratchTable;

const char* const kAlphabet =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

std::string z85Of(std::vector<uint8_t> bytes) {
  while (bytes.size() % 4 != 0)
    bytes.push_back(0);
  std::string text;
  for (size_t start = 0; start < bytes.size(); start += 4) {
    uint32_t value = (uint32_t{bytes[start]} << 24) | (uint32_t{bytes[start + 1]} << 16) |
                     (uint32_t{bytes[start + 2]} << 8) | uint32_t{bytes[start + 3]};
    char group[5];
    for (int index = 4; index >= 0; --index) {
      group[index] = kAlphabet[value % 85];
      value /= 85;
    }
    text.append(group, 5);
  }
  return text;
}

void putLittle(std::vector<uint8_t>& out, uint64_t value, int bytes) {
  for (int index = 0; index < bytes; ++index)
    out.push_back(static_cast<uint8_t>(value >> (8 * index)));
}

void putBig32(std::vector<uint8_t>& out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<uint8_t>(value >> shift));
}

//! The portable RoaringBitmapArray of `positions` (ascending). Containers of consecutive
//! values become run containers when `runs`; more than 4096 values a bitmap container.
std::vector<uint8_t> serialize(const std::vector<uint64_t>& positions, bool runs) {
  std::map<uint32_t, std::map<uint16_t, std::vector<uint16_t>>> groups;
  for (uint64_t position : positions)
    groups[static_cast<uint32_t>(position >> 32)][static_cast<uint16_t>(position >> 16)].push_back(
        static_cast<uint16_t>(position));
  std::vector<uint8_t> out;
  putLittle(out, 1681511377, 4);
  putLittle(out, groups.size(), 8);
  for (const auto& [high, containers] : groups) {
    putLittle(out, high, 4);
    std::vector<bool> is_run;
    for (const auto& [key, values] : containers) {
      bool consecutive = values.back() - values.front() + 1u == values.size();
      is_run.push_back(runs && consecutive);
    }
    size_t count = containers.size();
    if (runs) {
      putLittle(out, 12347 | ((count - 1) << 16), 4);
      std::vector<uint8_t> flags((count + 7) / 8, 0);
      for (size_t index = 0; index < count; ++index) {
        if (is_run[index])
          flags[index / 8] |= static_cast<uint8_t>(1 << (index % 8));
      }
      out.insert(out.end(), flags.begin(), flags.end());
    } else {
      putLittle(out, 12346, 4);
      putLittle(out, count, 4);
    }
    for (const auto& [key, values] : containers) {
      putLittle(out, key, 2);
      putLittle(out, values.size() - 1, 2);
    }
    if (!runs || count >= 4) {
      for (size_t index = 0; index < count; ++index)
        putLittle(out, 0, 4);  // offsets; the decoder reads containers in order
    }
    size_t index = 0;
    for (const auto& [key, values] : containers) {
      if (is_run[index++]) {
        putLittle(out, 1, 2);
        putLittle(out, values.front(), 2);
        putLittle(out, values.size() - 1, 2);
      } else if (values.size() > 4096) {
        std::vector<uint64_t> words(1024, 0);
        for (uint16_t value : values)
          words[value / 64] |= uint64_t{1} << (value % 64);
        for (uint64_t word : words)
          putLittle(out, word, 8);
      } else {
        for (uint16_t value : values)
          putLittle(out, value, 2);
      }
    }
  }
  return out;
}

//! A deletion vector file holding `bitmap` at offset 1, as Delta frames it.
std::vector<uint8_t> dvFile(const std::vector<uint8_t>& bitmap) {
  std::vector<uint8_t> file{1};
  putBig32(file, static_cast<uint32_t>(bitmap.size()));
  file.insert(file.end(), bitmap.begin(), bitmap.end());
  putBig32(file, hash::crc32(std::string_view(reinterpret_cast<const char*>(bitmap.data()),
                                              bitmap.size())));
  return file;
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

std::vector<uint64_t> decode(const std::vector<uint8_t>& bytes) {
  return decodeRoaringBitmapArray(bytes.data(), bytes.size(), UINT64_MAX);
}

TEST(DeletionVectorTest, Z85DecodesTheSpecExample) {
  std::vector<uint8_t> expected{0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B};
  EXPECT_EQ(decodeZ85("HelloWorld"), expected);
  EXPECT_EQ(decodeZ85(z85Of({1, 2, 3, 4, 250, 251, 252, 253})),
            (std::vector<uint8_t>{1, 2, 3, 4, 250, 251, 252, 253}));
}

TEST(DeletionVectorTest, BitmapArraysOfEveryContainerKindDecode) {
  std::vector<uint64_t> positions{0, 3, 4, 65535, 65536, 70000, (uint64_t{1} << 33) + 5};
  EXPECT_EQ(decode(serialize(positions, false)), positions);
  EXPECT_EQ(decode(serialize(positions, true)), positions);
  std::vector<uint64_t> run;
  for (uint64_t position = 100; position < 300; ++position)
    run.push_back(position);
  run.push_back(1 << 20);
  EXPECT_EQ(decode(serialize(run, true)), run);
  std::vector<uint64_t> dense;  // over 4096 values in one container: a bitmap container
  for (uint64_t position = 0; position < 10000; position += 2)
    dense.push_back(position);
  EXPECT_EQ(decode(serialize(dense, false)), dense);
  EXPECT_EQ(decode(serialize({}, false)), std::vector<uint64_t>{});
}

TEST(DeletionVectorTest, InlineAndFileDescriptorsLoad) {
  ScratchTable table;
  std::vector<uint64_t> positions{1, 5, 9};
  std::vector<uint8_t> bitmap = serialize(positions, false);

  DeletionVectorDescriptor inline_dv;
  inline_dv.storage_type = 'i';
  inline_dv.path_or_inline = z85Of(bitmap);
  inline_dv.size_in_bytes = static_cast<int32_t>(bitmap.size());
  inline_dv.cardinality = 3;
  EXPECT_EQ(loadDeletionVector(inline_dv, table.path()), positions);

  // 'u': a folder prefix, then the UUID's 16 bytes in Z85.
  std::vector<uint8_t> uuid{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
                            0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
  DeletionVectorDescriptor file_dv;
  file_dv.storage_type = 'u';
  file_dv.path_or_inline = "ab" + z85Of(uuid);
  file_dv.offset = 1;
  file_dv.size_in_bytes = static_cast<int32_t>(bitmap.size());
  file_dv.cardinality = 3;
  std::string path = deletionVectorFilePath(file_dv, table.path());
  EXPECT_EQ(path, table.path() + "/ab/deletion_vector_12345678-9abc-def0-0123-456789abcdef.bin");
  writeBytes(path, dvFile(bitmap));
  EXPECT_EQ(loadDeletionVector(file_dv, table.path()), positions);

  // A flipped byte fails the checksum; a size the file does not hold, the size check.
  std::vector<uint8_t> damaged = dvFile(bitmap);
  damaged[8] ^= 0x40;
  writeBytes(path, damaged);
  try {
    loadDeletionVector(file_dv, table.path());
    ADD_FAILURE() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_DELETION_VECTOR_CHECKSUM_MISMATCH);
  }
  writeBytes(path, dvFile(bitmap));
  file_dv.size_in_bytes += 100;
  EXPECT_THROW(loadDeletionVector(file_dv, table.path()), Error);
  // A cardinality other than the bitmap's.
  inline_dv.cardinality = 4;
  EXPECT_THROW(loadDeletionVector(inline_dv, table.path()), Error);
}

TEST(DeletionVectorTest, DamagedInputRaisesAClearErrorNeverACrash) {
  std::vector<uint64_t> positions{0, 3, 4, 70000, (uint64_t{1} << 33) + 5};
  for (bool runs : {false, true}) {
    std::vector<uint8_t> bytes = serialize(positions, runs);
    // Every truncation, and every single flipped byte, either decodes or raises an Error.
    for (size_t size = 0; size < bytes.size(); ++size)
      EXPECT_THROW(decodeRoaringBitmapArray(bytes.data(), size, UINT64_MAX), Error) << size;
    for (size_t index = 0; index < bytes.size(); ++index) {
      for (uint8_t flip : {0x01, 0x80, 0xff}) {
        std::vector<uint8_t> changed = bytes;
        changed[index] ^= flip;
        try {
          decodeRoaringBitmapArray(changed.data(), changed.size(), 1000);
        } catch (const Error& error) {
          EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_DELETION_VECTOR_SIZE_MISMATCH);
        }
      }
    }
  }
  // A run container claiming far more rows than the limit is refused before it expands.
  std::vector<uint8_t> huge;
  putLittle(huge, 1681511377, 4);
  putLittle(huge, 1, 8);
  putLittle(huge, 0, 4);
  putLittle(huge, 12347, 4);  // one container, with runs
  huge.push_back(1);
  putLittle(huge, 0, 2);
  putLittle(huge, 65535, 2);
  putLittle(huge, 1, 2);
  putLittle(huge, 0, 2);
  putLittle(huge, 65535, 2);
  EXPECT_THROW(decodeRoaringBitmapArray(huge.data(), huge.size(), 10), Error);
  EXPECT_EQ(decodeRoaringBitmapArray(huge.data(), huge.size(), 65536).size(), 65536u);
  EXPECT_THROW(decodeZ85("abcd"), Error);
  EXPECT_THROW(decodeZ85("abc\"d"), Error);
  EXPECT_THROW(decodeZ85("#####"), Error);  // above 2^32
  EXPECT_THROW(parseDeletionVectorDescriptor(Json::parse(R"({"storageType":"x"})"), "f"), Error);
  EXPECT_THROW(parseDeletionVectorDescriptor(Json::parse("[]"), "f"), Error);
}

//! Gives the table's only file the deletion vector `descriptor`, in a commit shaped as Spark
//! writes one (a protocol with the deletionVectors feature, then remove and add of the file).
void addDeletionVector(const std::string& table, int64_t version, const Json& descriptor) {
  Snapshot snapshot = loadSnapshot(LogStore(table));
  ASSERT_EQ(snapshot.files.size(), 1u);
  AddFile add = snapshot.files.begin()->second;
  Protocol protocol;
  protocol.min_reader_version = 3;
  protocol.min_writer_version = 7;
  protocol.reader_features = std::vector<std::string>{"deletionVectors"};
  protocol.writer_features = std::vector<std::string>{"deletionVectors"};
  RemoveFile remove;
  remove.path = add.path;
  remove.deletion_timestamp = 1;
  remove.size = add.size;
  remove.deletion_vector = add.deletion_vector;
  add.deletion_vector = descriptor;
  add.data_change = true;
  std::string text;
  for (const Action& action : std::vector<Action>{protocol, add, remove})
    text += actionToJson(action).dump() + "\n";
  char name[32];
  std::snprintf(name, sizeof(name), "%020lld.json", static_cast<long long>(version));
  std::ofstream(table + "/_delta_log/" + name) << text;
}

TEST(DeletionVectorTest, ATableReadsWithoutTheDeletedRows) {
  ScratchTable table;
  std::vector<StructField> schema{testing::column("id", DataType::longType())};
  std::vector<Row> rows;
  for (int64_t id = 0; id < 5000; ++id)
    rows.push_back({Value::longValue(id)});
  testing::writeRows(table.path(), rows, testing::createOptions(schema));

  // Inline: rows 0, 1 and 2100 (in the second batch) deleted.
  std::vector<uint8_t> bitmap = serialize({0, 1, 2100}, false);
  Json inline_dv = {{"storageType", "i"},
                    {"pathOrInlineDv", z85Of(bitmap)},
                    {"sizeInBytes", bitmap.size()},
                    {"cardinality", 3}};
  addDeletionVector(table.path(), 1, inline_dv);
  std::vector<Row> read = testing::readTable(table.path());
  ASSERT_EQ(read.size(), 4997u);
  EXPECT_EQ(read.front()[0].getInt64(), 2);
  EXPECT_EQ(std::count_if(read.begin(), read.end(),
                          [](const Row& row) { return row[0].getInt64() == 2100; }),
            0);
  EXPECT_EQ(liveRecordCount(loadSnapshot(LogStore(table.path())).files.begin()->second), 4997);

  // File-based, replacing the inline one: every row from 4000 on deleted, as one run.
  std::vector<uint64_t> tail;
  for (uint64_t position = 4000; position < 5000; ++position)
    tail.push_back(position);
  std::vector<uint8_t> tail_bitmap = serialize(tail, true);
  std::vector<uint8_t> uuid(16, 7);
  Json file_dv = {{"storageType", "u"},
                  {"pathOrInlineDv", z85Of(uuid)},
                  {"offset", 1},
                  {"sizeInBytes", tail_bitmap.size()},
                  {"cardinality", tail.size()}};
  writeBytes(deletionVectorFilePath(parseDeletionVectorDescriptor(file_dv, "f"), table.path()),
             dvFile(tail_bitmap));
  addDeletionVector(table.path(), 2, file_dv);
  read = testing::readTable(table.path());
  ASSERT_EQ(read.size(), 4000u);
  EXPECT_EQ(read.back()[0].getInt64(), 3999);
  // The older version keeps its own deletion vector.
  TimeTravel at_one;
  at_one.version = 1;
  EXPECT_EQ(testing::readTable(table.path(), at_one).size(), 4997u);

  // Data skipping still keeps the file for a value it holds, and drops it for one it cannot.
  Snapshot latest = loadSnapshot(LogStore(table.path()));
  EXPECT_EQ(liveFiles(latest, {SkippingPredicate::compare("id", SkippingPredicate::Op::kEqual,
                                                          Value::longValue(10))})
                .size(),
            1u);
  EXPECT_EQ(liveFiles(latest, {SkippingPredicate::compare("id", SkippingPredicate::Op::kEqual,
                                                          Value::longValue(99999))})
                .size(),
            0u);
}

TEST(DeletionVectorTest, OptimizeRemovesAFileTogetherWithItsDeletionVector) {
  ScratchTable table;
  std::vector<StructField> schema{testing::column("id", DataType::longType())};
  testing::writeRows(table.path(), {{Value::longValue(1)}, {Value::longValue(2)}},
                     testing::createOptions(schema));
  std::vector<uint8_t> bitmap = serialize({0}, false);
  addDeletionVector(table.path(), 1,
                    {{"storageType", "i"},
                     {"pathOrInlineDv", z85Of(bitmap)},
                     {"sizeInBytes", bitmap.size()},
                     {"cardinality", 1}});
  // Writers keep deletion vectors: an append to the table is allowed.
  testing::writeRows(table.path(), {{Value::longValue(3)}}, testing::appendOptions());
  optimize(table.path());
  // The remove names the vector of the add it cancels, so the compacted rows are not read
  // twice and the deleted row stays deleted.
  Snapshot snapshot = loadSnapshot(LogStore(table.path()));
  EXPECT_EQ(snapshot.files.size(), 1u);
  std::vector<Row> read = testing::readTable(table.path());
  ASSERT_EQ(read.size(), 2u);
  std::vector<int64_t> ids{read[0][0].getInt64(), read[1][0].getInt64()};
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<int64_t>{2, 3}));
}

Json inlineDeletionVector(const std::vector<uint64_t>& positions) {
  std::vector<uint8_t> bitmap = serialize(positions, false);
  return {{"storageType", "i"},
          {"pathOrInlineDv", z85Of(bitmap)},
          {"sizeInBytes", bitmap.size()},
          {"cardinality", positions.size()}};
}

TEST(DeletionVectorTest, ChangeFeedOfACommitThatReplacesADeletionVector) {
  ScratchTable table;
  std::vector<StructField> schema{testing::column("id", DataType::longType())};
  std::vector<Row> rows;
  for (int64_t id = 0; id < 10; ++id)
    rows.push_back({Value::longValue(id)});
  TableWriteOptions options = testing::createOptions(schema);
  options.definition->properties["delta.enableChangeDataFeed"] = "true";
  testing::writeRows(table.path(), rows, options);

  // v1 deletes rows 2 and 5; v2 deletes row 7 as well and gives row 2 back.
  addDeletionVector(table.path(), 1, inlineDeletionVector({2, 5}));
  addDeletionVector(table.path(), 2, inlineDeletionVector({5, 7}));

  ChangeRange first = changesBetween(table.path(), 1, 1);
  ASSERT_EQ(first.files.size(), 1u);
  EXPECT_EQ(first.files[0].change_type, "delete");
  EXPECT_EQ(first.files[0].only_rows, (std::vector<uint64_t>{2, 5}));
  EXPECT_FALSE(first.files[0].file.deletion_vector.has_value());
  EXPECT_EQ(first.files[0].version, 1);

  ChangeRange second = changesBetween(table.path(), 2, 2);
  ASSERT_EQ(second.files.size(), 2u);
  EXPECT_EQ(second.files[0].change_type, "delete");
  EXPECT_EQ(second.files[0].only_rows, (std::vector<uint64_t>{7}));
  EXPECT_EQ(second.files[1].change_type, "insert");
  EXPECT_EQ(second.files[1].only_rows, (std::vector<uint64_t>{2}));

  // The first commit's rows are inserts of its add action, all of them.
  ChangeRange created = changesBetween(table.path(), 0, 0);
  ASSERT_EQ(created.files.size(), 1u);
  EXPECT_EQ(created.files[0].change_type, "insert");
  EXPECT_FALSE(created.files[0].only_rows.has_value());
  EXPECT_EQ(created.schema.size(), 1u);
}

}  // namespace
}  // namespace sluice::delta
