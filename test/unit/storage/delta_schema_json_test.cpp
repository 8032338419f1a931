// test/unit/storage/delta_schema_json_test.cpp
//
// Table schemas to Delta's schemaString and back.

#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "storage/delta/schema_json.hpp"

namespace sluice::delta {
namespace {

StructField field(std::string name, DataType type, bool nullable = true) {
  return StructField{std::move(name), std::move(type), nullable, ""};
}

TEST(DeltaSchemaJsonTest, WritesTheProtocolsExampleSchema) {
  std::vector<StructField> schema = {
      field("a", DataType::intType(), false),
      field("b", DataType::structOf({field("d", DataType::intType(), false)})),
      field("c", DataType::array(DataType::intType(), false)),
      field("e", DataType::array(DataType::structOf({field("d", DataType::intType(), false)}))),
      field("f", DataType::map(DataType::string(), DataType::string(), true)),
  };
  EXPECT_EQ(
      schemaToJson(schema),
      R"({"type":"struct","fields":[{"name":"a","type":"integer","nullable":false,"metadata":{}},)"
      R"({"name":"b","type":{"type":"struct","fields":[{"name":"d","type":"integer","nullable":false,"metadata":{}}]},"nullable":true,"metadata":{}},)"
      R"({"name":"c","type":{"type":"array","elementType":"integer","containsNull":false},"nullable":true,"metadata":{}},)"
      R"({"name":"e","type":{"type":"array","elementType":{"type":"struct","fields":[{"name":"d","type":"integer","nullable":false,"metadata":{}}]},"containsNull":true},"nullable":true,"metadata":{}},)"
      R"({"name":"f","type":{"type":"map","keyType":"string","valueType":"string","valueContainsNull":true},"nullable":true,"metadata":{}}]})");
}

TEST(DeltaSchemaJsonTest, EveryTypeRoundTrips) {
  StructField commented = field("note", DataType::string());
  commented.comment = "free text";
  std::vector<StructField> schema = {
      field("flag", DataType::boolean()),
      field("tiny", DataType::byteType()),
      field("small", DataType::shortType()),
      field("id", DataType::longType(), false),
      field("n", DataType::intType()),
      field("ratio", DataType::floatType()),
      field("amount", DataType::doubleType()),
      field("price", DataType::decimal(10, 2)),
      field("wide", DataType::decimal(38, 18)),
      commented,
      field("raw", DataType::binary()),
      field("day", DataType::date()),
      field("at", DataType::timestamp()),
      field("local", DataType::timestampNtz()),
      field("tags",
            DataType::map(DataType::string(), DataType::array(DataType::longType()), false)),
      field("nested", DataType::structOf(
                          {field("inner", DataType::structOf({field("x", DataType::date())}))})),
  };
  std::string json = schemaToJson(schema);
  std::vector<StructField> back = schemaFromJson(json, "test");
  ASSERT_EQ(back.size(), schema.size());
  for (size_t index = 0; index < schema.size(); ++index) {
    EXPECT_EQ(back[index], schema[index]) << schema[index].name;
    EXPECT_EQ(back[index].comment, schema[index].comment);
  }
  EXPECT_NE(json.find(R"x("type":"decimal(10,2)")x"), std::string::npos);
  EXPECT_NE(json.find(R"("type":"timestamp_ntz")"), std::string::npos);
  EXPECT_NE(json.find(R"("metadata":{"comment":"free text"})"), std::string::npos);
}

TEST(DeltaSchemaJsonTest, RejectsTypesDeltaCannotHoldAndBadJson) {
  EXPECT_THROW(schemaToJson({field("i", DataType::dayTimeInterval())}), Error);
  try {
    schemaFromJson(R"({"type":"struct","fields":[{"name":"a","type":"uuid","nullable":true}]})",
                   "the metaData of t");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::CANNOT_PARSE_DATATYPE);
    EXPECT_NE(error.message().find("the metaData of t"), std::string::npos);
    EXPECT_NE(error.message().find("uuid"), std::string::npos);
  }
  EXPECT_THROW(schemaFromJson("{", "t"), Error);
  EXPECT_THROW(schemaFromJson(R"("integer")", "t"), Error);
}

}  // namespace
}  // namespace sluice::delta
