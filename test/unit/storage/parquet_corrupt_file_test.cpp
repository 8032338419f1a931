// test/unit/storage/parquet_corrupt_file_test.cpp
//
// Damaged files: truncation, wrong magic bytes, footer lengths past the end, corrupt page
// headers, corrupt compressed data and random byte flips all end in an Error naming the
// file, never in a crash (these tests run under the sanitizer build).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <optional>
#include <random>

#include "common/error/error.hpp"
#include "parquet_test_util.hpp"

namespace sluice::parquet {
namespace {

using testing::readRows;
using testing::Row;
using testing::ScratchFolder;
using testing::writeRows;

std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

std::vector<StructField> sampleFields() {
  return {{"id", DataType::longType(), false, {}},
          {"name", DataType::string(), true, {}},
          {"tags", DataType::array(DataType::string()), true, {}},
          {"price", DataType::decimal(25, 2), true, {}}};
}

std::vector<Row> sampleRows(int count) {
  DataType tags = DataType::array(DataType::string());
  std::vector<Row> rows;
  for (int index = 0; index < count; ++index) {
    rows.push_back({Value::longValue(index * 3),
                    index % 5 == 0 ? Value::null(DataType::string())
                                   : Value::string("name " + std::to_string(index % 37)),
                    Value::nested(tags, {Value::string("t" + std::to_string(index % 3))}),
                    Value::decimal(index * 101, 25, 2)});
  }
  return rows;
}

void appendUleb(uint64_t value, std::vector<uint8_t>& out) {
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
}

//! A file of one required column `x` of `physical` values, holding one uncompressed data
//! page v1 of `num_values` values: a way to hand the page decoders any bytes at all. The
//! footer says the chunk and the row group hold `chunk_values` (default: `num_values`).
std::vector<uint8_t> singlePageFile(PhysicalType physical, Encoding encoding, int32_t num_values,
                                    const std::vector<uint8_t>& page,
                                    std::optional<int32_t> chunk_values = std::nullopt) {
  PageHeader header;
  header.type = PageType::kDataPage;
  header.uncompressed_page_size = static_cast<int32_t>(page.size());
  header.compressed_page_size = static_cast<int32_t>(page.size());
  header.data_page_header =
      DataPageHeader{num_values, encoding, Encoding::kRle, Encoding::kRle, std::nullopt};
  std::vector<uint8_t> bytes = {'P', 'A', 'R', '1'};
  encodePageHeader(header, bytes);
  bytes.insert(bytes.end(), page.begin(), page.end());
  int64_t chunk_size = static_cast<int64_t>(bytes.size()) - 4;

  FileMetaData metadata;
  SchemaElement root;
  root.name = "schema";
  root.num_children = 1;
  SchemaElement leaf;
  leaf.name = "x";
  leaf.type = physical;
  leaf.repetition = Repetition::kRequired;
  metadata.schema = {root, leaf};
  metadata.num_rows = chunk_values.value_or(num_values);
  ColumnMetaData column;
  column.type = physical;
  column.encodings = {encoding};
  column.path_in_schema = {"x"};
  column.num_values = chunk_values.value_or(num_values);
  column.total_uncompressed_size = chunk_size;
  column.total_compressed_size = chunk_size;
  column.data_page_offset = 4;
  ColumnChunk chunk;
  chunk.file_offset = 4;
  chunk.meta_data = column;
  RowGroup group;
  group.columns = {chunk};
  group.total_byte_size = chunk_size;
  group.num_rows = chunk_values.value_or(num_values);
  metadata.row_groups = {group};
  std::vector<uint8_t> footer;
  encodeFileMetaData(metadata, footer);
  bytes.insert(bytes.end(), footer.begin(), footer.end());
  uint32_t length = static_cast<uint32_t>(footer.size());
  const auto* length_bytes = reinterpret_cast<const uint8_t*>(&length);
  bytes.insert(bytes.end(), length_bytes, length_bytes + 4);
  bytes.insert(bytes.end(), {'P', 'A', 'R', '1'});
  return bytes;
}

//! Opens and reads the whole file; returns the error it raised, or nullopt.
std::optional<Error> tryRead(const std::string& path) {
  try {
    readRows(path);
  } catch (const Error& error) {
    return error;
  }
  return std::nullopt;
}

class ParquetCorruptFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = folder_.file("good.parquet");
    ParquetWriterOptions options;
    options.row_group_rows = 2000;
    options.page_size = 4096;
    writeRows(path_, sampleFields(), sampleRows(5000), options);
    good_ = readBytes(path_);
    damaged_ = folder_.file("damaged.parquet");
  }

