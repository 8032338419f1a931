// test/unit/cli/result_format_test.cpp
//
// The table, CSV and JSON writers over hand-made results.
#include "cli/result_format.hpp"

#include <sstream>

#include <gtest/gtest.h>

namespace sluice {
namespace {

StatementResult makeResult(std::vector<std::string> names, std::vector<DataType> types,
                           const std::vector<std::vector<Value>>& rows) {
  Batch batch;
  for (const DataType& type : types)
    batch.columns.emplace_back(type, rows.size() + 1);
  for (size_t row = 0; row < rows.size(); ++row) {
    for (size_t column = 0; column < types.size(); ++column) {
      batch.columns[column].setValue(row, rows[row][column]);
    }
  }
  batch.num_rows = rows.size();
  std::vector<Batch> batches;
  batches.push_back(std::move(batch));
  return StatementResult(std::move(names), std::move(types), std::move(batches));
}

std::string render(const StatementResult& result, OutputFormat format) {
  std::ostringstream out;
  writeResult(out, result, format);
  return out.str();
}

StatementResult peopleResult() {
  return makeResult({"id", "name"}, {DataType::intType(), DataType::string()},
                    {{Value::intValue(1), Value::string("alice")},
                     {Value::intValue(22), Value::null(DataType::string())},
                     {Value::intValue(333), Value::string("")}});
}

TEST(ResultFormatTest, ParsesFormatNames) {
  EXPECT_EQ(parseOutputFormat("table"), OutputFormat::kTable);
  EXPECT_EQ(parseOutputFormat("csv"), OutputFormat::kCsv);
  EXPECT_EQ(parseOutputFormat("json"), OutputFormat::kJson);
  EXPECT_FALSE(parseOutputFormat("xml"));
}

TEST(ResultFormatTest, TableAlignsNumbersRightAndTextLeft) {
  EXPECT_EQ(render(peopleResult(), OutputFormat::kTable),
            "+-----+-------+\n"
            "|  id | name  |\n"
            "+-----+-------+\n"
            "|   1 | alice |\n"
            "|  22 | NULL  |\n"
            "| 333 |       |\n"
            "+-----+-------+\n");
}

TEST(ResultFormatTest, TableWithoutRowsShowsTheHeader) {
  StatementResult empty = makeResult({"a"}, {DataType::string()}, {});
  EXPECT_EQ(render(empty, OutputFormat::kTable), "+---+\n| a |\n+---+\n");
}

TEST(ResultFormatTest, TableEscapesLineBreaksAndCountsCodePoints) {
  StatementResult result = makeResult(
      {"s"}, {DataType::string()}, {{Value::string("a\nb")}, {Value::string("\xC3\xA9t\xC3\xA9")}});
  EXPECT_EQ(render(result, OutputFormat::kTable),
            "+------+\n"
            "| s    |\n"
            "+------+\n"
            "| a\\nb |\n"
            "| \xC3\xA9t\xC3\xA9  |\n"
            "+------+\n");
}

TEST(ResultFormatTest, CsvQuotesOnlyWhereNeeded) {
  EXPECT_EQ(render(peopleResult(), OutputFormat::kCsv), "id,name\n1,alice\n22,\n333,\"\"\n");
  StatementResult tricky = makeResult({"a,b", "c"}, {DataType::string(), DataType::string()},
                                      {{Value::string("say \"hi\""), Value::string("x\ny")},
                                       {Value::string(" padded "), Value::string("NULL")}});
  EXPECT_EQ(render(tricky, OutputFormat::kCsv),
            "\"a,b\",c\n"
            "\"say \"\"hi\"\"\",\"x\ny\"\n"
            " padded ,NULL\n");
}

TEST(ResultFormatTest, JsonWritesOneObjectPerRow) {
  EXPECT_EQ(render(peopleResult(), OutputFormat::kJson),
            "{\"id\":1,\"name\":\"alice\"}\n"
            "{\"id\":22,\"name\":null}\n"
            "{\"id\":333,\"name\":\"\"}\n");
}

TEST(ResultFormatTest, JsonKeepsNumbersAndBooleansBare) {
  StatementResult result = makeResult(
      {"d", "b", "big", "nan"},
      {DataType::doubleType(), DataType::boolean(), DataType::longType(), DataType::doubleType()},
      {{Value::doubleValue(2.5), Value::boolean(true), Value::longValue(-9000000000),
        Value::doubleValue(std::numeric_limits<double>::quiet_NaN())}});
  EXPECT_EQ(render(result, OutputFormat::kJson),
            "{\"d\":2.5,\"b\":true,\"big\":-9000000000,\"nan\":\"NaN\"}\n");
}

TEST(ResultFormatTest, JsonEscapesStrings) {
  StatementResult result =
      makeResult({"s\""}, {DataType::string()}, {{Value::string("a\"b\\c\nd\te\x01")}});
  EXPECT_EQ(render(result, OutputFormat::kJson), "{\"s\\\"\":\"a\\\"b\\\\c\\nd\\te\\u0001\"}\n");
}

TEST(ResultFormatTest, JsonWritesNestedValuesAsJson) {
  DataType point = DataType::structOf(
      {StructField{"x", DataType::intType()}, StructField{"label", DataType::string()}});
  DataType points = DataType::array(point);
  DataType scores = DataType::map(DataType::string(), DataType::intType());
  DataType entry = scores.childType();
  Value array = Value::nested(
      points, {Value::nested(point, {Value::intValue(1), Value::string("a")}),
               Value::nested(point, {Value::intValue(2), Value::null(DataType::string())})});
  Value map = Value::nested(
      scores, {Value::nested(entry, {Value::string("k1"), Value::intValue(10)}),
               Value::nested(entry, {Value::string("k2"), Value::null(DataType::intType())})});
  StatementResult result =
      makeResult({"points", "scores", "bytes"}, {points, scores, DataType::binary()},
                 {{array, map, Value::binary("hi!?")}});
  EXPECT_EQ(render(result, OutputFormat::kJson),
            "{\"points\":[{\"x\":1,\"label\":\"a\"},{\"x\":2,\"label\":null}],"
            "\"scores\":{\"k1\":10,\"k2\":null},\"bytes\":\"aGkhPw==\"}\n");
}

TEST(ResultFormatTest, JsonSpansBatches) {
  Batch first;
  first.columns.emplace_back(DataType::intType(), 1);
  first.columns[0].setValue(0, Value::intValue(1));
  first.num_rows = 1;
  Batch second;
  second.columns.emplace_back(DataType::intType(), 2);
  second.columns[0].setValue(0, Value::null(DataType::intType()));
  second.columns[0].setValue(1, Value::intValue(3));
  second.num_rows = 2;
  std::vector<Batch> batches;
  batches.push_back(std::move(first));
  batches.push_back(std::move(second));
  StatementResult result({"n"}, {DataType::intType()}, std::move(batches));
  EXPECT_EQ(render(result, OutputFormat::kJson), "{\"n\":1}\n{\"n\":null}\n{\"n\":3}\n");
}

}  // namespace
}  // namespace sluice
