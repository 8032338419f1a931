// test/unit/storage/parquet_foreign_file_test.cpp
//
// Files laid out the way other writers lay them out, built page by page: INT96 and
// TIMESTAMP(MILLIS / NANOS) timestamps, unsigned integers, UUIDs, decimals as byte arrays,
// annotations given only as legacy converted types, 2-level lists and bare repeated fields,
// deprecated BIT_PACKED levels, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT and v2 pages. Also the
// Spark type errors for annotations Spark rejects.
#include <gtest/gtest.h>

#include <cstring>

#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "parquet_test_util.hpp"
#include "storage/file/local_file.hpp"
#include "storage/parquet/encoding/bit_packing.hpp"
#include "storage/parquet/encoding/byte_stream_split.hpp"
#include "storage/parquet/encoding/delta_binary_packed.hpp"
#include "storage/parquet/encoding/delta_byte_array.hpp"
#include "storage/parquet/encoding/plain.hpp"
#include "storage/parquet/encoding/rle_bit_packed.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {
namespace {

using testing::readRows;
using testing::Row;
using testing::ScratchFolder;

struct Page {
  std::vector<uint8_t> body;
  PageHeader header;
};

//! A v1 data page: RLE levels with length prefixes, then the values.
Page v1Page(const std::vector<uint16_t>& repetition, const std::vector<uint16_t>& definition,
            int max_repetition, int max_definition, const std::vector<uint8_t>& values,
            Encoding encoding, int32_t count = -1) {
  Page page;
  if (count < 0)
    count = static_cast<int32_t>(std::max(repetition.size(), definition.size()));
  if (max_repetition > 0) {
    encodeLevelsWithLength(repetition.data(), repetition.size(), bitWidth(max_repetition),
                           page.body);
  }
  if (max_definition > 0) {
    encodeLevelsWithLength(definition.data(), definition.size(), bitWidth(max_definition),
                           page.body);
  }
  page.body.insert(page.body.end(), values.begin(), values.end());
  page.header.type = PageType::kDataPage;
  page.header.data_page_header =
      DataPageHeader{count, encoding, Encoding::kRle, Encoding::kRle, std::nullopt};
  return page;
}

template <typename T>
std::vector<uint8_t> plainFixed(const std::vector<T>& values) {
  std::vector<uint8_t> bytes;
  PlainEncoder(bytes).encodeFixed(values.data(), values.size(), sizeof(T));
  return bytes;
}

std::vector<uint8_t> plainBytes(const std::vector<std::string>& values, bool fixed = false) {
  std::vector<uint8_t> bytes;
  PlainEncoder encoder(bytes);
  for (const std::string& value : values) {
    if (fixed) {
      encoder.encodeFixedLengthByteArray(value);
    } else {
      encoder.encodeByteArray(value);
    }
  }
  return bytes;
}

SchemaElement leaf(std::string name, PhysicalType type, Repetition repetition) {
  SchemaElement element;
  element.name = std::move(name);
  element.type = type;
  element.repetition = repetition;
  return element;
}

SchemaElement group(std::string name, Repetition repetition, int children) {
  SchemaElement element;
  element.name = std::move(name);
  element.repetition = repetition;
  element.num_children = children;
  return element;
}

//! Writes one row group, uncompressed, one chunk of pages per leaf.
void writeFile(const std::string& path, std::vector<SchemaElement> schema, int64_t rows,
               const std::vector<std::vector<Page>>& chunks) {
  FileMetaData metadata;
  SchemaElement root;
  root.name = "schema";
  // The root's children: the elements left after skipping each group's subtree.
  int top_level = 0;
  for (size_t index = 0; index < schema.size(); ++top_level) {
    int pending = 1;
    while (pending > 0)
      pending += schema[index++].num_children.value_or(0) - 1;
  }
  root.num_children = top_level;
  metadata.schema.push_back(root);
  metadata.schema.insert(metadata.schema.end(), schema.begin(), schema.end());
  ParquetSchema interpreted = interpretSchema(metadata.schema);
  EXPECT_EQ(interpreted.leaves.size(), chunks.size());
  metadata.num_rows = rows;
  LocalFileWriter file(path);
  file.write("PAR1", 4);
  RowGroup row_group;
  row_group.num_rows = rows;
  for (size_t index = 0; index < chunks.size(); ++index) {
    ColumnMetaData column;
    column.type = interpreted.leaves[index].physical;
    column.path_in_schema = interpreted.leaves[index].path;
    column.codec = CompressionCodec::kUncompressed;
    column.encodings = {Encoding::kPlain};
    int64_t start = static_cast<int64_t>(file.position());
    column.data_page_offset = start;
    for (const Page& page : chunks[index]) {
      PageHeader header = page.header;
      header.uncompressed_page_size = static_cast<int32_t>(page.body.size());
      header.compressed_page_size = static_cast<int32_t>(page.body.size());
      if (header.type == PageType::kDictionaryPage) {
        column.dictionary_page_offset = start;
      }
      std::vector<uint8_t> bytes;
      encodePageHeader(header, bytes);
      bytes.insert(bytes.end(), page.body.begin(), page.body.end());
      if (header.type == PageType::kDictionaryPage) {
        column.data_page_offset = start + static_cast<int64_t>(bytes.size());
      }
      file.write(bytes.data(), bytes.size());
      if (header.data_page_header)
        column.num_values += header.data_page_header->num_values;
      if (header.data_page_header_v2)
        column.num_values += header.data_page_header_v2->num_values;
    }
    column.total_compressed_size = static_cast<int64_t>(file.position()) - start;
    column.total_uncompressed_size = column.total_compressed_size;
    ColumnChunk chunk;
    chunk.meta_data = column;
    row_group.columns.push_back(chunk);
  }
  metadata.row_groups.push_back(row_group);
  std::vector<uint8_t> footer;
  encodeFileMetaData(metadata, footer);
  file.write(footer.data(), footer.size());
  uint32_t length = static_cast<uint32_t>(footer.size());
  file.write(&length, 4);
  file.write("PAR1", 4);
  file.close();
}

std::string int96(int64_t micros) {
  int64_t day = micros / kMicrosPerDay;
  int64_t rest = micros % kMicrosPerDay;
  if (rest < 0) {
    rest += kMicrosPerDay;
    --day;
  }
  int64_t nanos = rest * 1000;
  int32_t julian = static_cast<int32_t>(day + 2440588);
  std::string bytes(12, '\0');
  std::memcpy(bytes.data(), &nanos, 8);
  std::memcpy(bytes.data() + 8, &julian, 4);
  return bytes;
}

TEST(ParquetForeignFileTest, LegacyAndForeignLayouts) {
  std::vector<SchemaElement> schema;
  schema.push_back(leaf("ts96", PhysicalType::kInt96, Repetition::kOptional));
  SchemaElement u8 = leaf("u8", PhysicalType::kInt32, Repetition::kOptional);
  u8.converted_type = ConvertedType::kUint8;
  schema.push_back(u8);
  SchemaElement u32 = leaf("u32", PhysicalType::kInt32, Repetition::kRequired);
  u32.logical_type.kind = LogicalType::Kind::kInteger;
  u32.logical_type.bit_width = 32;
  u32.logical_type.is_signed = false;
  schema.push_back(u32);
  SchemaElement u64 = leaf("u64", PhysicalType::kInt64, Repetition::kOptional);
  u64.converted_type = ConvertedType::kUint64;
  schema.push_back(u64);
  SchemaElement ms = leaf("ms", PhysicalType::kInt64, Repetition::kOptional);
  ms.converted_type = ConvertedType::kTimestampMillis;
  schema.push_back(ms);
  SchemaElement ns = leaf("ns", PhysicalType::kInt64, Repetition::kRequired);
  ns.logical_type.kind = LogicalType::Kind::kTimestamp;
  ns.logical_type.unit = TimeUnit::kNanos;
  ns.logical_type.is_adjusted_to_utc = false;
  schema.push_back(ns);
  SchemaElement uuid = leaf("uuid", PhysicalType::kFixedLenByteArray, Repetition::kOptional);
  uuid.type_length = 16;
  uuid.logical_type.kind = LogicalType::Kind::kUuid;
  schema.push_back(uuid);
  SchemaElement money = leaf("money", PhysicalType::kByteArray, Repetition::kOptional);
  money.converted_type = ConvertedType::kDecimal;
  money.precision = 5;
  money.scale = 2;
  schema.push_back(money);
  SchemaElement text = leaf("text", PhysicalType::kByteArray, Repetition::kOptional);
  text.converted_type = ConvertedType::kUtf8;
  schema.push_back(text);
  SchemaElement list = group("l", Repetition::kOptional, 1);
  list.converted_type = ConvertedType::kList;
  schema.push_back(list);
  schema.push_back(leaf("element", PhysicalType::kInt32, Repetition::kRepeated));
  SchemaElement names = leaf("names", PhysicalType::kByteArray, Repetition::kRepeated);
  names.converted_type = ConvertedType::kUtf8;
  schema.push_back(names);
  SchemaElement split = leaf("split", PhysicalType::kFixedLenByteArray, Repetition::kRequired);
  split.type_length = 4;
  split.converted_type = ConvertedType::kDecimal;
  split.precision = 9;
  split.scale = 2;
  schema.push_back(split);
  schema.push_back(leaf("f", PhysicalType::kDouble, Repetition::kRequired));

  std::vector<std::vector<Page>> chunks;
  std::vector<uint16_t> none;
  // ts96: 2019-12-31 23:59:59.999999 UTC, NULL, 1800-01-01 00:00:00.000001.
  int64_t late = 1577836799999999LL;
  int64_t early = -5364662399999999LL;
  chunks.push_back({v1Page(none, {1, 0, 1}, 0, 1, plainBytes({int96(late), int96(early)}, true),
                           Encoding::kPlain)});
  chunks.push_back(
      {v1Page(none, {1, 1, 1}, 0, 1, plainFixed<int32_t>({0, 255, 128}), Encoding::kPlain)});
  chunks.push_back(
      {v1Page(none, none, 0, 0, plainFixed<int32_t>({0, -1, 7}), Encoding::kPlain, 3)});
  {
    // Deprecated BIT_PACKED definition levels (MSB first): 1, 1, 0 -> 110xxxxx.
    Page page = v1Page(none, none, 0, 0, {}, Encoding::kPlain);
    page.body = {0xC0};
    std::vector<uint8_t> values = plainFixed<uint64_t>({UINT64_MAX, 5});
    page.body.insert(page.body.end(), values.begin(), values.end());
    page.header.data_page_header->num_values = 3;
    page.header.data_page_header->definition_level_encoding = Encoding::kBitPacked;
    chunks.push_back({page});
  }
  {
    // A v2 page: levels without length prefixes, DELTA_BINARY_PACKED values.
    Page page;
    RleBitPackedEncoder levels(page.body, 1);
    std::vector<uint16_t> definition = {1, 1, 1};
    levels.encode(definition.data(), 3);
    levels.finish();
    int32_t levels_length = static_cast<int32_t>(page.body.size());
    std::vector<int64_t> millis = {1000, -1, 0};
    encodeDeltaBinaryPacked(millis.data(), 3, page.body);
    page.header.type = PageType::kDataPageV2;
    DataPageHeaderV2 v2;
    v2.num_values = 3;
    v2.num_rows = 3;
    v2.encoding = Encoding::kDeltaBinaryPacked;
    v2.definition_levels_byte_length = levels_length;
    v2.is_compressed = false;
    page.header.data_page_header_v2 = v2;
    chunks.push_back({page});
  }
  chunks.push_back(
      {v1Page(none, none, 0, 0, plainFixed<int64_t>({1500, -1500, 0}), Encoding::kPlain, 3)});
  std::string uuid_bytes("\x12\x3e\x45\x67\xe8\x9b\x12\xd3\xa4\x56\x42\x66\x14\x17\x40\x00", 16);
  chunks.push_back(
      {v1Page(none, {1, 0, 1}, 0, 1, plainBytes({uuid_bytes, std::string(16, '\xff')}, true),
              Encoding::kPlain)});
  chunks.push_back(
      {v1Page(none, {1, 1, 1}, 0, 1, plainBytes({std::string("\x00\x7b", 2), "\xff", ""}),
              Encoding::kPlain)});
  {
    std::vector<std::string_view> strings = {"axis", "axle", "babble"};
    std::vector<uint8_t> values;
    encodeDeltaByteArray(strings.data(), strings.size(), values);
    chunks.push_back({v1Page(none, {1, 1, 1}, 0, 1, values, Encoding::kDeltaByteArray)});
  }
  // l: [1, 2], NULL, [] as a 2-level list: max definition 2, max repetition 1.
  chunks.push_back(
      {v1Page({0, 1, 0, 0}, {2, 2, 0, 1}, 1, 2, plainFixed<int32_t>({1, 2}), Encoding::kPlain)});
  // names: ["a", "b"], [], ["c"] as a bare repeated field.
  chunks.push_back(
      {v1Page({0, 1, 0, 0}, {1, 1, 0, 1}, 1, 1, plainBytes({"a", "b", "c"}), Encoding::kPlain)});
  {
    std::vector<int32_t> cents = {12345, -1, 0};
    std::vector<uint8_t> big_endian;
    for (int32_t value : cents) {
      for (int shift = 24; shift >= 0; shift -= 8) {
        big_endian.push_back(static_cast<uint8_t>(static_cast<uint32_t>(value) >> shift));
      }
    }
    std::vector<uint8_t> values;
    encodeByteStreamSplit(big_endian.data(), 3, 4, values);
    chunks.push_back({v1Page(none, none, 0, 0, values, Encoding::kByteStreamSplit, 3)});
    std::vector<double> doubles = {1.5, -0.25, 1e300};
    std::vector<uint8_t> double_values;
    encodeByteStreamSplit(reinterpret_cast<const uint8_t*>(doubles.data()), 3, 8, double_values);
    chunks.push_back({v1Page(none, none, 0, 0, double_values, Encoding::kByteStreamSplit, 3)});
  }

  ScratchFolder folder;
  std::string path = folder.file("foreign.parquet");
  writeFile(path, schema, 3, chunks);

  ParquetReader reader(path);
  std::vector<std::pair<std::string, DataType>> expected_types = {
      {"ts96", DataType::timestamp()},
      {"u8", DataType::shortType()},
      {"u32", DataType::longType()},
      {"u64", DataType::decimal(20, 0)},
      {"ms", DataType::timestamp()},
      {"ns", DataType::timestampNtz()},
      {"uuid", DataType::string()},
      {"money", DataType::decimal(5, 2)},
      {"text", DataType::string()},
      {"l", DataType::array(DataType::intType(), false)},
      {"names", DataType::array(DataType::string(), false)},
      {"split", DataType::decimal(9, 2)},
      {"f", DataType::doubleType()},
  };
  ASSERT_EQ(reader.schema().size(), expected_types.size());
  for (size_t index = 0; index < expected_types.size(); ++index) {
    EXPECT_EQ(reader.schema()[index].name, expected_types[index].first);
    EXPECT_EQ(reader.schema()[index].type, expected_types[index].second)
        << expected_types[index].first << " is " << reader.schema()[index].type.sql();
  }
  EXPECT_FALSE(reader.schema()[10].nullable);  // a bare repeated field is a required list

  std::vector<Row> rows = readRows(reader);
  ASSERT_EQ(rows.size(), 3u);
  auto column = [&](size_t index) {
    std::vector<std::string> values;
    for (const Row& row : rows)
      values.push_back(row[index].debugString());
    return values;
  };
  EXPECT_EQ(rows[0][0], Value::timestamp(late));
  EXPECT_TRUE(rows[1][0].isNull());
  EXPECT_EQ(rows[2][0], Value::timestamp(early));
  EXPECT_EQ(rows[1][1], Value::shortValue(255));
  EXPECT_EQ(rows[1][2], Value::longValue(4294967295LL));
  EXPECT_EQ(rows[0][3], Value::decimal(static_cast<int128_t>(UINT64_MAX), 20, 0));
  EXPECT_EQ(rows[1][3], Value::decimal(5, 20, 0));
  EXPECT_TRUE(rows[2][3].isNull());
  EXPECT_EQ(rows[0][4], Value::timestamp(1000000));
  EXPECT_EQ(rows[1][4], Value::timestamp(-1000));
  EXPECT_EQ(rows[0][5], Value::timestampNtz(1));
  EXPECT_EQ(rows[1][5], Value::timestampNtz(-2));  // nanoseconds round down
  EXPECT_EQ(rows[0][6], Value::string("123e4567-e89b-12d3-a456-426614174000"));
  EXPECT_TRUE(rows[1][6].isNull());
  EXPECT_EQ(rows[2][6], Value::string("ffffffff-ffff-ffff-ffff-ffffffffffff"));
  EXPECT_EQ(column(7),
            (std::vector<std::string>{"DECIMAL(5,2) 123", "DECIMAL(5,2) -1", "DECIMAL(5,2) 0"}));
  EXPECT_EQ(column(8),
            (std::vector<std::string>{"STRING 'axis'", "STRING 'axle'", "STRING 'babble'"}));
  EXPECT_EQ(column(9), (std::vector<std::string>{"ARRAY<INT> [INT 1, INT 2]", "ARRAY<INT> NULL",
                                                 "ARRAY<INT> []"}));
  EXPECT_EQ(column(10),
            (std::vector<std::string>{"ARRAY<STRING> [STRING 'a', STRING 'b']", "ARRAY<STRING> []",
                                      "ARRAY<STRING> [STRING 'c']"}));
  EXPECT_EQ(rows[0][11], Value::decimal(12345, 9, 2));
  EXPECT_EQ(rows[1][11], Value::decimal(-1, 9, 2));
  EXPECT_EQ(rows[2][12], Value::doubleValue(1e300));
}

TEST(ParquetForeignFileTest, DictionaryPageBeforeDataPages) {
  std::vector<SchemaElement> schema = {leaf("v", PhysicalType::kByteArray, Repetition::kOptional)};
  schema[0].logical_type.kind = LogicalType::Kind::kString;
  Page dictionary;
  dictionary.body = plainBytes({"zero", "one", "a value longer than twelve bytes"});
  dictionary.header.type = PageType::kDictionaryPage;
  dictionary.header.dictionary_page_header =
      DictionaryPageHeader{3, Encoding::kPlainDictionary, std::nullopt};
  std::vector<uint8_t> indices = {2};  // bit width
  RleBitPackedEncoder encoder(indices, 2);
  std::vector<uint32_t> values = {2, 0, 1, 1};
  encoder.encode(values.data(), values.size());
  encoder.finish();
  Page data = v1Page({}, {1, 1, 0, 1, 1}, 0, 1, indices, Encoding::kPlainDictionary);
  ScratchFolder folder;
  std::string path = folder.file("dictionary.parquet");
  writeFile(path, schema, 5, {{dictionary, data}});
  std::vector<Row> rows = readRows(path);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0][0], Value::string("a value longer than twelve bytes"));
  EXPECT_EQ(rows[1][0], Value::string("zero"));
  EXPECT_TRUE(rows[2][0].isNull());
  EXPECT_EQ(rows[4][0], Value::string("one"));

  // An index past the dictionary's end is an error.
  std::vector<uint8_t> bad = {2};
  RleBitPackedEncoder bad_encoder(bad, 2);
  std::vector<uint32_t> bad_values = {3, 0, 0, 0};
  bad_encoder.encode(bad_values.data(), bad_values.size());
  bad_encoder.finish();
  writeFile(path, schema, 5,
            {{dictionary, v1Page({}, {1, 1, 0, 1, 1}, 0, 1, bad, Encoding::kRleDictionary)}});
  try {
    readRows(path);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
    EXPECT_NE(error.message().find("dictionary index 3 is out of range"), std::string::npos)
        << error.what();
  }
}

