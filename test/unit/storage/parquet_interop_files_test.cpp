// test/unit/storage/parquet_interop_files_test.cpp
//
// Files exchanged with other engines, driven by test/interop/parquet_duckdb.mjs: when
// SLUICE_PARQUET_INTEROP_DIR is set, writes <dir>/sluice/*.parquet for DuckDB to check, and
// reads <dir>/duckdb/*.parquet (written by DuckDB, every codec, pages v1 and v2) comparing
// each value with the formulas the script used. Skipped otherwise.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "parquet_test_util.hpp"
#include "storage/parquet/compression.hpp"

namespace sluice::parquet {
namespace {

using testing::Row;

const char* interopFolder() {
  return std::getenv("SLUICE_PARQUET_INTEROP_DIR");
}

DataType tagsType() {
  return DataType::array(DataType::string());
}
DataType mapType() {
  return DataType::map(DataType::string(), DataType::intType());
}
DataType structType() {
  return DataType::structOf(
      {{"x", DataType::intType(), true, {}}, {"y", DataType::string(), true, {}}});
}

//! The columns both engines write; keep in step with parquet_duckdb.mjs.
std::vector<StructField> commonFields() {
  return {{"id", DataType::longType(), true, {}},
          {"b", DataType::boolean(), true, {}},
          {"i8", DataType::byteType(), true, {}},
          {"i32", DataType::intType(), true, {}},
          {"f64", DataType::doubleType(), true, {}},
          {"s", DataType::string(), true, {}},
          {"d", DataType::decimal(10, 2), true, {}},
          {"d38", DataType::decimal(38, 6), true, {}},
          {"day", DataType::date(), true, {}},
          {"ts", DataType::timestamp(), true, {}},
          {"ntz", DataType::timestampNtz(), true, {}},
          {"tags", tagsType(), true, {}},
          {"m", mapType(), true, {}},
          {"st", structType(), true, {}}};
}

Row commonRow(int64_t i) {
  Row row;
  row.push_back(Value::longValue(i));
  row.push_back(Value::boolean(i % 3 == 0));
  row.push_back(Value::byteValue(static_cast<int8_t>(i % 256 - 128)));
  row.push_back(i % 10 == 3 ? Value::null(DataType::intType())
                            : Value::intValue(static_cast<int32_t>((i * 7919) % 100000 - 50000)));
  row.push_back(Value::doubleValue(static_cast<double>(i) / 4.0));
  if (i % 13 == 0) {
    row.push_back(Value::null(DataType::string()));
  } else if (i % 17 == 0) {
    row.push_back(Value::string(""));
  } else {
    row.push_back(Value::string("str" + std::to_string(i % 100)));
  }
  row.push_back(Value::decimal((i * 37) % 100000, 10, 2));
  row.push_back(Value::decimal(static_cast<int128_t>(i) * 1000001, 38, 6));
  row.push_back(Value::date(static_cast<int32_t>(18000 + i % 1000)));
  int64_t micros = 1600000000000000LL + i * 1000003;
  row.push_back(Value::timestamp(micros));
  row.push_back(Value::timestampNtz(micros));
  switch (i % 4) {
    case 0:
      row.push_back(Value::nested(tagsType(), {}));
      break;
    case 1:
      row.push_back(Value::null(tagsType()));
      break;
    default:
      row.push_back(Value::nested(
          tagsType(), {Value::string("a" + std::to_string(i % 5)), Value::string("b")}));
  }
  if (i % 5 == 0) {
    row.push_back(Value::null(mapType()));
  } else {
    DataType entry = mapType().childType();
    row.push_back(Value::nested(
        mapType(),
        {Value::nested(entry, {Value::string("k"), Value::intValue(static_cast<int32_t>(i))}),
         Value::nested(entry, {Value::string("n"), Value::null(DataType::intType())})}));
  }
  row.push_back(i % 9 == 0 ? Value::null(structType())
                           : Value::nested(structType(), {Value::intValue(static_cast<int32_t>(i)),
                                                          Value::string("y" + std::to_string(i))}));
  return row;
}

//! Extra DuckDB-only columns: their names and the values sluice should read.
std::vector<std::pair<std::string, Value>> duckdbExtras(int64_t i) {
  std::vector<std::pair<std::string, Value>> extras;
  extras.emplace_back("ts_ms", Value::timestampNtz((1600000000000LL + i * 1003) * 1000));
  int64_t nanos = 1600000000000000000LL + i * 1000000007LL;
  extras.emplace_back("ts_ns", Value::timestampNtz(nanos / 1000));
  extras.emplace_back("u8", Value::shortValue(static_cast<int16_t>(i % 256)));
  extras.emplace_back("u64", Value::decimal(static_cast<int128_t>(UINT64_MAX) - i, 20, 0));
  char uuid[40];
  std::snprintf(uuid, sizeof(uuid), "00000000-0000-0000-0000-%012lld", static_cast<long long>(i));
  extras.emplace_back("uuid", Value::string(uuid));
  return extras;
}

TEST(ParquetInteropFilesTest, WriteFilesForOtherEngines) {
  if (interopFolder() == nullptr)
    GTEST_SKIP() << "SLUICE_PARQUET_INTEROP_DIR is not set";
  std::filesystem::path folder = std::filesystem::path(interopFolder()) / "sluice";
  std::filesystem::create_directories(folder);
  constexpr int64_t kRows = 100000;
  struct Variant {
    CompressionCodec codec;
    bool data_page_v2;
  };
  for (Variant variant :
       {Variant{CompressionCodec::kUncompressed, false}, Variant{CompressionCodec::kSnappy, false},
        Variant{CompressionCodec::kGzip, false}, Variant{CompressionCodec::kZstd, false},
        Variant{CompressionCodec::kLz4Raw, false}, Variant{CompressionCodec::kZstd, true}}) {
    ParquetWriterOptions options;
    options.codec = variant.codec;
    options.data_page_v2 = variant.data_page_v2;
    options.row_group_rows = 30000;
    std::string name = std::string(codecName(variant.codec)) + (variant.data_page_v2 ? "_V2" : "");
    ParquetWriter writer((folder / (name + ".parquet")).string(), commonFields(), options);
    for (int64_t start = 0; start < kRows; start += 2048) {
      std::vector<Row> rows;
      for (int64_t i = start; i < std::min(kRows, start + 2048); ++i)
        rows.push_back(commonRow(i));
      writer.write(testing::makeBatch(commonFields(), rows));
    }
    writer.close();
  }
}

TEST(ParquetInteropFilesTest, ReadFilesFromOtherEngines) {
  if (interopFolder() == nullptr)
    GTEST_SKIP() << "SLUICE_PARQUET_INTEROP_DIR is not set";
  std::filesystem::path folder = std::filesystem::path(interopFolder()) / "duckdb";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".parquet")
      continue;
    ++files;
    SCOPED_TRACE(entry.path().string());
    ParquetReader reader(entry.path().string());
    const std::vector<StructField>& schema = reader.schema();
    std::vector<StructField> common = commonFields();
    ASSERT_EQ(schema.size(), common.size() + duckdbExtras(0).size());
    for (size_t column = 0; column < common.size(); ++column) {
      EXPECT_EQ(schema[column].name, common[column].name);
      EXPECT_TRUE(schema[column].type.sameStructure(common[column].type))
          << schema[column].name << " " << schema[column].type.sql();
    }
    int64_t i = 0;
    Batch batch;
    while (reader.next(batch)) {
      for (idx_t row = 0; row < batch.num_rows; ++row, ++i) {
        Row expected = commonRow(i);
        for (size_t column = 0; column < common.size(); ++column) {
          Value actual = batch.columns[column].getValue(row);
          // DuckDB's element / value nullability differs from sluice's defaults; compare the
          // values through sluice's types.
          ASSERT_EQ(actual.debugString(), expected[column].debugString())
              << "row " << i << " column " << common[column].name;
        }
        std::vector<std::pair<std::string, Value>> extras = duckdbExtras(i);
        for (size_t extra = 0; extra < extras.size(); ++extra) {
          size_t column = common.size() + extra;
          ASSERT_EQ(schema[column].name, extras[extra].first);
          ASSERT_EQ(batch.columns[column].getValue(row), extras[extra].second)
              << "row " << i << " column " << extras[extra].first << ": "
              << batch.columns[column].getValue(row).debugString();
        }
      }
    }
    EXPECT_EQ(i, 20000);
  }
  EXPECT_GT(files, 0);
}

}  // namespace
}  // namespace sluice::parquet
