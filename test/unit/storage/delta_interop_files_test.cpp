// test/unit/storage/delta_interop_files_test.cpp
//
// Delta tables for other engines, driven by test/interop/delta_duckdb.mjs: when
// SLUICE_DELTA_INTEROP_DIR is set, writes <dir>/tables/<name>/ (Delta tables built over many
// commits: creates, appends, an overwrite, OPTIMIZE, checkpoints) and <dir>/expected/<name>.parquet
// (a plain Parquet file of the rows each table holds at its latest version, in table column
// order). The script replays each table's log, reads its live files with DuckDB and compares.
// Skipped otherwise.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>

#include "delta_test_util.hpp"
#include "storage/delta/optimize.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;

const char* interopFolder() {
  return std::getenv("SLUICE_DELTA_INTEROP_DIR");
}

// ---- every_type: every column type, two partition columns, 100k+ rows ---------------------

DataType tagsType() {
  return DataType::array(DataType::string());
}
DataType mapType() {
  return DataType::map(DataType::string(), DataType::intType());
}
DataType structType() {
  return DataType::structOf({column("x", DataType::intType()), column("y", DataType::string()),
                             column("z", DataType::array(DataType::doubleType()))});
}

//! The partition columns sit among the data columns, as a table defined so would have them.
std::vector<StructField> everyTypeSchema() {
  return {column("id", DataType::longType(), /*nullable=*/false),
          column("region", DataType::string()),
          column("b", DataType::boolean()),
          column("i8", DataType::byteType()),
          column("i16", DataType::shortType()),
          column("i32", DataType::intType()),
          column("f32", DataType::floatType()),
          column("f64", DataType::doubleType()),
          column("s", DataType::string()),
          column("bin", DataType::binary()),
          column("d", DataType::decimal(10, 2)),
          column("d38", DataType::decimal(38, 6)),
          column("day", DataType::date()),
          column("ts", DataType::timestamp()),
          column("ntz", DataType::timestampNtz()),
          column("tags", tagsType()),
          column("m", mapType()),
          column("st", structType()),
          column("bucket", DataType::intType())};
}

//! A NULL region goes to __HIVE_DEFAULT_PARTITION__; the others need URI and Hive escaping.
Value regionOf(int64_t i) {
  switch (i % 5) {
    case 0:
      return Value::string("EU");
    case 1:
      return Value::string("US West");
    case 2:
      return Value::null(DataType::string());
    case 3:
      return Value::string("a/b:c=d%e'f#g?h");
    default:
      return Value::string("\xC3\xBCn\xC3\xAF \xE2\x98\x83");  // "ünï ☃"
  }
}