TEST(ParquetForeignFileTest, DictionaryIndexPastTheEndIsFoundAtEveryWidth) {
  // Batches of many indices, one bad index deep inside; the range check takes different paths
  // for narrow indices, indices of 31 bits and indices of 32 bits (up to 2^32 - 1).
  std::vector<SchemaElement> schema = {leaf("v", PhysicalType::kInt64, Repetition::kRequired)};
  Page dictionary;
  dictionary.body = plainFixed<int64_t>({10, 20, 30});
  dictionary.header.type = PageType::kDictionaryPage;
  dictionary.header.dictionary_page_header =
      DictionaryPageHeader{3, Encoding::kPlainDictionary, std::nullopt};
  ScratchFolder folder;
  std::string path = folder.file("indices.parquet");
  struct Case {
    int width;
    uint32_t bad;
  };
  for (Case test : {Case{2, 3}, Case{7, 100}, Case{31, 0x7FFFFFFF}, Case{32, 0x80000000},
                    Case{32, 0xFFFFFFFF}, Case{32, 3}}) {
    for (size_t position : {size_t{0}, size_t{70}, size_t{299}}) {
      std::vector<uint32_t> values(300);
      for (size_t index = 0; index < values.size(); ++index)
        values[index] = index % 3;
      values[position] = test.bad;
      std::vector<uint8_t> indices = {static_cast<uint8_t>(test.width)};
      RleBitPackedEncoder encoder(indices, test.width);
      encoder.encode(values.data(), values.size());
      encoder.finish();
      writeFile(path, schema, 300,
                {{dictionary, v1Page({}, {}, 0, 0, indices, Encoding::kRleDictionary, 300)}});
      try {
        readRows(path);
        ADD_FAILURE() << "no error for index " << test.bad << " of width " << test.width;
      } catch (const Error& error) {
        EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
        std::string expected = "dictionary index " + std::to_string(test.bad) + " is out of range";
        EXPECT_NE(error.message().find(expected), std::string::npos) << error.what();
      }
    }
    // The same indices all in range read back.
    std::vector<uint32_t> values(300);
    for (size_t index = 0; index < values.size(); ++index)
      values[index] = index % 3;
    std::vector<uint8_t> indices = {static_cast<uint8_t>(test.width)};
    RleBitPackedEncoder encoder(indices, test.width);
    encoder.encode(values.data(), values.size());
    encoder.finish();
    writeFile(path, schema, 300,
              {{dictionary, v1Page({}, {}, 0, 0, indices, Encoding::kRleDictionary, 300)}});
    std::vector<Row> rows = readRows(path);
    ASSERT_EQ(rows.size(), 300u);
    for (size_t index = 0; index < rows.size(); ++index) {
      EXPECT_EQ(rows[index][0], Value::longValue(10 * (static_cast<int64_t>(index % 3) + 1)));
    }
  }
}

