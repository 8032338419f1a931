// test/unit/storage/json_reader_test.cpp
//
// JsonReader: every type (nested and NULL too) converted with Spark's JSON rules, type
// mismatches and unknown fields in the rescued data column, malformed records in each parse
// mode with the exact file:line of FAILFAST, multiLine objects and arrays, CRLF and blank
// lines, and batches split at batch_size.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "storage/json/json_reader.hpp"

namespace sluice::json {
namespace {

constexpr const char* kPath = "/data/e.json";

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

//! A compact, exact rendering of a value: NULL, numbers as fmt prints them, strings bare,
//! STRUCT as {name: value, ...}, ARRAY as [a, b], MAP as {key -> value}.
std::string render(const Value& value) {
  if (value.isNull())
    return "NULL";
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return value.getBoolean() ? "true" : "false";
    case TypeId::kFloat:
      return fmt::format("{}", value.getFloat());
    case TypeId::kDouble:
      return fmt::format("{}", value.getDouble());
    case TypeId::kDecimal: {
      int128_t unscaled = value.getDecimalUnscaled();
      bool negative = unscaled < 0;
      std::string digits;
      for (int128_t rest = negative ? -unscaled : unscaled; rest > 0 || digits.empty();
           rest /= 10) {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(rest % 10)));
      }
      while (static_cast<int>(digits.size()) <= type.scale())
        digits.insert(digits.begin(), '0');
      if (type.scale() > 0)
        digits.insert(digits.end() - type.scale(), '.');
      return (negative ? "-" : "") + digits;
    }
    case TypeId::kString:
    case TypeId::kBinary:
      return value.getString();
    case TypeId::kStruct: {
      std::string out = "{";
      for (size_t index = 0; index < value.children().size(); ++index) {
        if (index > 0)
          out += ", ";
        out += type.fields()[index].name + ": " + render(value.children()[index]);
      }
      return out + "}";
    }
    case TypeId::kArray: {
      std::string out = "[";
      for (size_t index = 0; index < value.children().size(); ++index) {
        if (index > 0)
          out += ", ";
        out += render(value.children()[index]);
      }
      return out + "]";
    }
    case TypeId::kMap: {
      std::string out = "{";
      for (size_t index = 0; index < value.children().size(); ++index) {
        if (index > 0)
          out += ", ";
        const Value& entry = value.children()[index];
        out += render(entry.children()[0]) + " -> " + render(entry.children()[1]);
      }
      return out + "}";
    }
    default:
      return fmt::format("{}", value.getInt64());
  }
}

struct ReadResult {
  std::vector<std::vector<Value>> rows;
  std::vector<idx_t> batch_sizes;

  //! Column `column` of every row, rendered.
  std::vector<std::string> column(size_t column) const {
    std::vector<std::string> out;
    for (const auto& row : rows)
      out.push_back(render(row[column]));
    return out;
  }
};

ReadResult readAll(std::string text, std::vector<StructField> schema, JsonOptions options = {}) {
  JsonReader reader(kPath, std::move(text), schema, options);
  ReadResult result;
  Batch batch;
  while (reader.next(batch)) {
    size_t expected_columns = schema.size() + (options.rescued_data_column.empty() ? 0 : 1);
    EXPECT_EQ(batch.columns.size(), expected_columns);
    result.batch_sizes.push_back(batch.num_rows);
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      std::vector<Value> values;
      for (const Vector& column : batch.columns)
        values.push_back(column.getValue(row));
      result.rows.push_back(std::move(values));
    }
  }
  EXPECT_FALSE(reader.next(batch));  // stays at the end
  return result;
}

JsonOptions withMode(ParseMode mode) {
  JsonOptions options;
  options.mode = mode;
  return options;
}

//! Reads and expects FAILFAST's error; returns it for more checks.
Error readError(std::string text, std::vector<StructField> schema, JsonOptions options) {
  try {
    readAll(std::move(text), std::move(schema), options);
  } catch (const Error& error) {
    return error;
  }
  ADD_FAILURE() << "no error raised";
  return Error(ErrorClass::INTERNAL_ERROR, "none");
}

