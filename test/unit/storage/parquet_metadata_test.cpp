// test/unit/storage/parquet_metadata_test.cpp
//
// Footer and page header encoding: round trips of every field sluice uses, and decoding
// errors for missing required fields and wrong wire types.
#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/thrift/compact_writer.hpp"

namespace sluice::parquet {
namespace {

FileMetaData sampleMetadata() {
  FileMetaData metadata;
  metadata.version = 1;
  SchemaElement root;
  root.name = "spark_schema";
  root.num_children = 2;
  metadata.schema.push_back(root);

  SchemaElement price;
  price.name = "price";
  price.type = PhysicalType::kFixedLenByteArray;
  price.type_length = 16;
  price.repetition = Repetition::kOptional;
  price.converted_type = ConvertedType::kDecimal;
  price.scale = 4;
  price.precision = 38;
  price.logical_type.kind = LogicalType::Kind::kDecimal;
  price.logical_type.scale = 4;
  price.logical_type.precision = 38;
  metadata.schema.push_back(price);

  SchemaElement at;
  at.name = "at";
  at.type = PhysicalType::kInt64;
  at.repetition = Repetition::kRequired;
  at.logical_type.kind = LogicalType::Kind::kTimestamp;
  at.logical_type.is_adjusted_to_utc = false;
  at.logical_type.unit = TimeUnit::kNanos;
  at.field_id = 7;
  metadata.schema.push_back(at);

  SchemaElement small;
  small.name = "small";
  small.type = PhysicalType::kInt32;
  small.repetition = Repetition::kRepeated;
  small.converted_type = ConvertedType::kInt8;
  small.logical_type.kind = LogicalType::Kind::kInteger;
  small.logical_type.bit_width = 8;
  small.logical_type.is_signed = false;
  metadata.schema.push_back(small);

  metadata.num_rows = 123456789012LL;
  for (int group = 0; group < 3; ++group) {
    RowGroup row_group;
    row_group.num_rows = 1000 + group;
    row_group.total_byte_size = 5000;
    row_group.file_offset = 4;
    row_group.total_compressed_size = 4000;
    row_group.ordinal = static_cast<int16_t>(group);
    ColumnChunk chunk;
    chunk.file_offset = 0;
    ColumnMetaData column;
    column.type = PhysicalType::kInt64;
    column.encodings = {Encoding::kPlain, Encoding::kRleDictionary, Encoding::kRle};
    column.path_in_schema = {"a", "list", "element"};
    column.codec = CompressionCodec::kZstd;
    column.num_values = 1000;
    column.total_uncompressed_size = 9000;
    column.total_compressed_size = 3000;
    column.data_page_offset = 100;
    column.dictionary_page_offset = 4;
    Statistics statistics;
    statistics.null_count = 3;
    statistics.min_value = std::string("\x01\x00\x00\x00\x00\x00\x00\x80", 8);
    statistics.max_value = "zzzzzzzz";
    column.statistics = statistics;
    chunk.meta_data = column;
    row_group.columns.push_back(chunk);
    metadata.row_groups.push_back(row_group);
  }
  metadata.key_value_metadata.push_back({"org.apache.spark.version", "4.0.0"});
  metadata.key_value_metadata.push_back({"no value", std::nullopt});
  metadata.created_by = "sluice version 0.1.0";
  metadata.column_orders = {ColumnOrder::kTypeDefined, ColumnOrder::kTypeDefined,
                            ColumnOrder::kTypeDefined};
  return metadata;
}

TEST(ParquetMetadataTest, FileMetaDataRoundTrips) {
  FileMetaData metadata = sampleMetadata();
  std::vector<uint8_t> bytes;
  encodeFileMetaData(metadata, bytes);
  FileMetaData decoded = decodeFileMetaData(bytes.data(), bytes.size());
  EXPECT_EQ(decoded, metadata);
  EXPECT_EQ(decoded.schema[2].logical_type.unit, TimeUnit::kNanos);
  EXPECT_FALSE(decoded.schema[3].logical_type.is_signed);
}

TEST(ParquetMetadataTest, PageHeadersRoundTrip) {
  PageHeader v1;
  v1.type = PageType::kDataPage;
  v1.uncompressed_page_size = 1 << 20;
  v1.compressed_page_size = 12345;
  v1.crc = -5;
  v1.data_page_header =
      DataPageHeader{20000, Encoding::kRleDictionary, Encoding::kRle, Encoding::kRle, std::nullopt};
  PageHeader dictionary;
  dictionary.type = PageType::kDictionaryPage;
  dictionary.uncompressed_page_size = 10;
  dictionary.compressed_page_size = 10;
  dictionary.dictionary_page_header = DictionaryPageHeader{3, Encoding::kPlain, true};
  PageHeader v2;
  v2.type = PageType::kDataPageV2;
  v2.uncompressed_page_size = 100;
  v2.compressed_page_size = 80;
  DataPageHeaderV2 page;
  page.num_values = 10;
  page.num_nulls = 2;
  page.num_rows = 5;
  page.encoding = Encoding::kDeltaBinaryPacked;
  page.definition_levels_byte_length = 4;
  page.repetition_levels_byte_length = 6;
  page.is_compressed = false;
  Statistics statistics;
  statistics.max = "b";
  statistics.min = "a";
  page.statistics = statistics;
  v2.data_page_header_v2 = page;

  for (const PageHeader& header : {v1, dictionary, v2}) {
    std::vector<uint8_t> bytes;
    encodePageHeader(header, bytes);
    bytes.push_back(0xAB);  // page data follows the header
    size_t header_size = 0;
    PageHeader decoded = decodePageHeader(bytes.data(), bytes.size(), header_size);
    EXPECT_EQ(decoded, header);
    EXPECT_EQ(header_size, bytes.size() - 1);
  }
}

TEST(ParquetMetadataTest, MissingRequiredFieldIsAnError) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.i32Field(1, 1);
  writer.i64Field(3, 0);
  writer.endStruct();
  try {
    decodeFileMetaData(bytes.data(), bytes.size());
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
    EXPECT_NE(error.message().find("FileMetaData lacks its required field schema"),
              std::string::npos)
        << error.message();
  }
}

TEST(ParquetMetadataTest, WrongWireTypeIsAnError) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.binaryField(1, "one");  // version must be an i32
  writer.endStruct();
  try {
    decodeFileMetaData(bytes.data(), bytes.size());
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_NE(error.message().find("field 1 of FileMetaData has Thrift type binary"),
              std::string::npos)
        << error.message();
  }
}

