// test/unit/storage/csv_writer_test.cpp
//
// CsvWriter: the CSV Spark writes by default (no header unless asked, NULL as an empty
// field, "" for an empty string, values trimmed, quoting of separators, quotes and line
// breaks with the escape character, Java's digits, dates and timestamps as Spark writes them or
// in the given patterns, BINARY as hex), nested values in one record (to_csv) as Spark prints
// them but refused in files, and files that sluice's CsvReader reads back to the same values;
// quoteAll, emptyValue and lineSep.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value.hpp"
#include "storage/csv/csv_reader.hpp"
#include "storage/csv/csv_writer.hpp"

namespace sluice::csv {
namespace {

namespace fs = std::filesystem;

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

// 2024-01-01 10:00:00 UTC.
constexpr int64_t kMorning = 1704103200LL * 1000000;

//! The text of the file at `path`, which is then removed.
std::string takeFileText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove(path);
  return text.str();
}

std::string record(const std::vector<Value>& values, CsvWriteOptions options = {}) {
  return formatCsvRecord(values, options);
}

TEST(CsvWriterTest, NullsEmptyStringsAndWhiteSpace) {
  std::vector<StructField> schema = {field("a", DataType::string()), field("b", DataType::string()),
                                     field("c", DataType::string())};
  EXPECT_EQ(
      record({Value::null(DataType::string()), Value::string(""), Value::string("  padded  ")}),
      R"(,"",padded)");
  CsvWriteOptions options;
  options.null_value = "NA";
  EXPECT_EQ(
      record({Value::null(DataType::string()), Value::string("x"), Value::string("y")}, options),
      "NA,x,y");
}

TEST(CsvWriterTest, QuotingAndEscapes) {
  std::vector<StructField> schema = {field("a", DataType::string()),
                                     field("b", DataType::string())};
  EXPECT_EQ(record({Value::string("one, two"), Value::string("say \"hi\"")}),
            R"("one, two","say \"hi\"")");
  EXPECT_EQ(record({Value::string("line\nbreak"), Value::string("back\\slash")}),
            "\"line\nbreak\",back\\slash");
  CsvWriteOptions options;
  options.separator = ';';
  EXPECT_EQ(record({Value::string("a,b"), Value::string("c;d")}, options), R"(a,b;"c;d")");
}

TEST(CsvWriterTest, ValuesAsSparkWritesThem) {
  std::vector<StructField> schema = {
      field("i", DataType::intType()),        field("d", DataType::doubleType()),
      field("m", DataType::decimal(10, 2)),   field("ok", DataType::boolean()),
      field("day", DataType::date()),         field("at", DataType::timestamp()),
      field("wall", DataType::timestampNtz())};
  std::vector<Value> values = {Value::intValue(-3),          Value::doubleValue(1e10),
                               Value::decimal(105, 10, 2),   Value::boolean(true),
                               Value::date(19723),           Value::timestamp(kMorning),
                               Value::timestampNtz(kMorning)};
  EXPECT_EQ(record(values),
            "-3,1.0E10,1.05,true,2024-01-01,2024-01-01T10:00:00.000Z,2024-01-01T10:00:00.000");
  std::shared_ptr<const TimeZone> tokyo = TimeZone::find("Asia/Tokyo");
  CsvWriteOptions options;
  options.time_zone = tokyo.get();
  EXPECT_EQ(record({values[5]}, options), "2024-01-01T19:00:00.000+09:00");
}

TEST(CsvWriterTest, PatternsAndBinaryValues) {
  CsvWriteOptions options;
  options.date_format = "dd/MM/yyyy";
  options.timestamp_format = "yyyy-MM-dd HH:mm";
  EXPECT_EQ(
      record({Value::date(19723), Value::timestamp(kMorning), Value::binary("\x0A\xFF")}, options),
      "01/01/2024,2024-01-01 10:00,[0A FF]");
}

TEST(CsvWriterTest, NestedValuesInOneRecordAsSparkPrintsThem) {
  DataType list = DataType::array(DataType::intType());
  Value numbers = Value::nested(list, {Value::intValue(1), Value::null(DataType::intType())});
  DataType pair =
      DataType::structOf({field("n", DataType::intType()), field("s", DataType::string())});
  Value row = Value::nested(pair, {Value::intValue(7), Value::string("x")});
  // A field with a separator in it is quoted.
  EXPECT_EQ(record({numbers, row}), R"("[1, null]","{7, x}")");
}

TEST(CsvWriterTest, NestedColumnsAreRefusedInFiles) {
  std::vector<StructField> schema = {field("list", DataType::array(DataType::intType()))};
  fs::path path = fs::temp_directory_path() / "sluice_csv_writer_nested_test.csv";
  try {
    CsvWriter writer(path.string(), schema);
    FAIL() << "an ARRAY column was written";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::NOT_SUPPORTED);
    EXPECT_NE(std::string(error.what()).find("`list`"), std::string::npos) << error.what();
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(CsvWriterTest, FilesWithAHeaderReadBackToTheSameValues) {
  std::vector<StructField> schema = {
      field("id", DataType::longType()),        field("name", DataType::string()),
      field("price", DataType::decimal(12, 3)), field("ratio", DataType::doubleType()),
      field("day", DataType::date()),           field("at", DataType::timestamp())};
  std::vector<std::vector<Value>> rows = {
      {Value::longValue(1), Value::string("comma, \"quote\""), Value::decimal(123456, 12, 3),
       Value::doubleValue(0.25), Value::date(19723), Value::timestamp(kMorning)},
      {Value::longValue(2), Value::null(DataType::string()), Value::null(DataType::decimal(12, 3)),
       Value::doubleValue(-1e-7), Value::null(DataType::date()),
       Value::timestamp(kMorning + 1000)}};
  Batch batch;
  for (const StructField& column : schema)
    batch.columns.emplace_back(column.type, rows.size());
  for (size_t row = 0; row < rows.size(); ++row) {
    for (size_t column = 0; column < schema.size(); ++column)
      batch.columns[column].setValue(row, rows[row][column]);
  }
  batch.num_rows = rows.size();

  fs::path path = fs::temp_directory_path() / "sluice_csv_writer_test.csv";
  CsvWriteOptions write_options;
  write_options.header = true;
  CsvWriter writer(path.string(), schema, write_options);
  writer.write(batch);
  writer.close();
  std::string text = takeFileText(path);
  EXPECT_EQ(text.substr(0, text.find('\n')), "id,name,price,ratio,day,at");

  CsvOptions options;
  options.header = true;
  options.rescued_data_column.clear();
  CsvReader reader(path.string(), text, schema, options);
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

TEST(CsvWriterTest, QuoteAllEmptyValueAndLineSeparator) {
  CsvWriteOptions quote_all;
  quote_all.quote_all = true;
  EXPECT_EQ(record({Value::string(""), Value::string("x"), Value::null(DataType::string()),
                    Value::intValue(7)},
                   quote_all),
            R"("","x",,"7")");
  CsvWriteOptions empty;
  empty.empty_value = "EMPTY";
  EXPECT_EQ(record({Value::string(""), Value::string("x")}, empty), "EMPTY,x");
  empty.quote_all = true;
  EXPECT_EQ(record({Value::string(""), Value::string("x")}, empty), R"("EMPTY","x")");

  // A custom line separator ends every record, the header's too; a value holding it is quoted,
  // and the reader given the same lineSep reads the file back.
  std::vector<StructField> schema = {field("id", DataType::intType()),
                                     field("text", DataType::string())};
  Batch batch;
  for (const StructField& column : schema)
    batch.columns.emplace_back(column.type, 2);
  batch.columns[0].setValue(0, Value::intValue(1));
  batch.columns[1].setValue(0, Value::string("a;b"));
  batch.columns[0].setValue(1, Value::intValue(2));
  batch.columns[1].setValue(1, Value::string("two\nlines"));
  batch.num_rows = 2;
  fs::path path = fs::temp_directory_path() / "sluice_csv_writer_line_separator_test.csv";
  CsvWriteOptions write_options;
  write_options.header = true;
  write_options.line_separator = ";";
  CsvWriter writer(path.string(), schema, write_options);
  writer.write(batch);
  writer.close();
  std::string text = takeFileText(path);
  EXPECT_EQ(text, "id,text;1,\"a;b\";2,\"two\nlines\";");

  CsvOptions options;
  options.header = true;
  options.multi_line = true;
  options.line_separator = ';';
  options.rescued_data_column.clear();
  CsvReader reader(path.string(), text, schema, options);
  Batch read;
  ASSERT_TRUE(reader.next(read));
  ASSERT_EQ(read.num_rows, 2u);
  EXPECT_EQ(read.columns[1].getValue(0), Value::string("a;b"));
  EXPECT_EQ(read.columns[1].getValue(1), Value::string("two\nlines"));
}

}  // namespace
}  // namespace sluice::csv