void expectMalformedAt(const Error& error, uint32_t line, uint32_t column) {
  EXPECT_EQ(error.errorClass(), ErrorClass::MALFORMED_RECORD_IN_PARSING) << error.what();
  EXPECT_EQ(error.subClass(), "WITHOUT_SUGGESTION");
  ASSERT_TRUE(error.location().has_value()) << error.what();
  EXPECT_EQ(error.location()->source_name, kPath);
  EXPECT_EQ(error.location()->line, line) << error.what();
  EXPECT_EQ(error.location()->column, column) << error.what();
}

constexpr int32_t kDays20240104 = 19726;

// ---- Types ----

TEST(JsonReaderTest, ReadsEveryScalarType) {
  std::vector<StructField> schema = {
      field("bool", DataType::boolean()),       field("i8", DataType::byteType()),
      field("i16", DataType::shortType()),      field("i32", DataType::intType()),
      field("i64", DataType::longType()),       field("f32", DataType::floatType()),
      field("f64", DataType::doubleType()),     field("d", DataType::decimal(10, 2)),
      field("wide", DataType::decimal(38, 10)), field("s", DataType::string()),
      field("bin", DataType::binary()),         field("day", DataType::date()),
      field("ts", DataType::timestamp()),       field("ntz", DataType::timestampNtz()),
  };
  std::string text =
      R"({"bool":true,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,)"
      R"("f32":1.5,"f64":741.21,"d":12.345,"wide":"-1234567890123456789012345678.0123456789",)"
      R"("s":"checkout","bin":"aGVsbG8=","day":"2024-02-29","ts":"2024-01-04T00:26:03.062Z",)"
      R"("ntz":"2024-01-04 10:00:00"})"
      "\n"
      R"({"bool":false,"i8":0,"i16":-1,"i32":7,"i64":-9223372036854775808,"f32":-2,)"
      R"("f64":"-Infinity","d":"1,234.5","wide":1e2,"s":"tab\tand \u00e9 \"q\"","bin":"",)"
      R"("day":"2024-01-04T23:59:59","ts":1700000000,"ntz":"2024-01-04"})"
      "\n"
      R"({"bool":null,"i8":null,"i16":null,"i32":null,"i64":null,"f32":null,"f64":null,)"
      R"("d":null,"wide":null,"s":null,"bin":null,"day":null,"ts":null,"ntz":null})"
      "\n"
      "{}\n";
  ReadResult result = readAll(text, schema);
  ASSERT_EQ(result.rows.size(), 4u);
  const auto& first = result.rows[0];
  EXPECT_EQ(first[0], Value::boolean(true));
  EXPECT_EQ(first[1], Value::byteValue(-128));
  EXPECT_EQ(first[2], Value::shortValue(32767));
  EXPECT_EQ(first[3], Value::intValue(INT32_MIN));
  EXPECT_EQ(first[4], Value::longValue(INT64_MAX));
  EXPECT_EQ(first[5], Value::floatValue(1.5f));
  EXPECT_EQ(first[6], Value::doubleValue(741.21));
  EXPECT_EQ(first[7], Value::decimal(1235, 10, 2));  // 12.345 rounds HALF_UP
  EXPECT_EQ(render(first[8]), "-1234567890123456789012345678.0123456789");
  EXPECT_EQ(first[9], Value::string("checkout"));
  EXPECT_EQ(first[10], Value::binary("hello"));
  EXPECT_EQ(first[11], Value::date(19782));
  EXPECT_EQ(first[12], Value::timestamp((int64_t{kDays20240104} * kSecondsPerDay + 26 * 60 + 3) *
                                            kMicrosPerSecond +
                                        62000));
  EXPECT_EQ(first[13], Value::timestampNtz((int64_t{kDays20240104} * kSecondsPerDay + 36000) *
                                           kMicrosPerSecond));

  const auto& second = result.rows[1];
  EXPECT_EQ(second[0], Value::boolean(false));
  EXPECT_EQ(second[5], Value::floatValue(-2.0f));
  EXPECT_EQ(second[6], Value::doubleValue(-std::numeric_limits<double>::infinity()));
  EXPECT_EQ(second[7], Value::decimal(123450, 10, 2));
  EXPECT_EQ(render(second[8]), "100.0000000000");
  EXPECT_EQ(second[9], Value::string("tab\tand \xC3\xA9 \"q\""));
  EXPECT_EQ(second[10], Value::binary(""));
  EXPECT_EQ(second[11], Value::date(kDays20240104));
  EXPECT_EQ(second[12], Value::timestamp(1700000000 * kMicrosPerSecond));
  EXPECT_EQ(second[13],
            Value::timestampNtz(int64_t{kDays20240104} * kSecondsPerDay * kMicrosPerSecond));

  for (size_t row = 2; row < 4; ++row) {
    for (size_t column = 0; column < schema.size(); ++column) {
      EXPECT_TRUE(result.rows[row][column].isNull()) << row << " " << schema[column].name;
    }
    EXPECT_TRUE(result.rows[row].back().isNull());  // nothing rescued
  }
}