TEST(ParquetForeignFileTest, FewerValuesThanRowsIsAnError) {
  std::vector<SchemaElement> schema = {leaf("v", PhysicalType::kInt32, Repetition::kRequired)};
  ScratchFolder folder;
  std::string path = folder.file("short.parquet");
  writeFile(path, schema, 5,
            {{v1Page({}, {}, 0, 0, plainFixed<int32_t>({1, 2, 3}), Encoding::kPlain, 3)}});
  try {
    readRows(path);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
    EXPECT_NE(error.message().find("fewer values than its row group has rows"), std::string::npos)
        << error.what();
  }
}

TEST(ParquetForeignFileTest, TypesSparkRejects) {
  auto expectError = [](SchemaElement element, ErrorClass error_class, const std::string& text) {
    SchemaElement root;
    root.name = "schema";
    root.num_children = 1;
    try {
      interpretSchema({root, element});
      ADD_FAILURE() << "no error for " << text;
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), error_class) << error.what();
      EXPECT_NE(error.message().find(text), std::string::npos) << error.what();
    }
  };
  SchemaElement nanos_int32 = leaf("t", PhysicalType::kInt32, Repetition::kOptional);
  nanos_int32.logical_type.kind = LogicalType::Kind::kTimestamp;
  nanos_int32.logical_type.unit = TimeUnit::kMillis;
  expectError(nanos_int32, ErrorClass::PARQUET_TYPE_NOT_SUPPORTED,
              "Parquet type not yet supported: INT32 (TIMESTAMP(MILLIS,false)).");
  SchemaElement string_int = leaf("s", PhysicalType::kInt64, Repetition::kOptional);
  string_int.logical_type.kind = LogicalType::Kind::kString;
  expectError(string_int, ErrorClass::PARQUET_TYPE_ILLEGAL,
              "Illegal Parquet type: INT64 (STRING).");
  SchemaElement wide = leaf("d", PhysicalType::kInt32, Repetition::kOptional);
  wide.logical_type.kind = LogicalType::Kind::kDecimal;
  wide.logical_type.precision = 12;
  wide.logical_type.scale = 2;
  expectError(wide, ErrorClass::PARQUET_TYPE_ILLEGAL, "INT32 cannot store 12 digits (max 9)");
  SchemaElement small_fixed = leaf("d", PhysicalType::kFixedLenByteArray, Repetition::kOptional);
  small_fixed.type_length = 2;
  small_fixed.logical_type.kind = LogicalType::Kind::kDecimal;
  small_fixed.logical_type.precision = 6;
  expectError(small_fixed, ErrorClass::PARQUET_TYPE_ILLEGAL, "(max 4)");
  SchemaElement time = leaf("t", PhysicalType::kInt32, Repetition::kOptional);
  time.logical_type.kind = LogicalType::Kind::kTime;
  time.logical_type.unit = TimeUnit::kMillis;
  expectError(time, ErrorClass::PARQUET_TYPE_NOT_SUPPORTED, "INT32 (TIME(MILLIS,false))");
  SchemaElement bad_list = group("l", Repetition::kOptional, 0);
  bad_list.num_children.reset();
  expectError(bad_list, ErrorClass::FAILED_READ_FILE, "neither a primitive nor a group");
}

TEST(ParquetForeignFileTest, MalformedSchemaTrees) {
  SchemaElement root;
  root.name = "schema";
  root.num_children = 5;  // more children than elements
  try {
    interpretSchema({root, leaf("a", PhysicalType::kInt32, Repetition::kOptional)});
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
  }
  // A deeply nested chain of groups is refused before it can exhaust the stack.
  std::vector<SchemaElement> deep = {root};
  deep[0].num_children = 1;
  for (int depth = 0; depth < 200; ++depth)
    deep.push_back(group("g", Repetition::kOptional, 1));
  deep.push_back(leaf("x", PhysicalType::kInt32, Repetition::kOptional));
  EXPECT_THROW(interpretSchema(deep), Error);
  EXPECT_THROW(interpretSchema({}), Error);
}

}  // namespace
}  // namespace sluice::parquet
