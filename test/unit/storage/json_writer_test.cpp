// test/unit/storage/json_writer_test.cpp
//
// JsonWriter: the JSON lines Spark writes by default (NULL struct fields left out, escapes,
// Java's digits, "NaN" quoted, BigDecimal text, dates and timestamps in the session's zone,
// base64 BINARY, nested arrays, maps and structs), and files that sluice's JsonReader reads
// back to the same values.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "common/types/time_zone.hpp"
#include "common/types/value.hpp"
#include "storage/json/json_reader.hpp"
#include "storage/json/json_writer.hpp"

namespace sluice::json {
namespace {

namespace fs = std::filesystem;

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

std::string record(const std::vector<StructField>& schema, const std::vector<Value>& values,
                   JsonWriteOptions options = {}) {
  return formatJsonRecord(schema, values, options);
}

// 2024-01-01 10:00:00 UTC.
constexpr int64_t kMorning = 1704103200LL * 1000000;

TEST(JsonWriterTest, NullFieldsAreLeftOutUnlessAsked) {
  std::vector<StructField> schema = {field("a", DataType::intType()),
                                     field("b", DataType::string())};
  std::vector<Value> values = {Value::intValue(1), Value::null(DataType::string())};
  EXPECT_EQ(record(schema, values), R"({"a":1})");
  JsonWriteOptions keep;
  keep.ignore_null_fields = false;
  EXPECT_EQ(record(schema, values, keep), R"({"a":1,"b":null})");
  EXPECT_EQ(record(schema, {Value::null(DataType::intType()), Value::null(DataType::string())}),
            "{}");
}

TEST(JsonWriterTest, StringsAreEscapedAsJacksonDoes) {
  std::vector<StructField> schema = {field("s", DataType::string())};
  EXPECT_EQ(record(schema, {Value::string("say \"hi\"\\ now")}), R"({"s":"say \"hi\"\\ now"})");
  EXPECT_EQ(record(schema, {Value::string("a\nb\tc\x01")}), R"({"s":"a\nb\tc\u0001"})");
  EXPECT_EQ(record(schema, {Value::string("caf\xC3\xA9 / x")}), "{\"s\":\"caf\xC3\xA9 / x\"}");
}

TEST(JsonWriterTest, NumbersHaveJavasDigits) {
  std::vector<StructField> schema = {field("d", DataType::doubleType()),
                                     field("f", DataType::floatType()),
                                     field("l", DataType::longType())};
  EXPECT_EQ(record(schema, {Value::doubleValue(1.5), Value::floatValue(0.1f),
                            Value::longValue(-9007199254740993LL)}),
            R"({"d":1.5,"f":0.1,"l":-9007199254740993})");
  EXPECT_EQ(
      record(schema, {Value::doubleValue(1e10), Value::floatValue(2.0f), Value::longValue(0)}),
      R"({"d":1.0E10,"f":2.0,"l":0})");
  // Jackson quotes the numbers JSON has no literal for.
  EXPECT_EQ(record(schema, {Value::doubleValue(std::numeric_limits<double>::quiet_NaN()),
                            Value::floatValue(-std::numeric_limits<float>::infinity()),
                            Value::null(DataType::longType())}),
            R"({"d":"NaN","f":"-Infinity"})");
}

TEST(JsonWriterTest, DecimalsKeepTheirScale) {
  std::vector<StructField> schema = {field("m", DataType::decimal(10, 2)),
                                     field("tiny", DataType::decimal(20, 10))};
  EXPECT_EQ(record(schema, {Value::decimal(-10, 10, 2), Value::decimal(5, 20, 10)}),
            R"({"m":-0.10,"tiny":5E-10})");
}

TEST(JsonWriterTest, DatesAndTimestampsAsSparkWritesThem) {
  std::vector<StructField> schema = {field("d", DataType::date()),
                                     field("t", DataType::timestamp()),
                                     field("n", DataType::timestampNtz())};
  std::vector<Value> values = {Value::date(19723), Value::timestamp(kMorning + 1500),
                               Value::timestampNtz(kMorning)};
  EXPECT_EQ(record(schema, values),
            R"({"d":"2024-01-01","t":"2024-01-01T10:00:00.001Z","n":"2024-01-01T10:00:00.000"})");
  std::shared_ptr<const TimeZone> paris = TimeZone::find("Europe/Paris");
  JsonWriteOptions options;
  options.time_zone = paris.get();
  EXPECT_EQ(
      record(schema, values, options),
      R"({"d":"2024-01-01","t":"2024-01-01T11:00:00.001+01:00","n":"2024-01-01T10:00:00.000"})");
}

TEST(JsonWriterTest, BinaryIsBase64) {
  std::vector<StructField> schema = {field("b", DataType::binary())};
  EXPECT_EQ(record(schema, {Value::binary("hi")}), R"({"b":"aGk="})");
  EXPECT_EQ(record(schema, {Value::binary("abc")}), R"({"b":"YWJj"})");
  EXPECT_EQ(record(schema, {Value::binary(std::string("\xff\x00", 2))}), R"({"b":"/wA="})");
}

TEST(JsonWriterTest, NestedTypes) {
  DataType point =
      DataType::structOf({field("x", DataType::intType()), field("label", DataType::string())});
  DataType tags = DataType::map(DataType::string(), DataType::intType());
  DataType entry =
      DataType::structOf({field("key", DataType::string()), field("value", DataType::intType())});
  std::vector<StructField> schema = {field("list", DataType::array(DataType::intType())),
                                     field("tags", tags), field("point", point)};
  std::vector<Value> values = {
      Value::nested(DataType::array(DataType::intType()),
                    {Value::intValue(1), Value::null(DataType::intType()), Value::intValue(3)}),
      Value::nested(tags,
                    {Value::nested(entry, {Value::string("a"), Value::intValue(1)}),
                     Value::nested(entry, {Value::string("b"), Value::null(DataType::intType())})}),
      Value::nested(point, {Value::intValue(7), Value::null(DataType::string())})};
  // A NULL array element or map value stays; a NULL struct field is left out.
  EXPECT_EQ(record(schema, values),
            R"({"list":[1,null,3],"tags":{"a":1,"b":null},"point":{"x":7}})");
}

// Timestamps keep milliseconds, as Spark's default timestampFormat writes them.
TEST(JsonWriterTest, FilesReadBackToTheSameValues) {
  DataType point =
      DataType::structOf({field("x", DataType::intType()), field("label", DataType::string())});
  std::vector<StructField> schema = {field("id", DataType::longType()),
                                     field("name", DataType::string()),
                                     field("price", DataType::decimal(12, 3)),
                                     field("ratio", DataType::doubleType()),
                                     field("day", DataType::date()),
                                     field("at", DataType::timestamp()),
                                     field("ok", DataType::boolean()),
                                     field("scores", DataType::array(DataType::longType())),
                                     field("point", point)};
  std::vector<std::vector<Value>> rows = {
      {Value::longValue(1), Value::string("quote \" and \\ and \n"), Value::decimal(123456, 12, 3),
       Value::doubleValue(0.25), Value::date(19723), Value::timestamp(kMorning),
       Value::boolean(true),
       Value::nested(DataType::array(DataType::longType()), {Value::longValue(5)}),
       Value::nested(point, {Value::intValue(1), Value::string("p")})},
      {Value::longValue(2), Value::null(DataType::string()), Value::null(DataType::decimal(12, 3)),
       Value::doubleValue(-1e-7), Value::null(DataType::date()), Value::timestamp(kMorning + 7000),
       Value::boolean(false), Value::null(DataType::array(DataType::longType())),
       Value::nested(point, {Value::null(DataType::intType()), Value::string("q")})}};
  Batch batch;
  for (const StructField& column : schema)
    batch.columns.emplace_back(column.type, rows.size());
  for (size_t row = 0; row < rows.size(); ++row) {
    for (size_t column = 0; column < schema.size(); ++column)
      batch.columns[column].setValue(row, rows[row][column]);
  }
  batch.num_rows = rows.size();

  fs::path path = fs::temp_directory_path() / "sluice_json_writer_test.json";
  JsonWriter writer(path.string(), schema);
  writer.write(batch);
  writer.close();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove(path);

  JsonOptions options;
  options.rescued_data_column.clear();
  JsonReader reader(path.string(), text.str(), schema, options);
  Batch read;
  ASSERT_TRUE(reader.next(read));
  ASSERT_EQ(read.num_rows, rows.size());
  for (size_t row = 0; row < rows.size(); ++row) {
    for (size_t column = 0; column < schema.size(); ++column) {
      EXPECT_EQ(read.columns[column].getValue(row), rows[row][column])
          << "row " << row << ", column " << schema[column].name;
    }
  }
}

}  // namespace
}  // namespace sluice::json