TEST(JsonReaderTest, ReadsFloatingPointSpecialsAndExtremes) {
  std::vector<StructField> schema = {field("f", DataType::floatType()),
                                     field("d", DataType::doubleType())};
  ReadResult result = readAll(
      "{\"f\":\"NaN\",\"d\":\"Infinity\"}\n"
      "{\"f\":\"+INF\",\"d\":NaN}\n"
      "{\"f\":1e40,\"d\":1e400}\n"
      "{\"f\":-1e-50,\"d\":12345678901234567890123}\n"
      "{\"f\":-Infinity,\"d\":\"-INF\"}\n",
      schema);
  ASSERT_EQ(result.rows.size(), 5u);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(std::isnan(result.rows[0][0].getFloat()));
  EXPECT_EQ(result.rows[0][1].getDouble(), kInf);
  EXPECT_EQ(result.rows[1][0].getFloat(), static_cast<float>(kInf));
  EXPECT_TRUE(std::isnan(result.rows[1][1].getDouble()));
  EXPECT_EQ(result.rows[2][0].getFloat(), static_cast<float>(kInf));
  EXPECT_EQ(result.rows[2][1].getDouble(), kInf);
  EXPECT_EQ(result.rows[3][0].getFloat(), -0.0f);
  EXPECT_TRUE(std::signbit(result.rows[3][0].getFloat()));
  EXPECT_EQ(result.rows[3][1].getDouble(), 1.2345678901234568e22);
  EXPECT_EQ(result.rows[4][0].getFloat(), static_cast<float>(-kInf));
  EXPECT_EQ(result.rows[4][1].getDouble(), -kInf);
}

TEST(JsonReaderTest, ReadsStringsFromAnyValueAsJsonText) {
  std::vector<StructField> schema = {field("s", DataType::string())};
  ReadResult result = readAll(
      "{\"s\": 12.50}\n"
      "{\"s\": -7}\n"
      "{\"s\": true}\n"
      "{\"s\": { \"a\" : [1, 2.0, \"x\\u0041\"], \"b\": {} } }\n"
      "{\"s\": [ ]}\n"
      "{\"s\": null}\n"
      "{\"s\": \"\"}\n"
      "{\"s\": \"a string longer than twelve bytes\"}\n",
      schema);
  EXPECT_EQ(result.column(0),
            (std::vector<std::string>{"12.50", "-7", "true", R"({"a":[1,2.0,"xA"],"b":{}})", "[]",
                                      "NULL", "", "a string longer than twelve bytes"}));
}

TEST(JsonReaderTest, ReadsNestedStructsArraysAndMaps) {
  DataType item =
      DataType::structOf({field("x", DataType::string()), field("n", DataType::intType())});
  std::vector<StructField> schema = {
      field("st", DataType::structOf(
                      {field("a", DataType::intType()), field("items", DataType::array(item))})),
      field("grid", DataType::array(DataType::array(DataType::longType()))),
      field("m", DataType::map(DataType::string(), DataType::array(DataType::intType()))),
  };
  ReadResult result = readAll(
      R"({"st":{"a":1,"items":[{"x":"p","n":2},null,{"n":3,"x":"q","extra":{"deep":[1]}}]},)"
      R"("grid":[[1,2],[],null,[3]],"m":{"k1":[1,null],"k2":null,"k1":[]}})"
      "\n"
      R"({"st":{"items":[]},"grid":[],"m":{}})"
      "\n"
      R"({"st":null,"grid":null,"m":null})"
      "\n"
      R"({"st":{"a":5}})"
      "\n",
      schema, JsonOptions{});
  ASSERT_EQ(result.rows.size(), 4u);
  EXPECT_EQ(result.column(0),
            (std::vector<std::string>{"{a: 1, items: [{x: p, n: 2}, NULL, {x: q, n: 3}]}",
                                      "{a: NULL, items: []}", "NULL", "{a: 5, items: NULL}"}));
  EXPECT_EQ(result.column(1),
            (std::vector<std::string>{"[[1, 2], [], NULL, [3]]", "[]", "NULL", "NULL"}));
  EXPECT_EQ(result.column(2), (std::vector<std::string>{"{k1 -> [1, NULL], k2 -> NULL, k1 -> []}",
                                                        "{}", "NULL", "NULL"}));
  EXPECT_EQ(result.column(3), (std::vector<std::string>{"NULL", "NULL", "NULL", "NULL"}));
}