TEST(ParquetMetadataTest, UnknownFieldsAreSkipped) {
  FileMetaData metadata = sampleMetadata();
  std::vector<uint8_t> bytes;
  encodeFileMetaData(metadata, bytes);
  // Append an unknown field 30 (a list of strings) before the final stop byte.
  bytes.pop_back();
  CompactWriter writer(bytes);
  writer.writeFieldHeader(30, ThriftType::kList);
  writer.writeListHeader(ThriftType::kBinary, 2);
  writer.writeBinary("x");
  writer.writeBinary("y");
  bytes.push_back(0);
  EXPECT_EQ(decodeFileMetaData(bytes.data(), bytes.size()), metadata);
}

TEST(ParquetMetadataTest, EveryTruncationFailsCleanly) {
  std::vector<uint8_t> bytes;
  encodeFileMetaData(sampleMetadata(), bytes);
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    EXPECT_THROW(decodeFileMetaData(bytes.data(), cut), Error) << cut;
  }
}

TEST(ParquetMetadataTest, CorruptedBytesNeverCrash) {
  std::vector<uint8_t> bytes;
  encodeFileMetaData(sampleMetadata(), bytes);
  uint32_t state = 12345;
  for (int round = 0; round < 2000; ++round) {
    std::vector<uint8_t> corrupt = bytes;
    for (int flip = 0; flip < 3; ++flip) {
      state = state * 1103515245 + 12345;
      corrupt[(state >> 8) % corrupt.size()] ^= static_cast<uint8_t>(state >> 24);
    }
    try {
      decodeFileMetaData(corrupt.data(), corrupt.size());
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE) << error.what();
    }
  }
}

}  // namespace
}  // namespace sluice::parquet