  //! Writes `bytes` as the damaged file and expects FAILED_READ_FILE naming it.
  Error expectFailure(const std::vector<uint8_t>& bytes) {
    writeBytes(damaged_, bytes);
    std::optional<Error> error = tryRead(damaged_);
    EXPECT_TRUE(error.has_value());
    if (!error)
      return Error(ErrorClass::INTERNAL_ERROR, "no error");
    EXPECT_EQ(error->errorClass(), ErrorClass::FAILED_READ_FILE) << error->what();
    EXPECT_NE(error->message().find(damaged_), std::string::npos) << error->what();
    return *error;
  }

  ScratchFolder folder_;
  std::string path_;
  std::string damaged_;
  std::vector<uint8_t> good_;
};

TEST_F(ParquetCorruptFileTest, GoodFileReads) {
  EXPECT_EQ(readRows(path_), sampleRows(5000));
}

TEST_F(ParquetCorruptFileTest, TooShortOrEmpty) {
  Error error = expectFailure({});
  EXPECT_EQ(error.subClass(), "CANNOT_READ_FILE_FOOTER");
  EXPECT_NE(error.message().find("too short"), std::string::npos) << error.what();
  expectFailure({'P', 'A', 'R', '1', 'P', 'A', 'R', '1'});
}

TEST_F(ParquetCorruptFileTest, BadMagic) {
  std::vector<uint8_t> bytes = good_;
  bytes[bytes.size() - 1] = 'X';
  Error error = expectFailure(bytes);
  EXPECT_EQ(error.subClass(), "CANNOT_READ_FILE_FOOTER");
  EXPECT_NE(error.message().find("PAR1"), std::string::npos) << error.what();
  bytes = good_;
  bytes[0] = 'Q';
  expectFailure(bytes);
}

TEST_F(ParquetCorruptFileTest, FooterLengthPastTheEnd) {
  std::vector<uint8_t> bytes = good_;
  uint32_t length = static_cast<uint32_t>(bytes.size());
  std::memcpy(bytes.data() + bytes.size() - 8, &length, 4);
  Error error = expectFailure(bytes);
  EXPECT_NE(error.message().find("footer length"), std::string::npos) << error.what();
  length = 0xFFFFFFFF;
  std::memcpy(bytes.data() + bytes.size() - 8, &length, 4);
  expectFailure(bytes);
}

TEST_F(ParquetCorruptFileTest, EveryTruncationFails) {
  // Cutting the file anywhere loses the footer (or part of it).
  for (size_t cut = 0; cut < good_.size(); cut += std::max<size_t>(1, good_.size() / 150)) {
    expectFailure(std::vector<uint8_t>(good_.begin(), good_.begin() + cut));
  }
  expectFailure(std::vector<uint8_t>(good_.begin(), good_.end() - 1));
}

TEST_F(ParquetCorruptFileTest, CorruptPageHeader) {
  ParquetReader reader(path_);
  int64_t offset = reader.metadata().row_groups[0].columns[1].meta_data->data_page_offset;
  std::vector<uint8_t> bytes = good_;
  for (int index = 0; index < 6; ++index)
    bytes[offset + index] = 0xFF;
  Error error = expectFailure(bytes);
  EXPECT_EQ(error.subClass(), "NO_HINT");
  // The dictionary page relabelled as a data page (which then lacks its data page header).
  bytes = good_;
  int64_t dictionary =
      *reader.metadata().row_groups[0].columns[1].meta_data->dictionary_page_offset;
  // The header starts with field 1, the page type: 0x15, then zigzag(2) = 0x04.
  ASSERT_EQ(bytes[dictionary], 0x15);
  ASSERT_EQ(bytes[dictionary + 1], 0x04);
  bytes[dictionary + 1] = 0x00;
  error = expectFailure(bytes);
  EXPECT_NE(error.message().find("lacks its header"), std::string::npos) << error.what();
}

TEST_F(ParquetCorruptFileTest, CorruptCompressedData) {
  ParquetReader reader(path_);
  const ColumnMetaData& column = *reader.metadata().row_groups[0].columns[0].meta_data;
  std::vector<uint8_t> bytes = good_;
  // Skip the page header (about 20 bytes), then damage the zstd frame.
  for (int64_t index = column.data_page_offset + 24;
       index < column.data_page_offset + column.total_compressed_size; index += 3) {
    bytes[index] ^= 0xA5;
  }
  expectFailure(bytes);
}

