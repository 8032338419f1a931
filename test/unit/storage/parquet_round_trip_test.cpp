// test/unit/storage/parquet_round_trip_test.cpp
//
// Files written by ParquetWriter read back by ParquetReader with equal values and types:
// every flat type with NULLs and extreme values, every codec, nested STRUCT / ARRAY / MAP,
// many rows over several row groups, projection and row-group selection, dictionary
// fallback, statistics.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>

#include "common/types/geospatial.hpp"
#include "parquet_test_util.hpp"
#include "storage/parquet/compression.hpp"

namespace sluice::parquet {
namespace {

using testing::makeBatch;
using testing::readRows;
using testing::Row;
using testing::ScratchFolder;
using testing::writeRows;

Value dec(int128_t unscaled, int precision, int scale) {
  return Value::decimal(unscaled, precision, scale);
}

std::vector<StructField> flatFields() {
  return {
      {"b", DataType::boolean(), true, {}},        {"i8", DataType::byteType(), true, {}},
      {"i16", DataType::shortType(), true, {}},    {"i32", DataType::intType(), true, {}},
      {"i64", DataType::longType(), true, {}},     {"f32", DataType::floatType(), true, {}},
      {"f64", DataType::doubleType(), true, {}},   {"d9", DataType::decimal(9, 2), true, {}},
      {"d18", DataType::decimal(18, 4), true, {}}, {"d38", DataType::decimal(38, 10), true, {}},
      {"s", DataType::string(), true, {}},         {"bin", DataType::binary(), true, {}},
      {"day", DataType::date(), true, {}},         {"ts", DataType::timestamp(), true, {}},
      {"ntz", DataType::timestampNtz(), true, {}}, {"req", DataType::longType(), false, {}},
      {"tod", DataType::time(), true, {}},
  };
}

std::vector<Row> flatRows() {
  int128_t max38 = 1;
  for (int digit = 0; digit < 38; ++digit)
    max38 *= 10;
  max38 -= 1;
  std::vector<Row> rows;
  rows.push_back({Value::boolean(true), Value::byteValue(INT8_MIN), Value::shortValue(INT16_MIN),
                  Value::intValue(INT32_MIN), Value::longValue(INT64_MIN),
                  Value::floatValue(-std::numeric_limits<float>::max()),
                  Value::doubleValue(-std::numeric_limits<double>::infinity()),
                  dec(-999999999, 9, 2), dec(-999999999999999999LL, 18, 4), dec(-max38, 38, 10),
                  Value::string(""), Value::binary(std::string("\0\xff\x01", 3)),
                  Value::date(-719162), Value::timestamp(INT64_MIN + 1), Value::timestampNtz(-1),
                  Value::longValue(0), Value::time(0)});
  rows.push_back(
      {Value::boolean(false), Value::byteValue(INT8_MAX), Value::shortValue(INT16_MAX),
       Value::intValue(INT32_MAX), Value::longValue(INT64_MAX),
       Value::floatValue(std::numeric_limits<float>::denorm_min()), Value::doubleValue(1e308),
       dec(999999999, 9, 2), dec(999999999999999999LL, 18, 4), dec(max38, 38, 10),
       Value::string("a string longer than twelve bytes, with ünïcödé"), Value::binary(""),
       Value::date(2932896), Value::timestamp(INT64_MAX), Value::timestampNtz(1700000000123456LL),
       Value::longValue(-1), Value::time(86'399'999'999)});
  Row nulls;
  for (const StructField& field : flatFields()) {
    nulls.push_back(field.nullable ? Value::null(field.type) : Value::longValue(42));
  }
  rows.push_back(nulls);
  rows.push_back({Value::boolean(true), Value::byteValue(0), Value::shortValue(0),
                  Value::intValue(0), Value::longValue(0), Value::floatValue(-0.0f),
                  Value::doubleValue(0.5), dec(0, 9, 2), dec(1, 18, 4), dec(-1, 38, 10),
                  Value::string("x"), Value::binary("short"), Value::date(0), Value::timestamp(0),
                  Value::timestampNtz(0), Value::longValue(7), Value::time(45'296'123'456)});
  return rows;
}

std::vector<StructField> wideFieldsForV2() {
  std::vector<StructField> fields = flatFields();
  fields.push_back(
      {"nested",
       DataType::array(DataType::map(DataType::string(), DataType::array(DataType::intType()))),
       true,
       {}});
  return fields;
}

std::vector<Row> wideRowsForV2(int count) {
  std::vector<StructField> fields = wideFieldsForV2();
  const DataType& nested = fields.back().type;
  const DataType& map = nested.elementType();
  const DataType& ints = map.valueType();
  std::vector<Row> base = flatRows();
  std::vector<Row> rows;
  for (int index = 0; index < count; ++index) {
    Row row = base[index % base.size()];
    row[4] = Value::longValue(index);  // enough distinct values to leave the dictionary
    if (index % 7 == 0) {
      row.push_back(Value::null(nested));
    } else {
      std::vector<Value> values;
      for (int element = 0; element < index % 4; ++element)
        values.push_back(Value::intValue(element));
      Value entry = Value::nested(
          map.childType(), {Value::string("k" + std::to_string(index % 9)),
                            index % 5 == 0 ? Value::null(ints) : Value::nested(ints, values)});
      row.push_back(Value::nested(nested, {Value::nested(map, {entry}), Value::nested(map, {})}));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

TEST(ParquetRoundTripTest, EveryFlatTypeWithNullsAndExtremes) {
  ScratchFolder folder;
  std::string path = folder.file("flat.parquet");
  std::vector<StructField> fields = flatFields();
  std::vector<Row> rows = flatRows();
  writeRows(path, fields, rows);

  ParquetReader reader(path);
  ASSERT_EQ(reader.schema().size(), fields.size());
  for (size_t index = 0; index < fields.size(); ++index) {
    EXPECT_EQ(reader.schema()[index], fields[index]) << fields[index].name;
  }
  EXPECT_EQ(reader.numRows(), 4);
  std::vector<Row> read = readRows(reader);
  ASSERT_EQ(read.size(), rows.size());
  for (size_t row = 0; row < rows.size(); ++row) {
    for (size_t column = 0; column < fields.size(); ++column) {
      EXPECT_EQ(read[row][column], rows[row][column])
          << "row " << row << " column " << fields[column].name << ": "
          << read[row][column].debugString() << " vs " << rows[row][column].debugString();
    }
  }
}

TEST(ParquetRoundTripTest, PhysicalLayoutFollowsSpark) {
  ScratchFolder folder;
  std::string path = folder.file("layout.parquet");
  writeRows(path, flatFields(), flatRows());
  ParquetReader reader(path);
  const std::vector<SchemaElement>& schema = reader.metadata().schema;
  EXPECT_EQ(schema[0].name, "spark_schema");
  auto element = [&](const std::string& name) -> const SchemaElement& {
    for (const SchemaElement& candidate : schema) {
      if (candidate.name == name)
        return candidate;
    }
    throw std::runtime_error("no element " + name);
  };
  EXPECT_EQ(element("d9").type, PhysicalType::kInt32);
  EXPECT_EQ(element("d18").type, PhysicalType::kInt64);
  EXPECT_EQ(element("d38").type, PhysicalType::kFixedLenByteArray);
  EXPECT_EQ(element("d38").type_length, 16);
  EXPECT_EQ(element("i8").logical_type.kind, LogicalType::Kind::kInteger);
  EXPECT_EQ(element("i8").logical_type.bit_width, 8);
  EXPECT_TRUE(element("ts").logical_type.is_adjusted_to_utc);
  EXPECT_EQ(element("ts").converted_type, ConvertedType::kTimestampMicros);
  EXPECT_FALSE(element("ntz").logical_type.is_adjusted_to_utc);
  EXPECT_EQ(element("ntz").logical_type.unit, TimeUnit::kMicros);
  EXPECT_EQ(element("tod").type, PhysicalType::kInt64);
  EXPECT_EQ(element("tod").logical_type.kind, LogicalType::Kind::kTime);
  EXPECT_FALSE(element("tod").logical_type.is_adjusted_to_utc);
  EXPECT_EQ(element("tod").logical_type.unit, TimeUnit::kMicros);
  EXPECT_EQ(element("s").converted_type, ConvertedType::kUtf8);
  EXPECT_FALSE(element("bin").converted_type.has_value());
  EXPECT_EQ(element("req").repetition, Repetition::kRequired);
  EXPECT_EQ(element("b").repetition, Repetition::kOptional);
  EXPECT_EQ(reader.metadata().column_orders.size(), reader.parquetSchema().leaves.size());
}

TEST(ParquetRoundTripTest, EveryCodec) {
  ScratchFolder folder;
  std::vector<StructField> fields = flatFields();
  std::vector<Row> rows;
  for (int copy = 0; copy < 300; ++copy) {
    for (const Row& row : flatRows())
      rows.push_back(row);
  }
  for (CompressionCodec codec :
       {CompressionCodec::kUncompressed, CompressionCodec::kSnappy, CompressionCodec::kGzip,
        CompressionCodec::kZstd, CompressionCodec::kLz4Raw}) {
    std::string path = folder.file(std::string(codecName(codec)) + ".parquet");
    ParquetWriterOptions options;
    options.codec = codec;
    writeRows(path, fields, rows, options);
    ParquetReader reader(path);
    EXPECT_EQ(reader.metadata().row_groups[0].columns[0].meta_data->codec, codec);
    EXPECT_EQ(readRows(reader), rows) << codecName(codec);
  }
}

TEST(ParquetRoundTripTest, DataPagesV2) {
  ScratchFolder folder;
  std::vector<StructField> fields = wideFieldsForV2();
  std::vector<Row> rows = wideRowsForV2(9000);
  for (CompressionCodec codec :
       {CompressionCodec::kUncompressed, CompressionCodec::kSnappy, CompressionCodec::kZstd}) {
    std::string path = folder.file(std::string(codecName(codec)) + "_v2.parquet");
    ParquetWriterOptions options;
    options.codec = codec;
    options.data_page_v2 = true;
    options.page_size = 8192;
    writeRows(path, fields, rows, options, 2048);
    ParquetReader reader(path);
    // The first page of the first column chunk is a v2 data page.
    const ColumnMetaData& column = *reader.metadata().row_groups[0].columns[0].meta_data;
    std::ifstream in(path, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    size_t header_size = 0;
    int64_t first_page = column.dictionary_page_offset.value_or(column.data_page_offset);
    PageHeader header =
        decodePageHeader(bytes.data() + first_page, bytes.size() - first_page, header_size);
    if (header.type == PageType::kDictionaryPage) {
      header = decodePageHeader(bytes.data() + column.data_page_offset,
                                bytes.size() - column.data_page_offset, header_size);
    }
    EXPECT_EQ(header.type, PageType::kDataPageV2);
    EXPECT_EQ(readRows(reader), rows) << codecName(codec);
  }
}

TEST(ParquetRoundTripTest, NestedTypes) {
  DataType point = DataType::structOf({{"x", DataType::intType(), true, {}},
                                       {"tags", DataType::array(DataType::string()), true, {}}});
  std::vector<StructField> fields = {
      {"id", DataType::intType(), false, {}},
      {"ints", DataType::array(DataType::intType()), true, {}},
      {"strict", DataType::array(DataType::longType(), false), true, {}},
      {"names", DataType::map(DataType::string(), DataType::intType()), true, {}},
      {"point", point, true, {}},
      {"points", DataType::array(point), true, {}},
      {"grid", DataType::array(DataType::array(DataType::intType())), true, {}},
      {"deep",
       DataType::map(DataType::string(), DataType::array(DataType::decimal(20, 2))),
       true,
       {}},
      {"required_struct",
       DataType::structOf(
           {{"a", DataType::string(), false, {}}, {"b", DataType::doubleType(), true, {}}}),
       false,
       {}},
  };
  auto ints = [](std::vector<Value> values) {
    return Value::nested(DataType::array(DataType::intType()), std::move(values));
  };
  auto strings = [](std::vector<Value> values) {
    return Value::nested(DataType::array(DataType::string()), std::move(values));
  };
  auto map_entry = [](const DataType& map, Value key, Value value) {
    return Value::nested(map.childType(), {std::move(key), std::move(value)});
  };
  DataType names_type = fields[3].type;
  DataType deep_type = fields[7].type;
  DataType decimals = DataType::array(DataType::decimal(20, 2));
  std::vector<Row> rows;
  for (int index = 0; index < 50; ++index) {
    Row row;
    row.push_back(Value::intValue(index));
    switch (index % 4) {
      case 0:
        row.push_back(ints(
            {Value::intValue(index), Value::null(DataType::intType()), Value::intValue(-index)}));
        break;
      case 1:
        row.push_back(ints({}));
        break;
      case 2:
        row.push_back(Value::null(fields[1].type));
        break;
      default:
        row.push_back(ints({Value::intValue(7)}));
        break;
    }
    row.push_back(index % 3 == 0 ? Value::null(fields[2].type)
                                 : Value::nested(fields[2].type, {Value::longValue(index),
                                                                  Value::longValue(index * 2)}));
    if (index % 5 == 0) {
      row.push_back(Value::null(names_type));
    } else {
      row.push_back(Value::nested(
          names_type,
          {map_entry(names_type, Value::string("k" + std::to_string(index)),
                     Value::intValue(index)),
           map_entry(names_type, Value::string("null value"), Value::null(DataType::intType()))}));
    }
    Value point_value =
        Value::nested(point, {Value::intValue(index * 10),
                              index % 2 == 0 ? strings({Value::string("a"), Value::string("")})
                                             : Value::null(DataType::array(DataType::string()))});
    row.push_back(index % 7 == 0 ? Value::null(point) : point_value);
    row.push_back(index % 6 == 0 ? Value::nested(fields[5].type, {})
                                 : Value::nested(fields[5].type,
                                                 {point_value, Value::null(point), point_value}));
    row.push_back(Value::nested(
        fields[6].type,
        {ints({Value::intValue(1), Value::intValue(2)}), ints({}),
         Value::null(DataType::array(DataType::intType())), ints({Value::intValue(index)})}));
    row.push_back(Value::nested(
        deep_type, {map_entry(deep_type, Value::string("d"),
                              Value::nested(decimals, {Value::decimal(index * 100 + 1, 20, 2),
                                                       Value::null(DataType::decimal(20, 2))})),
                    map_entry(deep_type, Value::string("empty"), Value::nested(decimals, {}))}));
    row.push_back(Value::nested(fields[8].type, {Value::string("required " + std::to_string(index)),
                                                 index % 2 ? Value::doubleValue(index / 3.0)
                                                           : Value::null(DataType::doubleType())}));
    rows.push_back(std::move(row));
  }
  ScratchFolder folder;
  std::string path = folder.file("nested.parquet");
  writeRows(path, fields, rows, {}, 17);  // uneven batches

  for (idx_t batch_size : {idx_t{2048}, idx_t{3}}) {
    ParquetReaderOptions options;
    options.batch_size = batch_size;
    ParquetReader reader(path, options);
    ASSERT_EQ(reader.schema().size(), fields.size());
    for (size_t index = 0; index < fields.size(); ++index) {
      EXPECT_EQ(reader.schema()[index], fields[index])
          << fields[index].name << ": " << reader.schema()[index].type.sql();
    }
    std::vector<Row> read = readRows(reader);
    ASSERT_EQ(read.size(), rows.size());
    for (size_t row = 0; row < rows.size(); ++row) {
      for (size_t column = 0; column < fields.size(); ++column) {
        EXPECT_EQ(read[row][column], rows[row][column])
            << "row " << row << " column " << fields[column].name << ": "
            << read[row][column].debugString() << " vs " << rows[row][column].debugString();
      }
    }
  }
}

TEST(ParquetRoundTripTest, NestedSchemaUsesStandardLayouts) {
  ScratchFolder folder;
  std::string path = folder.file("layout.parquet");
  std::vector<StructField> fields = {
      {"l", DataType::array(DataType::intType(), false), true, {}},
      {"m", DataType::map(DataType::string(), DataType::longType(), true), false, {}},
  };
  writeRows(path, fields, {});
  ParquetReader reader(path);
  std::vector<std::string> names;
  for (const SchemaElement& element : reader.metadata().schema)
    names.push_back(element.name);
  EXPECT_EQ(names, (std::vector<std::string>{"spark_schema", "l", "list", "element", "m",
                                             "key_value", "key", "value"}));
  const auto& leaves = reader.parquetSchema().leaves;
  ASSERT_EQ(leaves.size(), 3u);
  EXPECT_EQ(leaves[0].path, (std::vector<std::string>{"l", "list", "element"}));
  EXPECT_EQ(leaves[0].max_definition_level, 2);  // optional list, repeated, required element
  EXPECT_EQ(leaves[0].max_repetition_level, 1);
  EXPECT_EQ(leaves[2].path, (std::vector<std::string>{"m", "key_value", "value"}));
  EXPECT_EQ(leaves[2].max_definition_level, 2);  // required map, repeated, optional value
  EXPECT_EQ(reader.numRows(), 0);
  Batch batch;
  EXPECT_FALSE(reader.next(batch));
}

std::vector<StructField> wideFields() {
  return {{"id", DataType::longType(), false, {}},
          {"category", DataType::string(), true, {}},
          {"uuid", DataType::string(), true, {}},
          {"amount", DataType::decimal(12, 2), true, {}},
          {"tags", DataType::array(DataType::string()), true, {}}};
}

std::vector<Row> wideRows(int count) {
  static const char* kCategories[] = {"alpha", "beta", "gamma", "delta"};
  DataType tags = DataType::array(DataType::string());
  std::vector<Row> rows;
  rows.reserve(count);
  for (int index = 0; index < count; ++index) {
    rows.push_back(
        {Value::longValue(index),
         index % 11 == 0 ? Value::null(DataType::string()) : Value::string(kCategories[index % 4]),
         Value::string("uuid-" + std::to_string(index * 7919) + "-long-enough"),
         Value::decimal(index * 13 - 5000, 12, 2),
         index % 3 == 0 ? Value::nested(tags, {Value::string(kCategories[index % 3])})
                        : Value::nested(tags, {})});
  }
  return rows;
}

TEST(ParquetRoundTripTest, ManyRowsAcrossRowGroups) {
  ScratchFolder folder;
  std::string path = folder.file("many.parquet");
  std::vector<Row> rows = wideRows(120000);
  ParquetWriterOptions options;
  options.row_group_rows = 50000;
  writeRows(path, wideFields(), rows, options, 2048);
  ParquetReader reader(path);
  EXPECT_EQ(reader.numRows(), 120000);
  ASSERT_EQ(reader.numRowGroups(), 3u);
  EXPECT_EQ(reader.rowGroupRows(0), 51200);  // row groups close between 4096-row slices
  std::vector<Row> read = readRows(reader);
  ASSERT_EQ(read.size(), rows.size());
  auto difference = std::mismatch(read.begin(), read.end(), rows.begin());
  EXPECT_TRUE(difference.first == read.end())
      << "first difference at row " << (difference.first - read.begin());
}

TEST(ParquetRoundTripTest, RowGroupSizeBoundsMemory) {
  ScratchFolder folder;
  std::string path = folder.file("bounded.parquet");
  ParquetWriterOptions options;
  options.row_group_size = 256 * 1024;
  writeRows(path, wideFields(), wideRows(60000), options, 2048);
  ParquetReader reader(path);
  EXPECT_GT(reader.numRowGroups(), 2u);
  EXPECT_EQ(readRows(reader).size(), 60000u);
}

TEST(ParquetRoundTripTest, DictionaryForLowCardinalityPlainForUnique) {
  ScratchFolder folder;
  std::string path = folder.file("dictionary.parquet");
  writeRows(path, wideFields(), wideRows(30000), {}, 2048);
  ParquetReader reader(path);
  auto encodings = [&](size_t leaf) {
    return reader.metadata().row_groups[0].columns[leaf].meta_data->encodings;
  };
  auto has = [](const std::vector<Encoding>& list, Encoding encoding) {
    return std::find(list.begin(), list.end(), encoding) != list.end();
  };
  EXPECT_TRUE(has(encodings(1), Encoding::kRleDictionary));  // category: 4 values
  const ColumnMetaData& category = *reader.metadata().row_groups[0].columns[1].meta_data;
  EXPECT_TRUE(category.dictionary_page_offset.has_value());
  // Unique values: the dictionary is given up after the first page.
  const ColumnMetaData& uuid = *reader.metadata().row_groups[0].columns[2].meta_data;
  EXPECT_TRUE(has(uuid.encodings, Encoding::kPlain));
  EXPECT_LT(category.total_compressed_size, uuid.total_compressed_size / 10);
}

TEST(ParquetRoundTripTest, DictionaryFallsBackWhenItGrowsTooLarge) {
  ScratchFolder folder;
  std::string path = folder.file("fallback.parquet");
  std::vector<StructField> fields = {{"v", DataType::string(), true, {}}};
  std::vector<Row> rows;
  for (int index = 0; index < 40000; ++index) {
    rows.push_back({Value::string("value number " + std::to_string(index % 20000))});
  }
  ParquetWriterOptions options;
  options.dictionary_size_limit = 64 * 1024;
  options.page_size = 16 * 1024;
  writeRows(path, fields, rows, options, 2048);
  ParquetReader reader(path);
  const ColumnMetaData& column = *reader.metadata().row_groups[0].columns[0].meta_data;
  EXPECT_TRUE(column.dictionary_page_offset.has_value());
  EXPECT_NE(std::find(column.encodings.begin(), column.encodings.end(), Encoding::kPlain),
            column.encodings.end());
  EXPECT_EQ(readRows(reader), rows);
}

TEST(ParquetRoundTripTest, ProjectionAndRowGroupSelection) {
  ScratchFolder folder;
  std::string path = folder.file("select.parquet");
  std::vector<Row> rows = wideRows(20000);
  ParquetWriterOptions options;
  options.row_group_rows = 8192;
  writeRows(path, wideFields(), rows, options, 4096);
  ParquetReader reader(path);
  ASSERT_EQ(reader.numRowGroups(), 3u);
  reader.selectColumns({3, 0});
  reader.selectRowGroups({2, 0});
  std::vector<Row> read = readRows(reader);
  size_t expected_rows = reader.rowGroupRows(2) + reader.rowGroupRows(0);
  ASSERT_EQ(read.size(), expected_rows);
  EXPECT_EQ(read[0][1], Value::longValue(reader.rowGroupRows(0) + reader.rowGroupRows(1)));
  EXPECT_EQ(read[0][0], rows[read[0][1].getInt64()][3]);
  EXPECT_EQ(read.back()[1], Value::longValue(reader.rowGroupRows(0) - 1));

  // No columns at all still yields the row counts.
  ParquetReader counter(path);
  counter.selectColumns({});
  Batch batch;
  idx_t total = 0;
  while (counter.next(batch)) {
    EXPECT_TRUE(batch.columns.empty());
    total += batch.num_rows;
  }
  EXPECT_EQ(total, 20000u);
}

TEST(ParquetRoundTripTest, StatisticsDecodeToValues) {
  ScratchFolder folder;
  std::string path = folder.file("statistics.parquet");
  std::vector<StructField> fields = {
      {"i", DataType::intType(), true, {}},      {"s", DataType::string(), true, {}},
      {"d", DataType::decimal(30, 3), true, {}}, {"f", DataType::doubleType(), true, {}},
      {"t", DataType::timestamp(), true, {}},    {"z", DataType::floatType(), true, {}}};
  std::vector<Row> rows = {
      {Value::intValue(5), Value::string("pear"), Value::decimal(-12345, 30, 3),
       Value::doubleValue(std::nan("")), Value::timestamp(100), Value::floatValue(0.0f)},
      {Value::null(DataType::intType()), Value::string("apple"), Value::decimal(99, 30, 3),
       Value::doubleValue(2.5), Value::null(DataType::timestamp()), Value::floatValue(-0.0f)},
      {Value::intValue(-3), Value::null(DataType::string()), Value::null(DataType::decimal(30, 3)),
       Value::doubleValue(-1.0), Value::timestamp(-100), Value::floatValue(0.0f)},
  };
  writeRows(path, fields, rows);
  ParquetReader reader(path);
  ColumnStatistics ints = reader.statistics(0, 0);
  EXPECT_EQ(ints.min, Value::intValue(-3));
  EXPECT_EQ(ints.max, Value::intValue(5));
  EXPECT_EQ(ints.null_count, 1);
  ColumnStatistics strings = reader.statistics(0, 1);
  EXPECT_EQ(strings.min, Value::string("apple"));
  EXPECT_EQ(strings.max, Value::string("pear"));
  ColumnStatistics decimals = reader.statistics(0, 2);
  EXPECT_EQ(decimals.min, Value::decimal(-12345, 30, 3));
  EXPECT_EQ(decimals.max, Value::decimal(99, 30, 3));
  ColumnStatistics doubles = reader.statistics(0, 3);  // NaN stays out of the bounds
  EXPECT_EQ(doubles.min, Value::doubleValue(-1.0));
  EXPECT_EQ(doubles.max, Value::doubleValue(2.5));
  ColumnStatistics timestamps = reader.statistics(0, 4);
  EXPECT_EQ(timestamps.min, Value::timestamp(-100));
  EXPECT_EQ(timestamps.null_count, 1);
  ColumnStatistics zeros = reader.statistics(0, 5);
  ASSERT_TRUE(zeros.min && zeros.max);
  EXPECT_TRUE(std::signbit(zeros.min->getFloat()));
  EXPECT_FALSE(std::signbit(zeros.max->getFloat()));
}

TEST(ParquetRoundTripTest, ConstantVectorsAndSlicesOfLargeBatches) {
  ScratchFolder folder;
  std::string path = folder.file("constant.parquet");
  std::vector<StructField> fields = {{"c", DataType::string(), true, {}},
                                     {"n", DataType::intType(), true, {}}};
  Batch batch;
  batch.columns.push_back(Vector::constant(Value::string("same for every row, long")));
  Vector numbers(DataType::intType(), 10000);
  for (int row = 0; row < 10000; ++row)
    numbers.mutableData<int32_t>()[row] = row;
  batch.columns.push_back(std::move(numbers));
  batch.num_rows = 10000;
  ParquetWriter writer(path, fields);
  writer.write(batch);
  writer.close();
  std::vector<Row> read = readRows(path);
  ASSERT_EQ(read.size(), 10000u);
  EXPECT_EQ(read[9999][0], Value::string("same for every row, long"));
  EXPECT_EQ(read[9999][1], Value::intValue(9999));
}

TEST(ParquetRoundTripTest, IntervalsAndVoidAsSparkWritesThem) {
  ScratchFolder folder;
  std::string path = folder.file("intervals.parquet");
  std::vector<StructField> fields = {{"ym", DataType::yearMonthInterval(), true, {}},
                                     {"dt", DataType::dayTimeInterval(), true, {}},
                                     {"nothing", DataType::voidType(), true, {}}};
  std::vector<Row> rows = {{Value::fromInt64(DataType::yearMonthInterval(), 14),
                            Value::fromInt64(DataType::dayTimeInterval(), -5000000),
                            Value::null(DataType::voidType())}};
  writeRows(path, fields, rows);
  ParquetReader reader(path);
  // Without Spark's row metadata the interval types read back as their physical types.
  EXPECT_EQ(reader.schema()[0].type, DataType::intType());
  EXPECT_EQ(reader.schema()[1].type, DataType::longType());
  EXPECT_EQ(reader.schema()[2].type, DataType::voidType());
  std::vector<Row> read = readRows(reader);
  EXPECT_EQ(read[0][0], Value::intValue(14));
  EXPECT_EQ(read[0][1], Value::longValue(-5000000));
  EXPECT_TRUE(read[0][2].isNull());
}

TEST(ParquetRoundTripTest, SpatialValuesAsWkbInTheirColumnsCrs) {
  ScratchFolder folder;
  std::vector<StructField> fields = {{"mercator", DataType::geometry(3857), true, {}},
                                     {"plain", DataType::geometry(0), true, {}},
                                     {"earth", DataType::geography(4326), true, {}}};
  // A point (1 2) and a line: short and long values, repeated for the dictionary.
  std::string point(
      "\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf0\x3f"
      "\x00\x00\x00\x00\x00\x00\x00\x40",
      21);
  std::string line("\x01\x02\x00\x00\x00\x02\x00\x00\x00", 9);
  line += std::string(32, '\0');
  auto value = [](const DataType& type, const std::string& wkb) {
    return Value::spatial(type, encodeSpatialValue(type.srid(), wkb));
  };
  std::vector<Row> rows;
  for (int copy = 0; copy < 3; ++copy) {
    rows.push_back(
        {value(fields[0].type, point), value(fields[1].type, line), value(fields[2].type, point)});
    rows.push_back(
        {Value::null(fields[0].type), value(fields[1].type, point), value(fields[2].type, line)});
  }
  for (bool dictionary : {true, false}) {
    std::string path = folder.file(dictionary ? "dictionary.parquet" : "plain.parquet");
    ParquetWriterOptions options;
    options.enable_dictionary = dictionary;
    writeRows(path, fields, rows, options);
    ParquetReader reader(path);
    for (size_t column = 0; column < fields.size(); ++column)
      EXPECT_EQ(reader.schema()[column].type, fields[column].type);
    EXPECT_EQ(readRows(reader), rows);
    const std::vector<SchemaElement>& schema = reader.metadata().schema;
    EXPECT_EQ(schema[1].type, PhysicalType::kByteArray);
    EXPECT_EQ(schema[1].logical_type.kind, LogicalType::Kind::kGeometry);
    EXPECT_EQ(schema[1].logical_type.crs, "EPSG:3857");
    EXPECT_EQ(schema[2].logical_type.crs, "SRID:0");
    EXPECT_EQ(schema[3].logical_type.kind, LogicalType::Kind::kGeography);
    EXPECT_EQ(schema[3].logical_type.crs, "");  // OGC:CRS84, the default
    // No order, so no bounds; the NULLs are still counted.
    ColumnStatistics mercator = reader.statistics(0, 0);
    EXPECT_FALSE(mercator.min.has_value());
    EXPECT_EQ(mercator.null_count, 3);
  }
  std::vector<StructField> mixed = {{"any", DataType::geometry(DataType::kMixedSrid), true, {}}};
  EXPECT_THROW(writeRows(folder.file("mixed.parquet"), mixed, {}), Error);
}

}  // namespace
}  // namespace sluice::parquet