Row everyTypeRow(int64_t i) {
  Row row;
  row.push_back(Value::longValue(i));
  row.push_back(regionOf(i));
  row.push_back(i % 7 == 0 ? Value::null(DataType::boolean()) : Value::boolean(i % 3 == 0));
  row.push_back(Value::byteValue(static_cast<int8_t>(i % 256 - 128)));
  row.push_back(i % 11 == 0 ? Value::null(DataType::shortType())
                            : Value::shortValue(static_cast<int16_t>((i * 31) % 65536 - 32768)));
  row.push_back(i % 10 == 3 ? Value::null(DataType::intType())
                            : Value::intValue(static_cast<int32_t>((i * 7919) % 100000 - 50000)));
  row.push_back(i % 13 == 0 ? Value::null(DataType::floatType())
                            : Value::floatValue(static_cast<float>(i % 5000) * 0.5f - 1000.0f));
  row.push_back(Value::doubleValue(static_cast<double>(i) / 4.0 - 7.0));
  if (i % 13 == 0) {
    row.push_back(Value::null(DataType::string()));
  } else if (i % 17 == 0) {
    row.push_back(Value::string(""));
  } else if (i % 23 == 0) {
    // Longer than the 32 characters of a stats bound.
    row.push_back(
        Value::string("a long string past the prefix length of the stats " + std::to_string(i)));
  } else if (i % 19 == 0) {
    row.push_back(Value::string("\xC3\xA9t\xC3\xA9 " + std::to_string(i % 100)));
  } else {
    row.push_back(Value::string("str" + std::to_string(i % 100)));
  }
  if (i % 6 == 0) {
    row.push_back(Value::null(DataType::binary()));
  } else {
    row.push_back(Value::binary(std::string{static_cast<char>(i % 256), '\0', '\xFF'}));
  }
  row.push_back(i % 8 == 0 ? Value::null(DataType::decimal(10, 2))
                           : Value::decimal((i * 37) % 100000 - 5000, 10, 2));
  row.push_back(Value::decimal(static_cast<int128_t>(i) * 1000001 * 1000000000000LL - 7, 38, 6));
  row.push_back(i % 29 == 0 ? Value::null(DataType::date())
                            : Value::date(static_cast<int32_t>(18000 + i % 1000)));
  // Some instants before 1970, so that stats truncate negative microseconds downwards.
  int64_t micros = i % 37 == 0 ? -86400000000LL - i * 1001 : 1600000000000000LL + i * 1000003;
  row.push_back(i % 31 == 0 ? Value::null(DataType::timestamp()) : Value::timestamp(micros));
  row.push_back(i % 41 == 0 ? Value::null(DataType::timestampNtz())
                            : Value::timestampNtz(micros + 3600000000LL));
  switch (i % 4) {
    case 0:
      row.push_back(Value::nested(tagsType(), {}));
      break;
    case 1:
      row.push_back(Value::null(tagsType()));
      break;
    case 2:
      row.push_back(Value::nested(
          tagsType(), {Value::string("a" + std::to_string(i % 5)), Value::string("b")}));
      break;
    default:
      row.push_back(Value::nested(tagsType(), {Value::null(DataType::string()),
                                               Value::string("c" + std::to_string(i % 3))}));
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
  if (i % 9 == 0) {
    row.push_back(Value::null(structType()));
  } else {
    DataType doubles = DataType::array(DataType::doubleType());
    row.push_back(Value::nested(
        structType(),
        {i % 2 == 0 ? Value::null(DataType::intType()) : Value::intValue(static_cast<int32_t>(i)),
         Value::string("y" + std::to_string(i)),
         Value::nested(doubles, {Value::doubleValue(static_cast<double>(i) * 0.5),
                                 Value::doubleValue(-1.0)})}));
  }
  row.push_back(i % 3 == 0 ? Value::null(DataType::intType())
                           : Value::intValue(static_cast<int32_t>(i % 3)));
  return row;
}

// ---- timeline: a TIMESTAMP partition column, checkpoints every 5 commits, an overwrite ----

std::vector<StructField> timelineSchema() {
  return {column("id", DataType::longType()), column("v", DataType::doubleType()),
          column("note", DataType::string()), column("pts", DataType::timestamp())};
}

Row timelineRow(int64_t i) {
  // Microseconds in the partition value, so that its text keeps all six digits.
  Value pts = i % 4 == 0 ? Value::null(DataType::timestamp())
                         : Value::timestamp(1704164645123456LL + (i % 4) * 3600000000LL);
  return {Value::longValue(i), Value::doubleValue(static_cast<double>(i) * 1.5),
          i % 6 == 0 ? Value::null(DataType::string()) : Value::string("n" + std::to_string(i)),
          pts};
}

// ---- writing -------------------------------------------------------------------------------

using RowMaker = std::function<Row(int64_t)>;

//! Writes rows [first, last) of `make` in one commit; returns the version.
int64_t writeRange(const std::string& path, TableWriteOptions options, const RowMaker& make,
                   int64_t first, int64_t last) {
  DeltaTableWriter writer(path, std::move(options));
  constexpr int64_t kBatchRows = 2048;
  for (int64_t start = first; start < last; start += kBatchRows) {
    std::vector<Row> rows;
    for (int64_t i = start; i < std::min(last, start + kBatchRows); ++i)
      rows.push_back(make(i));
    writer.write(testing::makeBatch(writer.schema(), rows));
  }
  return writer.commit().version;
}

//! The rows a table should hold, as a plain Parquet file in table column order.
void writeExpected(const std::string& path, const std::vector<StructField>& schema,
                   const RowMaker& make, const std::vector<std::pair<int64_t, int64_t>>& ranges) {
  parquet::ParquetWriter writer(path, schema);
  for (const auto& [first, last] : ranges) {
    for (int64_t start = first; start < last; start += 2048) {
      std::vector<Row> rows;
      for (int64_t i = start; i < std::min(last, start + 2048); ++i)
        rows.push_back(make(i));
      writer.write(testing::makeBatch(schema, rows));
    }
  }
  writer.close();
}

TableWriteOptions withCodec(TableWriteOptions options, parquet::CompressionCodec codec,
                            bool data_page_v2 = false) {
  options.file_options.parquet.codec = codec;
  options.file_options.parquet.data_page_v2 = data_page_v2;
  return options;
}

TEST(DeltaInteropFilesTest, WriteTables) {
  if (interopFolder() == nullptr)
    GTEST_SKIP() << "SLUICE_DELTA_INTEROP_DIR is not set";
  std::filesystem::path folder(interopFolder());
  std::filesystem::create_directories(folder / "tables");
  std::filesystem::create_directories(folder / "expected");
  using parquet::CompressionCodec;

  // every_type: v0 creates it with rows that v1 overwrites; v1..v8 hold 8,000 rows each;
  // v9 OPTIMIZE; v10 (checkpoint) and v11 append; v12 OPTIMIZE removes files of both the
  // checkpoint and later commits; v13..v15 append: 104,000 rows in the end.
  {
    std::string path = (folder / "tables" / "every_type").string();
    RowMaker make = everyTypeRow;
    constexpr int64_t kRows = 8000;
    constexpr int64_t kJunk = 10000000;
    ASSERT_EQ(writeRange(path, testing::createOptions(everyTypeSchema(), {"region", "bucket"}),
                         make, kJunk, kJunk + 3000),
              0);
    TableWriteOptions overwrite;
    overwrite.mode = WriteMode::kOverwrite;
    ASSERT_EQ(writeRange(path, overwrite, make, 0, kRows), 1);
    int64_t next = kRows;
    for (int64_t version = 2; version <= 8; ++version, next += kRows) {
      TableWriteOptions options = testing::appendOptions();
      if (version == 3)
        options = withCodec(options, CompressionCodec::kSnappy);
      if (version == 4)
        options = withCodec(options, CompressionCodec::kGzip);
      if (version == 5)
        options = withCodec(options, CompressionCodec::kZstd, true);
      if (version == 6)
        options.max_rows_per_file = 150;  // several files per partition
      if (version == 7)
        options = withCodec(options, CompressionCodec::kUncompressed);
      ASSERT_EQ(writeRange(path, options, make, next, next + kRows), version);
    }
    ASSERT_EQ(optimize(path).version, 9);
    for (int64_t version = 10; version <= 11; ++version, next += kRows) {
      ASSERT_EQ(writeRange(path, testing::appendOptions(), make, next, next + kRows), version);
    }
    ASSERT_TRUE(
        std::filesystem::exists(path + "/_delta_log/00000000000000000010.checkpoint.parquet"));
    ASSERT_EQ(optimize(path).version, 12);
    for (int64_t version = 13; version <= 15; ++version, next += kRows) {
      ASSERT_EQ(writeRange(path, withCodec(testing::appendOptions(), CompressionCodec::kLz4Raw),
                           make, next, next + kRows),
                version);
    }
    ASSERT_EQ(next, 104000);
    writeExpected((folder / "expected" / "every_type.parquet").string(), everyTypeSchema(), make,
                  {{0, next}});
  }

  // timeline: checkpoints at v5 and v10; v11 overwrites everything, v12 appends: 13 commits.
  // timeline_v2: the same with delta.checkpointPolicy = 'v2': its checkpoints are UUID-named
  // JSON files whose file actions are in a sidecar.
  for (bool v2 : {false, true}) {
    std::string name = v2 ? "timeline_v2" : "timeline";
    std::string path = (folder / "tables" / name).string();
    RowMaker make = timelineRow;
    constexpr int64_t kRows = 500;
    TableWriteOptions create = testing::createOptions(timelineSchema(), {"pts"});
    create.definition->properties["delta.checkpointInterval"] = "5";
    if (v2)
      create.definition->properties["delta.checkpointPolicy"] = "v2";
    ASSERT_EQ(writeRange(path, create, make, 0, kRows), 0);
    int64_t next = kRows;
    for (int64_t version = 1; version <= 10; ++version, next += kRows) {
      ASSERT_EQ(writeRange(path, testing::appendOptions(), make, next, next + kRows), version);
    }
    int classic = 0, uuid_named = 0;
    for (const auto& entry : std::filesystem::directory_iterator(path + "/_delta_log")) {
      std::string file = entry.path().filename().string();
      classic += file.ends_with(".checkpoint.parquet");
      uuid_named += file.find(".checkpoint.") != std::string::npos && file.ends_with(".json");
    }
    ASSERT_EQ(classic, v2 ? 0 : 2);
    ASSERT_EQ(uuid_named, v2 ? 2 : 0);
    TableWriteOptions overwrite;
    overwrite.mode = WriteMode::kOverwrite;
    int64_t kept = next;
    ASSERT_EQ(writeRange(path, overwrite, make, kept, kept + kRows), 11);
    ASSERT_EQ(writeRange(path, testing::appendOptions(), make, kept + kRows, kept + 2 * kRows), 12);
    writeExpected((folder / "expected" / (name + ".parquet")).string(), timelineSchema(), make,
                  {{kept, kept + 2 * kRows}});
  }
}

}  // namespace
}  // namespace sluice::delta
