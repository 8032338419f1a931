// test/unit/storage/csv_reader_test.cpp
//
// Reading CSV into batches: every type and NULLs, quoting, multi-line, headers, CRLF, too few
// and too many fields, each parse mode (rescued data, dropped records, errors naming
// file:line:column), invalid UTF-8, datetime options and batch boundaries.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "storage/csv/csv_reader.hpp"

namespace sluice::csv {
namespace {

constexpr std::string_view kPath = "/data/f.csv";

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

std::string render(const Vector& vector, idx_t row) {
  if (vector.isNull(row))
    return "NULL";
  const DataType& type = vector.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return vector.at<uint8_t>(row) ? "true" : "false";
    case TypeId::kByte:
      return std::to_string(vector.at<int8_t>(row));
    case TypeId::kShort:
      return std::to_string(vector.at<int16_t>(row));
    case TypeId::kInt:
      return std::to_string(vector.at<int32_t>(row));
    case TypeId::kLong:
      return std::to_string(vector.at<int64_t>(row));
    case TypeId::kFloat:
      return formatFloat(vector.at<float>(row));
    case TypeId::kDouble:
      return formatDouble(vector.at<double>(row));
    case TypeId::kDecimal:
      return formatDecimal(
          type.isWideDecimal() ? vector.at<int128_t>(row) : vector.at<int64_t>(row), type.scale());
    case TypeId::kString:
    case TypeId::kBinary:
      return vector.at<StringView>(row).str();
    case TypeId::kDate:
      return formatDate(vector.at<int32_t>(row));
    case TypeId::kTimestamp:
      return formatTimestamp(vector.at<int64_t>(row), TimeZone::utc());
    case TypeId::kTimestampNtz:
      return formatTimestampNtz(vector.at<int64_t>(row));
    default:
      return "?";
  }
}

using Rows = std::vector<std::vector<std::string>>;

struct ReadResult {
  Rows rows;
  std::vector<idx_t> batch_sizes;
};

ReadResult readAll(std::string text, std::vector<StructField> schema, CsvOptions options = {}) {
  size_t columns = schema.size() + (options.rescued_data_column.empty() ? 0 : 1);
  CsvReader reader(std::string(kPath), std::move(text), std::move(schema), std::move(options));
  ReadResult result;
  Batch batch;
  while (reader.next(batch)) {
    EXPECT_EQ(batch.columns.size(), columns);
    result.batch_sizes.push_back(batch.num_rows);
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      std::vector<std::string> values;
      for (const Vector& column : batch.columns)
        values.push_back(render(column, row));
      result.rows.push_back(std::move(values));
    }
  }
  EXPECT_FALSE(reader.next(batch));
  return result;
}

std::vector<StructField> strings(int count) {
  std::vector<StructField> schema;
  for (int i = 0; i < count; ++i)
    schema.push_back(field("s" + std::to_string(i), DataType::string()));
  return schema;
}

CsvOptions noRescue() {
  CsvOptions options;
  options.rescued_data_column.clear();
  return options;
}

// The error reading `text` raises; fails the test when it reads.
Error readError(std::string text, std::vector<StructField> schema, CsvOptions options) {
  try {
    readAll(std::move(text), std::move(schema), std::move(options));
  } catch (const Error& error) {
    return error;
  }
  ADD_FAILURE() << "no error";
  return Error(ErrorClass::INTERNAL_ERROR, "none");
}

TEST(CsvReaderTest, ReadsEveryType) {
  std::vector<StructField> schema = {
      field("b", DataType::boolean()),         field("t", DataType::byteType()),
      field("s", DataType::shortType()),       field("i", DataType::intType()),
      field("l", DataType::longType()),        field("f", DataType::floatType()),
      field("d", DataType::doubleType()),      field("dec", DataType::decimal(10, 2)),
      field("wide", DataType::decimal(25, 3)), field("str", DataType::string()),
      field("dt", DataType::date()),           field("ts", DataType::timestamp()),
      field("ntz", DataType::timestampNtz()),  field("v", DataType::voidType()),
      field("bin", DataType::binary())};
  std::string text =
      "TRUE,-128,32767,-2147483648,9223372036854775807,1.5,-2.5e-3,\"1,234.565\","
      "1234567890123456789012.5,hello,2024-02-29,2024-02-29 13:45:01.5,2024-02-29T13:45,x,raw\n"
      ",,,,,,,,,,,,,,\n";
  ReadResult result = readAll(text, schema, noRescue());
  ASSERT_EQ(result.rows.size(), 2u);
  EXPECT_EQ(result.rows[0],
            (std::vector<std::string>{"true", "-128", "32767", "-2147483648", "9223372036854775807",
                                      "1.5", "-0.0025", "1234.57", "1234567890123456789012.500",
                                      "hello", "2024-02-29", "2024-02-29 13:45:01.5",
                                      "2024-02-29 13:45:00", "NULL", "raw"}));
  EXPECT_EQ(result.rows[1], std::vector<std::string>(15, "NULL"));
}

