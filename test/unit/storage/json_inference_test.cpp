// test/unit/storage/json_inference_test.cpp
//
// JSON schema inference with Spark's JsonInferSchema rules: the type of each kind of value,
// fields sorted by name, widening across records and across files (merge), NULL-only fields
// and empty structs in the finished schema, inferColumnTypes = false, malformed records
// skipped, max_records and multiLine.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "storage/json/json_inference.hpp"

namespace sluice::json {
namespace {

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

//! The schema as Spark's simpleString, e.g. "struct<a:bigint,b:string>", for exact asserts.
std::string show(const std::vector<StructField>& fields) {
  return DataType::structOf(fields).simpleString();
}

std::vector<StructField> infer(std::string_view text, JsonOptions options = {},
                               idx_t max_records = 1000) {
  return inferJsonSchema("/data/f.json", text, options, max_records);
}

TEST(JsonInferenceTest, InfersTheTypeOfEachKindOfValue) {
  std::vector<StructField> schema =
      infer(R"({"s":"x","i":1,"f":1.5,"e":1e3,"b":true,"n":null,"o":{"y":1,"x":"s"},"a":[1,2],)"
            R"("nan":NaN,"neg":-0})");
  EXPECT_EQ(show(schema),
            "struct<a:array<bigint>,b:boolean,e:double,f:double,i:bigint,n:void,nan:double,"
            "neg:bigint,o:struct<x:string,y:bigint>,s:string>");
  EXPECT_EQ(show(finishInferredSchema(schema)),
            "struct<a:array<bigint>,b:boolean,e:double,f:double,i:bigint,n:string,nan:double,"
            "neg:bigint,o:struct<x:string,y:bigint>,s:string>");
}

TEST(JsonInferenceTest, IntegersBeyondBigintBecomeDecimalThenDouble) {
  std::vector<StructField> schema =
      infer(R"({"max":9223372036854775807,"min":-9223372036854775808,"above":9223372036854775808,)"
            R"("below":-9223372036854775809,"d38":12345678901234567890123456789012345678,)"
            R"("d39":123456789012345678901234567890123456789})");
  EXPECT_EQ(show(schema),
            "struct<above:decimal(19,0),below:decimal(19,0),d38:decimal(38,0),d39:double,"
            "max:bigint,min:bigint>");
}

TEST(JsonInferenceTest, SortsFieldsByName) {
  std::vector<StructField> schema =
      infer(R"({"zeta":1,"alpha":{"b":1,"a":2,"B":3},"Mid":2,"_x":3,"alpha2":4})");
  EXPECT_EQ(show(schema),
            "struct<Mid:bigint,_x:bigint,alpha:struct<B:bigint,a:bigint,b:bigint>,alpha2:bigint,"
            "zeta:bigint>");
}

TEST(JsonInferenceTest, WidensAcrossRecords) {
  std::string text =
      R"({"a":1,"b":1,"c":null,"d":{"x":1},"e":[1],"f":[],"g":1,"h":9223372036854775808,)"
      R"("i":true,"j":[1],"k":{"x":1},"l":[null],"m":1.5})"
      "\n"
      R"({"a":1.5,"b":"x","c":1,"d":{"y":"s","x":null},"e":[1.5],"f":[],)"
      R"("g":12345678901234567890,"h":1.5,"i":1,"j":{"x":1},"k":[1],"l":[[1]],)"
      R"("m":12345678901234567890})"
      "\n"
      R"({"n":"only in the third record"})"
      "\n";
  std::vector<StructField> schema = infer(text);
  EXPECT_EQ(show(schema),
            "struct<a:double,b:string,c:bigint,d:struct<x:bigint,y:string>,e:array<double>,"
            "f:array<void>,g:decimal(20,0),h:double,i:string,j:string,k:string,"
            "l:array<array<bigint>>,m:double,n:string>");
  EXPECT_EQ(show(finishInferredSchema(schema)),
            "struct<a:double,b:string,c:bigint,d:struct<x:bigint,y:string>,e:array<double>,"
            "f:array<string>,g:decimal(20,0),h:double,i:string,j:string,k:string,"
            "l:array<array<bigint>>,m:double,n:string>");
}

TEST(JsonInferenceTest, WidensDecimalsAndMergesDuplicateKeys) {
  // DECIMAL(19,0) and DECIMAL(25,0) widen to DECIMAL(25,0); BIGINT and DECIMAL(19,0) need
  // DECIMAL(20,0); duplicate keys in one record merge.
  std::vector<StructField> schema =
      infer(R"({"a":9223372036854775808,"b":1,"c":1,"c":"x"})"
            "\n"
            R"({"a":1234567890123456789012345,"b":9223372036854775808})");
  EXPECT_EQ(show(schema), "struct<a:decimal(25,0),b:decimal(20,0),c:string>");
}

TEST(JsonInferenceTest, MergesSchemasOfFiles) {
  std::vector<StructField> first = infer(R"({"a":1,"s":{"x":1},"l":[],"only1":true})");
  std::vector<StructField> second =
      infer(R"({"a":2.5,"s":{"y":"t"},"l":[{"k":null}],"only2":null})");
  std::vector<StructField> merged = mergeInferredSchemas(first, second);
  EXPECT_EQ(show(merged),
            "struct<a:double,l:array<struct<k:void>>,only1:boolean,only2:void,"
            "s:struct<x:bigint,y:string>>");
  EXPECT_EQ(show(finishInferredSchema(merged)),
            "struct<a:double,l:array<struct<k:string>>,only1:boolean,only2:string,"
            "s:struct<x:bigint,y:string>>");
  // Merging is symmetric, and merging with an empty schema changes nothing.
  EXPECT_EQ(show(mergeInferredSchemas(second, first)), show(merged));
  EXPECT_EQ(show(mergeInferredSchemas(merged, {})), show(merged));
  // Unsorted input is sorted first.
  std::vector<StructField> unsorted = {field("z", DataType::longType()),
                                       field("a", DataType::doubleType())};
  std::vector<StructField> other = {field("a", DataType::longType())};
  EXPECT_EQ(show(mergeInferredSchemas(unsorted, other)), "struct<a:double,z:bigint>");
}

TEST(JsonInferenceTest, FinishingTurnsNullOnlyFieldsToStringAndDropsEmptyStructs) {
  std::vector<StructField> schema =
      infer(R"({"n":null,"e":{},"ae":[{}],"s":{"inner":null,"empty":{}},"a":[null],"":1,"k":1})"
            "\n"
            R"({"n":null})");
  EXPECT_EQ(show(schema),
            "struct<:bigint,a:array<void>,ae:array<struct<>>,e:struct<>,k:bigint,n:void,"
            "s:struct<empty:struct<>,inner:void>>");
  EXPECT_EQ(show(finishInferredSchema(schema)),
            "struct<a:array<string>,k:bigint,n:string,s:struct<inner:string>>");
  // Nothing but empty structs: nothing left.
  EXPECT_TRUE(finishInferredSchema(infer(R"({"e":{}})")).empty());
}

TEST(JsonInferenceTest, WithoutColumnTypesEveryTopLevelFieldIsString) {
  JsonOptions options;
  options.infer_column_types = false;
  std::vector<StructField> schema = infer(
      "{\"b\":{\"x\":1},\"a\":1,\"c\":[1.5],\"d\":null,\"e\":\"s\"}\n{\"f\":true}\n", options);
  EXPECT_EQ(show(schema), "struct<a:string,b:string,c:string,d:string,e:string,f:string>");
  EXPECT_EQ(show(finishInferredSchema(schema)), show(schema));
  // Malformed values are still malformed.
  EXPECT_TRUE(infer("{\"a\":[1,}\n", options).empty());
}

TEST(JsonInferenceTest, SkipsMalformedRecords) {
  std::vector<StructField> schema = infer(
      "{\"a\":1}\n"
      "{\"b\":\n"
      "[{\"c\":1}]\n"
      "{\"d\":\"\xFF\"}\n"
      "\"scalar\"\n"
      "{\"e\":tru}\n"
      "{\"f\":1} x\n"
      "{\"g\":[1,}\n"
      "{\"h\":\"bad \\q escape\"}\n"
      "\r\n"
      "{\"i\":2}\r\n");
  EXPECT_EQ(show(schema), "struct<a:bigint,i:bigint>");
  EXPECT_TRUE(infer("").empty());
  EXPECT_TRUE(infer("\n\n[1]\n").empty());
}

TEST(JsonInferenceTest, StopsAfterMaxRecords) {
  std::string text = "{\"a\":1}\n{\"b\":1}\n{\"c\":1}\n";
  EXPECT_EQ(show(infer(text, {}, 2)), "struct<a:bigint,b:bigint>");
  // Malformed records do not count.
  EXPECT_EQ(show(infer("{\n{\"a\":1}\n{\"b\":1}\n", {}, 1)), "struct<a:bigint>");
}

TEST(JsonInferenceTest, InfersMultiLineDocuments) {
  JsonOptions options;
  options.multi_line = true;
  EXPECT_EQ(show(infer("{\n \"a\": 1,\n \"b\": {\"c\": [true]}\n}\n", options)),
            "struct<a:bigint,b:struct<c:array<boolean>>>");
  EXPECT_EQ(show(infer("[\n {\"a\": 1},\n 5,\n {\"a\": 1.5, \"z\": \"x\"}\n]", options)),
            "struct<a:double,z:string>");
  EXPECT_EQ(show(infer("[{\"a\": 1},\n {\"b\": 2}]", options, 1)), "struct<a:bigint>");
  // An invalid document has no records.
  EXPECT_TRUE(infer("[{\"a\": 1},\n {\"b\": }]", options).empty());
  EXPECT_TRUE(infer("[]", options).empty());
}

}  // namespace
}  // namespace sluice::json
