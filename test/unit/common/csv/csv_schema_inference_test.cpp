// test/unit/common/csv/csv_schema_inference_test.cpp
//
// CSV schema inference: the type of each kind of value, widening within a column and across
// files, null and empty values, header names, options that change inference.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "storage/csv/csv_reader.hpp"

namespace sluice::csv {
namespace {

// "name TYPE" per column, as DataType::sql() prints it.
std::vector<std::string> describe(const std::vector<StructField>& fields) {
  std::vector<std::string> out;
  for (const StructField& field : fields)
    out.push_back(field.name + " " + field.type.sql());
  return out;
}

std::vector<std::string> infer(std::string_view text, CsvOptions options = {},
                               idx_t max_records = 1000) {
  return describe(inferCsvSchema("/data/f.csv", text, options, max_records));
}

// The type inferred for a single column holding `values` in this order.
std::string typeOf(std::vector<std::string> values, CsvOptions options = {}) {
  std::string text;
  for (const std::string& value : values)
    text += value + "\n";
  std::vector<StructField> fields = inferCsvSchema("/data/f.csv", text, options, 1000);
  if (fields.size() != 1)
    return "<" + std::to_string(fields.size()) + " columns>";
  return fields[0].type.sql();
}

using Names = std::vector<std::string>;

TEST(CsvSchemaInferenceTest, InfersEachKindOfValue) {
  EXPECT_EQ(typeOf({"1", "-2", "+3"}), "INT");
  EXPECT_EQ(typeOf({"3000000000"}), "BIGINT");
  EXPECT_EQ(typeOf({"12345678901234567890"}), "DECIMAL(20,0)");
  EXPECT_EQ(typeOf({"123456789012345678901234567890123456789"}), "DOUBLE");  // 39 digits
  EXPECT_EQ(typeOf({"1.5"}), "DOUBLE");
  EXPECT_EQ(typeOf({"1e3"}), "DOUBLE");
  EXPECT_EQ(typeOf({" 1"}), "DOUBLE");  // Java's parseInt does not trim, parseDouble does
  EXPECT_EQ(typeOf({"NaN", "Inf", "-Inf", "Infinity"}), "DOUBLE");
  EXPECT_EQ(typeOf({"inf"}), "STRING");
  EXPECT_EQ(typeOf({"5."}), "DECIMAL(1,0)");  // BigDecimal("5.") has scale 0
  EXPECT_EQ(typeOf({"2020-01-15"}), "DATE");
  EXPECT_EQ(typeOf({"2020-1-15"}), "TIMESTAMP");  // not yyyy-MM-dd, but CAST reads it
  EXPECT_EQ(typeOf({"2020-01-15 10:20:30"}), "TIMESTAMP");
  EXPECT_EQ(typeOf({"2020-01-15T10:20:30.123Z"}), "TIMESTAMP");
  EXPECT_EQ(typeOf({"12:34:56"}), "STRING");  // a bare time has no date
  EXPECT_EQ(typeOf({"2020-01-15 10:20:30 Mars/Base"}), "STRING");
  EXPECT_EQ(typeOf({"true", "FALSE", "True"}), "BOOLEAN");
  EXPECT_EQ(typeOf({"yes"}), "STRING");
  EXPECT_EQ(typeOf({"1", "t"}), "STRING");
  EXPECT_EQ(typeOf({"abc"}), "STRING");
}

TEST(CsvSchemaInferenceTest, WidensWithinAColumn) {
  EXPECT_EQ(typeOf({"1", "3000000000"}), "BIGINT");
  EXPECT_EQ(typeOf({"3000000000", "1"}), "BIGINT");
  EXPECT_EQ(typeOf({"1", "1.5"}), "DOUBLE");
  EXPECT_EQ(typeOf({"1", "12345678901234567890"}), "DECIMAL(20,0)");
  EXPECT_EQ(typeOf({"12345678901234567890123", "1"}), "DECIMAL(23,0)");
  EXPECT_EQ(typeOf({"12345678901234567890123", "3000000000"}), "DECIMAL(23,0)");
  EXPECT_EQ(typeOf({"1234567890123456789", "1"}), "BIGINT");
  EXPECT_EQ(typeOf({"12345678901234567890", "0.5"}), "DOUBLE");
  EXPECT_EQ(typeOf({"1", "true"}), "STRING");
  EXPECT_EQ(typeOf({"true", "1"}), "STRING");
  EXPECT_EQ(typeOf({"1.5", "abc"}), "STRING");
  EXPECT_EQ(typeOf({"2020-01-15", "2020-01-15 10:00"}), "STRING");     // DATE + TIMESTAMP
  EXPECT_EQ(typeOf({"2020-01-15 10:00", "2020-01-15"}), "TIMESTAMP");  // as Spark: by order
  EXPECT_EQ(typeOf({"2020-01-15", "1"}), "STRING");
}

TEST(CsvSchemaInferenceTest, EmptyAndNullValuesLeaveTheType) {
  EXPECT_EQ(typeOf({"", "1", ""}), "INT");
  EXPECT_EQ(typeOf({"\"\""}), "VOID");
  CsvOptions options;
  options.null_value = "NA";
  EXPECT_EQ(typeOf({"NA", "1"}, options), "INT");
  EXPECT_EQ(infer("a,b\n1,\n2,\n"), (Names{"_c0 STRING", "_c1 STRING"}));
  EXPECT_EQ(infer("1,\n2,\n"), (Names{"_c0 INT", "_c1 VOID"}));
  EXPECT_EQ(describe(finishInferredSchema(inferCsvSchema("f", "1,\n", {}, 10))),
            (Names{"_c0 INT", "_c1 STRING"}));
}

TEST(CsvSchemaInferenceTest, NamesColumnsFromTheHeader) {
  CsvOptions options;
  options.header = true;
  EXPECT_EQ(infer("id,name,score\n1,ann,2.5\n2,bob,3\n", options),
            (Names{"id INT", "name STRING", "score DOUBLE"}));
  options.null_value = "NA";
  EXPECT_EQ(infer("a,,A,NA,\"b,c\"\n1,2,3,4,5\n", options),
            (Names{"a0 INT", "_c1 INT", "A2 INT", "_c3 INT", "b,c INT"}));
  // A header alone gives VOID columns; no records give no columns.
  EXPECT_EQ(infer("x,y\n", options), (Names{"x VOID", "y VOID"}));
  EXPECT_EQ(infer("", options), Names{});
  EXPECT_EQ(infer("\n\n"), Names{});
}

TEST(CsvSchemaInferenceTest, TheFirstRecordDecidesTheColumns) {
  EXPECT_EQ(infer("1,2\n3,4,5\n6\n"), (Names{"_c0 INT", "_c1 INT"}));
  EXPECT_EQ(infer("1\nabc,2\n"), (Names{"_c0 STRING"}));
}

TEST(CsvSchemaInferenceTest, OptionsChangeInference) {
  CsvOptions strings;
  strings.infer_column_types = false;
  EXPECT_EQ(infer("1,2020-01-01\n", strings), (Names{"_c0 STRING", "_c1 STRING"}));
  CsvOptions formats;
  formats.date_format = "dd/MM/yyyy";
  formats.timestamp_format = "yyyy/MM/dd HH:mm";
  EXPECT_EQ(typeOf({"15/01/2020"}, formats), "DATE");
  EXPECT_EQ(typeOf({"2020/01/15 10:00"}, formats), "TIMESTAMP");
  EXPECT_EQ(typeOf({"2020-01-15 10:00"}, formats), "STRING");
  EXPECT_EQ(typeOf({"2020/01/15 10:00"}), "STRING");
  // Only max_records records count.
  EXPECT_EQ(infer("1\n2\nabc\n", {}, 2), (Names{"_c0 INT"}));
  EXPECT_EQ(infer("1\n2\nabc\n", {}, 3), (Names{"_c0 STRING"}));
  CsvOptions multi;
  multi.multi_line = true;
  EXPECT_EQ(infer("\"1\n2\",3\n", multi), (Names{"_c0 STRING", "_c1 INT"}));
  CsvOptions semicolons;
  semicolons.separator = ';';
  EXPECT_EQ(infer("1;2,5\n", semicolons), (Names{"_c0 INT", "_c1 STRING"}));
}

TEST(CsvSchemaInferenceTest, MergesSchemasOfSeveralFiles) {
  CsvOptions options;
  options.header = true;
  auto first = inferCsvSchema("a.csv", "i,l,d,s,n,dt,big\n1,1,1,x,,2020-01-01,1\n", options, 10);
  auto second = inferCsvSchema(
      "b.csv", "i,l,d,s,n,dt,big\n2,3000000000,1.5,1,,2020-01-01 10:00,12345678901234567890123\n",
      options, 10);
  EXPECT_EQ(describe(mergeInferredSchemas(first, second)),
            (Names{"i INT", "l BIGINT", "d DOUBLE", "s STRING", "n VOID", "dt STRING",
                   "big DECIMAL(23,0)"}));
  EXPECT_EQ(describe(finishInferredSchema(mergeInferredSchemas(first, second)))[4], "n STRING");
  auto field = [](std::string name, DataType type) {
    return StructField{std::move(name), std::move(type), true, {}};
  };
  auto merge = [&](DataType a, DataType b) {
    return mergeInferredSchemas({field("c", a)}, {field("c", b)})[0].type.sql();
  };
  EXPECT_EQ(merge(DataType::voidType(), DataType::date()), "DATE");
  EXPECT_EQ(merge(DataType::doubleType(), DataType::decimal(20, 0)), "DOUBLE");
  EXPECT_EQ(merge(DataType::decimal(38, 0), DataType::longType()), "DECIMAL(38,0)");
  EXPECT_EQ(merge(DataType::decimal(5, 2), DataType::decimal(10, 0)), "DECIMAL(12,2)");
  EXPECT_EQ(merge(DataType::decimal(38, 2), DataType::decimal(38, 0)), "DOUBLE");
  EXPECT_EQ(merge(DataType::boolean(), DataType::intType()), "STRING");
  EXPECT_EQ(merge(DataType::timestamp(), DataType::date()), "STRING");
  EXPECT_EQ(merge(DataType::timestamp(), DataType::timestampNtz()), "TIMESTAMP");
  EXPECT_EQ(merge(DataType::string(), DataType::intType()), "STRING");
  // A longer schema keeps its extra columns.
  EXPECT_EQ(describe(mergeInferredSchemas(
                {field("a", DataType::intType())},
                {field("a", DataType::intType()), field("b", DataType::boolean())})),
            (Names{"a INT", "b BOOLEAN"}));
}

}  // namespace
}  // namespace sluice::csv