TEST(CsvReaderTest, UsesJavaNumberGrammars) {
  std::vector<StructField> schema = {field("i", DataType::intType()),
                                     field("d", DataType::doubleType()),
                                     field("b", DataType::boolean())};
  Rows rows = readAll(
                  "+7,NaN,false\n"
                  " 7,Inf,true\n"
                  "1.5,-Inf,yes\n"
                  "2147483648,Infinity,1\n"
                  "0x10,inf,t\n"
                  "007, 2.5 ,FALSE\n",
                  schema, noRescue())
                  .rows;
  EXPECT_EQ(rows, (Rows{{"7", "NaN", "false"},
                        {"NULL", "Infinity", "true"},
                        {"NULL", "-Infinity", "NULL"},
                        {"NULL", "Infinity", "NULL"},
                        {"NULL", "NULL", "NULL"},
                        {"7", "2.5", "false"}}));
  Rows decimals = readAll("1.005\n 1\n123456789.1\n-0.5\n1e2\n",
                          {field("d", DataType::decimal(10, 2))}, noRescue())
                      .rows;
  EXPECT_EQ(decimals, (Rows{{"1.01"}, {"NULL"}, {"NULL"}, {"-0.50"}, {"100.00"}}));
}

TEST(CsvReaderTest, NullValues) {
  // Default: empty fields are NULL, quoted or not (nullValue is "").
  EXPECT_EQ(readAll("a,,\"\",\" \"\n", strings(4), noRescue()).rows,
            (Rows{{"a", "NULL", "NULL", " "}}));
  CsvOptions options = noRescue();
  options.null_value = "NA";
  // With another nullValue, an empty unquoted field is still NULL but "" is the empty string;
  // the null text is NULL quoted or not.
  EXPECT_EQ(readAll("NA,\"NA\",,\"\",na\n", strings(5), options).rows,
            (Rows{{"NULL", "NULL", "NULL", "", "na"}}));
  std::vector<StructField> ints = {field("i", DataType::intType()),
                                   field("j", DataType::intType())};
  EXPECT_EQ(readAll("NA,1\n", ints, options).rows, (Rows{{"NULL", "1"}}));
}

TEST(CsvReaderTest, QuotingAndEscaping) {
  Rows rows = readAll(
                  "\"a,b\",\"say \\\"hi\\\"\",\"x\"\"y\"\n"
                  "\"back\\\\slash\",'single',\"ab\"cd\n"
                  " lead , trail ,\"\"\"\"\n",
                  strings(3), noRescue())
                  .rows;
  EXPECT_EQ(rows, (Rows{{"a,b", "say \"hi\"", "x\"y"},
                        {"back\\slash", "'single'", "\"ab\"cd"},
                        {" lead ", " trail ", "\""}}));
}

TEST(CsvReaderTest, MultiLineOnAndOff) {
  std::string text = "1,\"two\nlines\"\n2,b\n";
  std::vector<StructField> schema = {field("i", DataType::intType()),
                                     field("s", DataType::string())};
  CsvOptions options = noRescue();
  options.multi_line = true;
  EXPECT_EQ(readAll(text, schema, options).rows, (Rows{{"1", "two\nlines"}, {"2", "b"}}));
  // Without multi-line the break ends the record: the unclosed quote keeps its line, the rest
  // is a record of its own.
  EXPECT_EQ(readAll(text, schema, noRescue()).rows,
            (Rows{{"1", "two"}, {"NULL", "NULL"}, {"2", "b"}}));
}