TEST(JsonReaderTest, MatchesNamesExactlyAndLastDuplicateWins) {
  std::vector<StructField> schema = {field("id", DataType::longType()),
                                     field("a\"b", DataType::longType())};
  ReadResult result = readAll(
      "{\"id\":1,\"id\":2}\n"
      "{\"\\u0069d\":3,\"a\\\"b\":4}\n"
      "{\"ID\":5,\"id\":6}\n",
      schema);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"2", "3", "6"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"NULL", "4", "NULL"}));
  EXPECT_EQ(result.column(2),
            (std::vector<std::string>{"NULL", "NULL", R"({"ID":5,"_file_path":"/data/e.json"})"}));
}

TEST(JsonReaderTest, FieldOrderMayChangeBetweenRecords) {
  std::vector<StructField> schema = {field("a", DataType::longType()),
                                     field("b", DataType::string()),
                                     field("c", DataType::boolean())};
  ReadResult result = readAll(
      "{\"a\":1,\"b\":\"x\",\"c\":true}\n"
      "{\"c\":false,\"a\":2}\n"
      "{\"b\":\"y\",\"zz\":0,\"a\":3,\"c\":true}\n"
      "{\"a\":4,\"b\":\"z\",\"c\":false}\n",
      schema);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"x", "NULL", "y", "z"}));
  EXPECT_EQ(result.column(2), (std::vector<std::string>{"true", "false", "true", "false"}));
}

TEST(JsonReaderTest, RejectsTypesJsonCannotHold) {
  std::vector<StructField> interval = {field("i", DataType::dayTimeInterval())};
  EXPECT_THROW(JsonReader(kPath, "", interval, {}), Error);
  std::vector<StructField> int_keys = {
      field("m", DataType::map(DataType::intType(), DataType::string()))};
  try {
    JsonReader reader(kPath, "", int_keys, {});
    ADD_FAILURE() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::UNSUPPORTED_DATATYPE);
  }
}

// ---- Rescued data ----

TEST(JsonReaderTest, RescuesMismatchedAndUnknownFields) {
  std::vector<StructField> schema = {
      field("id", DataType::longType()),
      field("amount", DataType::intType()),
      field("p", DataType::structOf({field("v", DataType::intType())})),
      field("tags", DataType::array(DataType::intType())),
  };
  ReadResult result =
      readAll(R"({"id":1,"amount":"abc","extra":1})"
              "\n"
              R"({"id":2,"amount":2147483648,"p":{"v":"x", "w" : [1, {"q": null}]},"tags":[1,"2"]})"
              "\n"
              R"({"id":3.5,"amount":7,"p":{"v":8},"tags":[9],"Amount":{"a":[true,false]}})"
              "\n"
              R"({"id":4,"amount":1,"p":[],"tags":{}})"
              "\n"
              R"({"id":5,"amount":true,"p":"s","tags":"t","x\ny":null})"
              "\n",
              schema);
  ASSERT_EQ(result.rows.size(), 5u);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "2", "NULL", "4", "5"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"NULL", "NULL", "7", "1", "NULL"}));
  EXPECT_EQ(result.column(2), (std::vector<std::string>{"NULL", "NULL", "{v: 8}", "NULL", "NULL"}));
  EXPECT_EQ(result.column(3), (std::vector<std::string>{"NULL", "NULL", "[9]", "NULL", "NULL"}));
  EXPECT_EQ(result.column(4),
            (std::vector<std::string>{
                R"({"amount":"abc","extra":1,"_file_path":"/data/e.json"})",
                R"({"amount":2147483648,"p":{"v":"x","w":[1,{"q":null}]},"tags":[1,"2"],)"
                R"("_file_path":"/data/e.json"})",
                R"({"id":3.5,"Amount":{"a":[true,false]},"_file_path":"/data/e.json"})",
                R"({"p":[],"tags":{},"_file_path":"/data/e.json"})",
                R"({"amount":true,"p":"s","tags":"t","x\ny":null,"_file_path":"/data/e.json"})",
            }));
}