TEST_F(ParquetCorruptFileTest, ChunkOffsetsOutsideTheFile) {
  // Rewrite the footer with a column chunk that claims to extend past the data.
  ParquetReader reader(path_);
  FileMetaData metadata = reader.metadata();
  metadata.row_groups[1].columns[2].meta_data->total_compressed_size = 1 << 30;
  std::vector<uint8_t> footer;
  encodeFileMetaData(metadata, footer);
  uint32_t old_length;
  std::memcpy(&old_length, good_.data() + good_.size() - 8, 4);
  std::vector<uint8_t> bytes(good_.begin(), good_.end() - 8 - old_length);
  bytes.insert(bytes.end(), footer.begin(), footer.end());
  uint32_t length = static_cast<uint32_t>(footer.size());
  const auto* length_bytes = reinterpret_cast<const uint8_t*>(&length);
  bytes.insert(bytes.end(), length_bytes, length_bytes + 4);
  bytes.insert(bytes.end(), {'P', 'A', 'R', '1'});
  Error error = expectFailure(bytes);
  EXPECT_NE(error.message().find("outside the data"), std::string::npos) << error.what();
}

TEST_F(ParquetCorruptFileTest, RandomByteFlipsNeverCrash) {
  std::mt19937 random(99);
  int failures = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> bytes = good_;
    int flips = 1 + static_cast<int>(random() % 8);
    for (int flip = 0; flip < flips; ++flip) {
      bytes[random() % bytes.size()] ^= static_cast<uint8_t>(1 + random() % 255);
    }
    writeBytes(damaged_, bytes);
    std::optional<Error> error = tryRead(damaged_);
    if (error) {
      ++failures;
      EXPECT_NE(error->errorClass(), ErrorClass::INTERNAL_ERROR) << error->what();
    }
  }
  EXPECT_GT(failures, 0);
}

TEST_F(ParquetCorruptFileTest, FooterByteFlipsNeverCrash) {
  uint32_t footer_length;
  std::memcpy(&footer_length, good_.data() + good_.size() - 8, 4);
  size_t footer_start = good_.size() - 8 - footer_length;
  std::mt19937 random(5);
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> bytes = good_;
    for (int flip = 0; flip < 2; ++flip) {
      bytes[footer_start + random() % footer_length] ^= static_cast<uint8_t>(1 + random() % 255);
    }
    writeBytes(damaged_, bytes);
    std::optional<Error> error = tryRead(damaged_);
    if (error) {
      EXPECT_NE(error->errorClass(), ErrorClass::INTERNAL_ERROR) << error->what();
    }
  }
}

TEST_F(ParquetCorruptFileTest, SinglePageFileReads) {
  // The builder of the tests below makes files that read: two DELTA_BINARY_PACKED values.
  std::vector<uint8_t> page;
  for (uint64_t value : {128, 4, 2})
    appendUleb(value, page);
  page.insert(page.end(), {10, 2, 0, 0, 0, 0});  // first value 5, min delta 1, widths 0
  writeBytes(damaged_, singlePageFile(PhysicalType::kInt32, Encoding::kDeltaBinaryPacked, 2, page));
  EXPECT_EQ(readRows(damaged_), (std::vector<Row>{{Value::intValue(5)}, {Value::intValue(6)}}));
}

TEST_F(ParquetCorruptFileTest, DeltaBinaryPackedHugeMiniblockCount) {
  // Found by fuzz_parquet_reader: the header's miniblock count is bounded only by its block
  // size (both varints), and the decoder allocated a bit width per miniblock up front: 2^58
  // bytes here. The widths are now stored only once a block header's bytes are read.
  std::vector<uint8_t> page;
  appendUleb(uint64_t{1} << 63, page);  // block size
  appendUleb(uint64_t{1} << 58, page);  // miniblocks: 32 values each
  appendUleb(2, page);                  // values
  page.push_back(0);                    // first value 0
  Error error =
      expectFailure(singlePageFile(PhysicalType::kInt32, Encoding::kDeltaBinaryPacked, 2, page));
  EXPECT_NE(error.message().find("DELTA_BINARY_PACKED"), std::string::npos) << error.what();
  // The same header in front of DELTA_LENGTH_BYTE_ARRAY lengths.
  expectFailure(singlePageFile(PhysicalType::kByteArray, Encoding::kDeltaLengthByteArray, 2, page));
}

TEST_F(ParquetCorruptFileTest, PageWithMoreValuesThanItsChunk) {
  // A page may not announce more values than its column chunk holds: a few bytes of levels
  // could otherwise stand for billions of values.
  std::vector<uint8_t> page(8, 0);
  Error error =
      expectFailure(singlePageFile(PhysicalType::kInt32, Encoding::kPlain, 1 << 30, page, 2));
  EXPECT_NE(error.message().find("column chunk has 2 left"), std::string::npos) << error.what();
}

TEST_F(ParquetCorruptFileTest, MissingFileIsAnIoError) {
  try {
    ParquetReader reader(folder_.file("missing.parquet"));
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::IO_ERROR);
    EXPECT_NE(error.message().find("missing.parquet"), std::string::npos);
  }
}

}  // namespace
}  // namespace sluice::parquet