TEST(CsvReaderTest, HeaderAndCrlf) {
  CsvOptions options = noRescue();
  options.header = true;
  std::vector<StructField> schema = {field("id", DataType::intType()),
                                     field("name", DataType::string())};
  EXPECT_EQ(readAll("id,name\r\n1,ann\r\n\r\n2,bob\r\n", schema, options).rows,
            (Rows{{"1", "ann"}, {"2", "bob"}}));
  // Header names do not have to match: columns map by position.
  EXPECT_EQ(readAll("x,y\n3,c", schema, options).rows, (Rows{{"3", "c"}}));
  EXPECT_EQ(readAll("id,name\n", schema, options).rows, Rows{});
  EXPECT_EQ(readAll("", schema, options).rows, Rows{});
}

TEST(CsvReaderTest, TooFewAndTooManyFieldsArePermitted) {
  std::vector<StructField> schema = {field("a", DataType::intType()),
                                     field("b", DataType::string())};
  EXPECT_EQ(readAll("1\n2,x,extra,more\n", schema, noRescue()).rows,
            (Rows{{"1", "NULL"}, {"2", "x"}}));
  // With a rescued column, extra fields are kept there by position, or by header name.
  EXPECT_EQ(readAll("1\n2,x,extra,,\"q\"\"\"\n", schema).rows,
            (Rows{{"1", "NULL", "NULL"},
                  {"2", "x", R"({"_c2":"extra","_c4":"q\"","_file_path":"/data/f.csv"})"}}));
  CsvOptions header;
  header.header = true;
  EXPECT_EQ(readAll("a,b,c\n1,x,y,z\n", schema, header).rows,
            (Rows{{"1", "x", R"({"c":"y","_c3":"z","_file_path":"/data/f.csv"})"}}));
}

TEST(CsvReaderTest, PermissiveRescuesValuesThatDoNotConvert) {
  std::vector<StructField> schema = {field("i", DataType::intType()), field("d", DataType::date()),
                                     field("s", DataType::string())};
  Rows rows = readAll("1,2020-01-01,ok\nabc,2020-13-01,\"tab\there\"\n", schema).rows;
  EXPECT_EQ(rows, (Rows{{"1", "2020-01-01", "ok", "NULL"},
                        {"NULL", "NULL", "tab\there",
                         R"({"i":"abc","d":"2020-13-01","_file_path":"/data/f.csv"})"}}));
  // Without a rescued column the values are only NULL.
  EXPECT_EQ(readAll("abc,x,ok\n", schema, noRescue()).rows, (Rows{{"NULL", "NULL", "ok"}}));
  CsvOptions named;
  named.rescued_data_column = "_extra";
  EXPECT_EQ(readAll("1,2020-01-01,ok,more\n", schema, named).rows,
            (Rows{{"1", "2020-01-01", "ok", R"({"_c3":"more","_file_path":"/data/f.csv"})"}}));
}

TEST(CsvReaderTest, DropMalformedDropsRecords) {
  CsvOptions options;
  options.mode = ParseMode::kDropMalformed;
  std::vector<StructField> schema = {field("i", DataType::intType()),
                                     field("s", DataType::string())};
  Rows rows = readAll("1,a\nx,b\n2\n3,c,d\n4,\"open\n5,e\n", schema, options).rows;
  EXPECT_EQ(rows, (Rows{{"1", "a", "NULL"}, {"5", "e", "NULL"}}));
}

TEST(CsvReaderTest, FailFastNamesFileLineColumnAndValue) {
  CsvOptions options;
  options.mode = ParseMode::kFailFast;
  options.header = true;
  std::vector<StructField> schema = {field("id", DataType::intType()),
                                     field("n", DataType::intType())};
  Error error = readError("id,n\n1,2\n\n3,abc\n", schema, options);
  EXPECT_EQ(error.fullClassName(), "MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION");
  EXPECT_NE(error.message().find("Cannot parse the value 'abc' of column 'n' as INT."),
            std::string::npos)
      << error.message();
  EXPECT_NE(error.message().find("[3,abc]"), std::string::npos) << error.message();
  ASSERT_TRUE(error.location().has_value());
  EXPECT_EQ(error.location()->source_name, kPath);
  EXPECT_EQ(error.location()->line, 4u);
  EXPECT_EQ(error.location()->column, 3u);
  EXPECT_EQ(error.location()->line_text, "3,abc");
  EXPECT_NE(std::string(error.what()).find("(/data/f.csv:4:3)"), std::string::npos);

  Error count = readError("id,n\n1,2,3\n", schema, options);
  EXPECT_EQ(count.errorClass(), ErrorClass::MALFORMED_RECORD_IN_PARSING);
  EXPECT_NE(count.message().find("expected 2 fields, found 3"), std::string::npos);
  EXPECT_EQ(count.location()->line, 2u);
  EXPECT_EQ(count.location()->column, 5u);

  Error unclosed = readError("id,n\n1,\"2\n", schema, options);
  EXPECT_NE(unclosed.message().find("never closed"), std::string::npos);

  options.multi_line = true;
  Error multi = readError("id,n\n1,\"a\nb\"\n", schema, options);
  EXPECT_EQ(multi.location()->line, 2u);
  EXPECT_EQ(multi.location()->column, 3u);
}

TEST(CsvReaderTest, ReplacesInvalidUtf8) {
  Rows rows = readAll(
                  "caf\xC3\xA9,bad\xFF"
                  "byte\n",
                  strings(2), noRescue())
                  .rows;
  EXPECT_EQ(rows, (Rows{{"caf\xC3\xA9",
                         "bad\xEF\xBF\xBD"
                         "byte"}}));
}

TEST(CsvReaderTest, DatetimeFormatsAndTimeZone) {
  std::vector<StructField> schema = {field("d", DataType::date()),
                                     field("ts", DataType::timestamp())};
  CsvOptions options = noRescue();
  options.date_format = "dd/MM/yyyy";
  options.timestamp_format = "dd/MM/yyyy HH:mm[:ss]";
  options.time_zone = TimeZone::find("America/Los_Angeles");
  EXPECT_EQ(
      readAll("15/01/2020,15/01/2020 10:00\n2020-01-15,15/01/2020 10:00:30\n", schema, options)
          .rows,
      (Rows{{"2020-01-15", "2020-01-15 18:00:00"}, {"NULL", "2020-01-15 18:00:30"}}));
  // Without formats: CAST's rules, zones in the text honored.
  options.date_format.clear();
  options.timestamp_format.clear();
  EXPECT_EQ(readAll("2020-1-5,2020-01-15 10:00:00Z\n", schema, options).rows,
            (Rows{{"2020-01-05", "2020-01-15 10:00:00"}}));
  CsvOptions bad;
  bad.timestamp_format = "YYYY-MM-dd";
  EXPECT_THROW(readAll("x,y\n", schema, bad), Error);
  bad.timestamp_format = "EEE yyyy";
  EXPECT_THROW(readAll("x,y\n", schema, bad), Error);
}

TEST(CsvReaderTest, SplitsIntoBatches) {
  std::string text;
  for (int i = 0; i < 2049; ++i)
    text += std::to_string(i) + ",v" + std::to_string(i) + "\n";
  std::vector<StructField> schema = {field("i", DataType::intType()),
                                     field("s", DataType::string())};
  ReadResult result = readAll(text, schema);
  EXPECT_EQ(result.batch_sizes, (std::vector<idx_t>{2048, 1}));
  ASSERT_EQ(result.rows.size(), 2049u);
  EXPECT_EQ(result.rows[2047], (std::vector<std::string>{"2047", "v2047", "NULL"}));
  EXPECT_EQ(result.rows[2048], (std::vector<std::string>{"2048", "v2048", "NULL"}));
  CsvOptions small;
  small.batch_size = 3;
  small.mode = ParseMode::kDropMalformed;
  result = readAll("1,a\nx,b\n2,c\n3,d\ny,e\n4,f\n", schema, small);
  EXPECT_EQ(result.batch_sizes, (std::vector<idx_t>{3, 1}));
  EXPECT_EQ(result.rows.back(), (std::vector<std::string>{"4", "f", "NULL"}));
}

TEST(CsvReaderTest, LongStringsSurviveTheBatch) {
  std::string long_value(5000, 'x');
  Rows rows =
      readAll("\"" + long_value + "\"\"\"," + long_value + "\n", strings(2), noRescue()).rows;
  EXPECT_EQ(rows, (Rows{{long_value + "\"", long_value}}));
}

TEST(CsvReaderTest, RefusesNestedAndIntervalColumns) {
  EXPECT_THROW(CsvReader("f", "", {field("a", DataType::array(DataType::intType()))}, {}), Error);
  EXPECT_THROW(CsvReader("f", "", {field("a", DataType::dayTimeInterval())}, {}), Error);
}

}  // namespace
}  // namespace sluice::csv