TEST(JsonReaderTest, RescuesValuesOfEveryScalarType) {
  std::vector<StructField> schema = {
      field("b", DataType::boolean()),        field("d", DataType::decimal(3, 1)),
      field("day", DataType::date()),         field("ts", DataType::timestamp()),
      field("ntz", DataType::timestampNtz()), field("bin", DataType::binary()),
      field("f", DataType::doubleType()),     field("i8", DataType::byteType()),
  };
  ReadResult result =
      readAll(R"({"b":"true","d":123.4,"day":"2024-13-01","ts":1.5,"ntz":"2024-01-01T00:00:00Z",)"
              R"("bin":"abc","f":"1.5","i8":128})"
              "\n",
              schema);
  ASSERT_EQ(result.rows.size(), 1u);
  for (size_t column = 0; column < schema.size(); ++column) {
    EXPECT_TRUE(result.rows[0][column].isNull()) << schema[column].name;
  }
  EXPECT_EQ(render(result.rows[0].back()),
            R"({"b":"true","d":123.4,"day":"2024-13-01","ts":1.5,"ntz":"2024-01-01T00:00:00Z",)"
            R"("bin":"abc","f":"1.5","i8":128,"_file_path":"/data/e.json"})");
}

TEST(JsonReaderTest, WithoutARescuedColumnUnknownFieldsAreIgnored) {
  JsonOptions options;
  options.rescued_data_column = "";
  std::vector<StructField> schema = {field("a", DataType::intType())};
  ReadResult result = readAll("{\"a\":1,\"b\":2}\n{\"a\":\"x\"}\n", schema, options);
  ASSERT_EQ(result.rows.size(), 2u);
  EXPECT_EQ(result.rows[0].size(), 1u);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "NULL"}));
}

// ---- Malformed records and parse modes ----

//! Line 2: truncated; 4: invalid UTF-8; 5: a top-level array; 6: bad JSON inside a skipped
//! field; 7: text after the object; 8: a scalar.
const char* kMixedText =
    "{\"a\":1}\n"
    "{\"a\":\n"
    "\n"
    "{\"a\":\"\xFF\xC3\"}\n"
    "[1,2]\n"
    "{\"a\":3,\"zz\":[1,}\n"
    "{\"a\":4} {\"a\":5}\n"
    "\"text\"\n"
    "{\"a\":6}";

TEST(JsonReaderTest, PermissiveKeepsMalformedRecordsAsCorruptRecords) {
  std::vector<StructField> schema = {field("a", DataType::longType())};
  ReadResult result = readAll(kMixedText, schema, withMode(ParseMode::kPermissive));
  EXPECT_EQ(result.column(0),
            (std::vector<std::string>{"1", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "6"}));
  auto corrupt = [](std::string record) {
    return R"({"_corrupt_record":)" + record + R"(,"_file_path":"/data/e.json"})";
  };
  EXPECT_EQ(result.column(1), (std::vector<std::string>{
                                  "NULL",
                                  corrupt(R"("{\"a\":")"),
                                  corrupt("\"{\\\"a\\\":\\\"\xEF\xBF\xBD\xEF\xBF\xBD\\\"}\""),
                                  corrupt(R"("[1,2]")"),
                                  corrupt(R"("{\"a\":3,\"zz\":[1,}")"),
                                  corrupt(R"("{\"a\":4} {\"a\":5}")"),
                                  corrupt(R"("\"text\"")"),
                                  "NULL",
                              }));
}

TEST(JsonReaderTest, AValueThatDoesNotConvertMustStillBeValidJson) {
  // The rest of a value that failed to convert is checked when it is rescued.
  std::vector<StructField> schema = {
      field("p", DataType::structOf({field("v", DataType::intType())})),
      field("n", DataType::longType())};
  ReadResult result = readAll(
      "{\"p\":{\"v\":\"x\",\"w\":[1,}},\"n\":1}\n"
      "{\"p\":{\"v\":\"x\",\"w\":[1]},\"n\":2}\n",
      schema);
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"NULL", "2"}));
  EXPECT_EQ(
      result.column(2),
      (std::vector<std::string>{R"({"_corrupt_record":"{\"p\":{\"v\":\"x\",\"w\":[1,}},\"n\":1}",)"
                                R"("_file_path":"/data/e.json"})",
                                R"({"p":{"v":"x","w":[1]},"_file_path":"/data/e.json"})"}));
}

TEST(JsonReaderTest, PermissiveWithoutRescuedColumnGivesRowsOfNulls) {
  JsonOptions options;
  options.rescued_data_column = "";
  std::vector<StructField> schema = {
      field("a", DataType::longType()),
      field("s", DataType::structOf({field("x", DataType::intType())}))};
  ReadResult result =
      readAll("{\"a\":1,\"s\":{\"x\":1}}\n{\"a\":2,\"s\":{\"x\":tru}}\n", schema, options);
  ASSERT_EQ(result.rows.size(), 2u);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "NULL"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"{x: 1}", "NULL"}));
}

TEST(JsonReaderTest, DropMalformedSkipsMalformedRecordsAndMismatches) {
  std::vector<StructField> schema = {field("a", DataType::longType())};
  ReadResult result = readAll(kMixedText, schema, withMode(ParseMode::kDropMalformed));
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "6"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"NULL", "NULL"}));

  ReadResult mismatches = readAll("{\"a\":\"x\"}\n{\"a\":2,\"b\":1}\n{\"a\":1.5}\n", schema,
                                  withMode(ParseMode::kDropMalformed));
  EXPECT_EQ(mismatches.column(0), (std::vector<std::string>{"2"}));
  EXPECT_EQ(mismatches.column(1),
            (std::vector<std::string>{R"({"b":1,"_file_path":"/data/e.json"})"}));
}

TEST(JsonReaderTest, FailFastNamesTheLineOfEachKindOfMalformedRecord) {
  std::vector<StructField> schema = {field("a", DataType::longType())};
  JsonOptions options = withMode(ParseMode::kFailFast);
  // Bad JSON (a truncated line) at line 2.
  Error truncated = readError("{\"a\":1}\n{\"a\":\n{\"a\":2}\n", schema, options);
  expectMalformedAt(truncated, 2, 1);
  EXPECT_NE(truncated.message().find("the record is not valid JSON"), std::string::npos);
  EXPECT_NE(truncated.message().find("Parse Mode: FAILFAST"), std::string::npos);
  EXPECT_EQ(truncated.location()->line_text, "{\"a\":");
  // Invalid UTF-8 at line 3, column 8 (after blank line 2).
  Error utf8 = readError("{\"a\":1}\n\n{\"a\":\"x\xFF\"}\n", schema, options);
  expectMalformedAt(utf8, 3, 8);
  EXPECT_NE(utf8.message().find("not valid UTF-8"), std::string::npos);
  EXPECT_EQ(utf8.location()->line_text, "{\"a\":\"x\xEF\xBF\xBD\"}");
  // A top-level array at line 4.
  Error array = readError("{\"a\":1}\r\n{\"a\":2}\r\n\r\n  [{\"a\":3}]\r\n", schema, options);
  expectMalformedAt(array, 4, 3);
  EXPECT_NE(array.message().find("not a JSON object"), std::string::npos);
  EXPECT_EQ(array.location()->line_text, "  [{\"a\":3}]");
  // Malformed JSON inside a field the schema does not have, at line 1.
  Error skipped = readError("{\"a\":1,\"b\":[1,}\n", schema, options);
  expectMalformedAt(skipped, 1, 1);
  // Text after the object at line 2.
  Error trailing = readError("\n{\"a\":1}}\n", schema, options);
  expectMalformedAt(trailing, 2, 1);
  // The report names file:line.
  EXPECT_NE(std::string(trailing.what()).find("/data/e.json:2:1"), std::string::npos)
      << trailing.what();
}

TEST(JsonReaderTest, FailFastNamesTheFieldThatDoesNotConvert) {
  std::vector<StructField> schema = {
      field("id", DataType::longType()),
      field("p", DataType::structOf({field("v", DataType::intType())})),
  };
  JsonOptions options = withMode(ParseMode::kFailFast);
  Error scalar = readError("{\"id\":1}\n{\"id\": \"abc\"}\n", schema, options);
  expectMalformedAt(scalar, 2, 8);
  EXPECT_NE(scalar.message().find("cannot parse the field name 'id' and the value \"abc\" of the "
                                  "JSON token type VALUE_STRING to target Spark data type "
                                  "\"BIGINT\""),
            std::string::npos)
      << scalar.message();
  Error nested = readError("{\"id\":1,\"p\":{\"v\":1.5}}\n", schema, options);
  expectMalformedAt(nested, 1, 18);
  EXPECT_NE(nested.message().find("'p.v' and the value 1.5 of the JSON token type "
                                  "VALUE_NUMBER_FLOAT to target Spark data type \"INT\""),
            std::string::npos)
      << nested.message();
  // Unknown fields are rescued, never an error.
  ReadResult rescued = readAll("{\"id\":1,\"other\":2}\n", schema, options);
  EXPECT_EQ(rescued.column(2),
            (std::vector<std::string>{R"({"other":2,"_file_path":"/data/e.json"})"}));
}

// ---- multiLine ----

TEST(JsonReaderTest, MultiLineReadsOneObject) {
  JsonOptions options;
  options.multi_line = true;
  std::vector<StructField> schema = {field("a", DataType::longType()),
                                     field("b", DataType::array(DataType::string()))};
  ReadResult result =
      readAll("\n  {\n  \"a\": 1,\n  \"b\": [\"x\",\n \"y\"]\n}\n\n", schema, options);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"[x, y]"}));
  EXPECT_EQ(result.column(2), (std::vector<std::string>{"NULL"}));
  // A byte order mark before the document is skipped.
  EXPECT_EQ(readAll("\xEF\xBB\xBF [{\"a\":5}]", schema, options).column(0),
            (std::vector<std::string>{"5"}));
}

TEST(JsonReaderTest, MultiLineReadsAnArrayOfObjects) {
  JsonOptions options;
  options.multi_line = true;
  std::vector<StructField> schema = {field("a", DataType::longType())};
  std::string text =
      "[\n"
      "  {\"a\": 1},\n"
      "  {\"a\": 2, \"b\": [1,\n 2]},\n"
      "  7,\n"
      "  {\"a\": \"x\"}, {\n"
      "    \"a\": 4}\n"
      "]\n";
  ReadResult result = readAll(text, schema, options);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "2", "NULL", "NULL", "4"}));
  EXPECT_EQ(result.column(1),
            (std::vector<std::string>{"NULL", R"({"b":[1,2],"_file_path":"/data/e.json"})",
                                      R"({"_corrupt_record":"7","_file_path":"/data/e.json"})",
                                      R"({"a":"x","_file_path":"/data/e.json"})", "NULL"}));

  // FAILFAST names the line where the offending record starts.
  JsonOptions fail_fast = withMode(ParseMode::kFailFast);
  fail_fast.multi_line = true;
  Error not_object = readError(text, schema, fail_fast);
  expectMalformedAt(not_object, 5, 3);
  EXPECT_NE(not_object.message().find("not a JSON object"), std::string::npos);
  Error mismatch = readError("[{\"a\":1},\n\n {\"b\":1,\n  \"a\":true}]", schema, fail_fast);
  expectMalformedAt(mismatch, 4, 7);
  EXPECT_EQ(mismatch.location()->line_text, "  \"a\":true}]");

  JsonOptions drop = withMode(ParseMode::kDropMalformed);
  drop.multi_line = true;
  EXPECT_EQ(readAll(text, schema, drop).column(0), (std::vector<std::string>{"1", "2", "4"}));
}

TEST(JsonReaderTest, MultiLineInvalidDocumentIsOneCorruptRecord) {
  JsonOptions options;
  options.multi_line = true;
  std::vector<StructField> schema = {field("a", DataType::longType())};
  std::string text = "[{\"a\":1},\n {\"a\":2,}]\n";
  ReadResult result = readAll(text, schema, options);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"NULL"}));
  EXPECT_EQ(result.column(1),
            (std::vector<std::string>{
                R"({"_corrupt_record":"[{\"a\":1},\n {\"a\":2,}]","_file_path":"/data/e.json"})"}));

  JsonOptions fail_fast = options;
  fail_fast.mode = ParseMode::kFailFast;
  expectMalformedAt(readError("\n\n" + text, schema, fail_fast), 3, 1);

  // Empty arrays and blank files have no records.
  EXPECT_TRUE(readAll("[ ]", schema, options).rows.empty());
  EXPECT_TRUE(readAll(" \n ", schema, options).rows.empty());
  // A top-level scalar is one malformed record.
  EXPECT_EQ(readAll("42", schema, options).column(1),
            (std::vector<std::string>{R"({"_corrupt_record":"42","_file_path":"/data/e.json"})"}));
}

// ---- Lines ----

TEST(JsonReaderTest, SkipsBlankLinesAndToleratesCrLf) {
  std::vector<StructField> schema = {field("a", DataType::longType()),
                                     field("s", DataType::string())};
  std::string text = "\xEF\xBB\xBF{\"a\":1,\"s\":\"x\"}\r\n\r\n  \t \n{\"a\":2,\"s\":\"y\"}\r\n\n";
  ReadResult result = readAll(text, schema);
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(result.column(1), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(result.column(2), (std::vector<std::string>{"NULL", "NULL"}));
  // A corrupt record loses its "\r" too.
  EXPECT_EQ(
      readAll("{\"a\":\r\n", schema).column(2),
      (std::vector<std::string>{R"({"_corrupt_record":"{\"a\":","_file_path":"/data/e.json"})"}));
  EXPECT_TRUE(readAll("", schema).rows.empty());
  EXPECT_TRUE(readAll("\n\r\n \n", schema).rows.empty());
}

TEST(JsonReaderTest, ReadsTextWithAndWithoutSparePadding) {
  std::vector<StructField> schema = {field("a", DataType::longType())};
  std::string exact = "{\"a\":1}\n{\"a\":2}";
  exact.shrink_to_fit();
  EXPECT_EQ(readAll(exact, schema).column(0), (std::vector<std::string>{"1", "2"}));
  std::string spare = "{\"a\":3}";
  spare.reserve(spare.size() + 64);
  EXPECT_EQ(readAll(spare, schema).column(0), (std::vector<std::string>{"3"}));
}

TEST(JsonReaderTest, SplitsBatchesAtBatchSize) {
  std::vector<StructField> schema = {field("n", DataType::longType()),
                                     field("list", DataType::array(DataType::longType())),
                                     field("s", DataType::string())};
  std::string text;
  for (int record = 0; record < 5000; ++record) {
    text += fmt::format("{{\"n\":{},\"list\":[{},{}],\"s\":\"value number {}\"}}\n", record, record,
                        -record, record);
  }
  JsonOptions options;
  options.batch_size = 2048;
  ReadResult result = readAll(text, schema, options);
  EXPECT_EQ(result.batch_sizes, (std::vector<idx_t>{2048, 2048, 904}));
  ASSERT_EQ(result.rows.size(), 5000u);
  for (int record = 0; record < 5000; ++record) {
    ASSERT_EQ(result.rows[record][0], Value::longValue(record));
    ASSERT_EQ(render(result.rows[record][1]), fmt::format("[{}, {}]", record, -record));
    ASSERT_EQ(result.rows[record][2], Value::string(fmt::format("value number {}", record)));
  }
  // Exactly one batch, and one more row than a batch.
  options.batch_size = 2500;
  EXPECT_EQ(readAll(text, schema, options).batch_sizes, (std::vector<idx_t>{2500, 2500}));
  options.batch_size = 4999;
  EXPECT_EQ(readAll(text, schema, options).batch_sizes, (std::vector<idx_t>{4999, 1}));
}

TEST(JsonReaderTest, DroppedRecordsDoNotLeaveStaleValues) {
  std::vector<StructField> schema = {
      field("a", DataType::longType()),
      field("l", DataType::array(DataType::structOf({field("x", DataType::intType())}))),
  };
  JsonOptions options = withMode(ParseMode::kDropMalformed);
  options.batch_size = 2;
  ReadResult result = readAll(
      "{\"a\":1,\"l\":[{\"x\":1},{\"x\":\"bad\"}]}\n"
      "{\"l\":[{\"x\":2}]}\n"
      "{\"a\":3,\"l\":[{\"x\":3},{}]}\n"
      "{\"a\":4,\"l\":[{\"x\":4}], \"b\":[}\n"
      "{\"a\":5}\n",
      schema, options);
  EXPECT_EQ(result.batch_sizes, (std::vector<idx_t>{2, 1}));
  EXPECT_EQ(result.column(0), (std::vector<std::string>{"NULL", "3", "5"}));
  EXPECT_EQ(result.column(1),
            (std::vector<std::string>{"[{x: 2}]", "[{x: 3}, {x: NULL}]", "NULL"}));
}

}  // namespace
}  // namespace sluice::json
