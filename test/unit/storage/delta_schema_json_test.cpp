// test/unit/storage/delta_schema_json_test.cpp
//
// Table schemas to Delta's schemaString and back.

#include <fmt/format.h>
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

TEST(DeltaSchemaJsonTest, WritesCollationsInTheMetadataOfTheNearestField) {
  // The shape of the collations RFC's example: a collated column, and an array of maps whose
  // keys are collated and whose values are structs with a collated field of their own.
  CollationId german = Collation::idForName("de");
  std::vector<StructField> schema = {
      field("col1", DataType::string(german)),
      field("col2", DataType::array(DataType::map(
                        DataType::string(Collation::idForName("UNICODE_CI")),
                        DataType::structOf({field("f1", DataType::string(kUtf8Lcase))}), true))),
      field("plain", DataType::string()),
  };
  EXPECT_EQ(
      schemaToJson(schema),
      R"({"type":"struct","fields":[)"
      R"({"name":"col1","type":"string","nullable":true,"metadata":{"__COLLATIONS":{"col1":"icu.de"}}},)"
      R"({"name":"col2","type":{"type":"array","elementType":{"type":"map","keyType":"string",)"
      R"("valueType":{"type":"struct","fields":[{"name":"f1","type":"string","nullable":true,)"
      R"("metadata":{"__COLLATIONS":{"f1":"spark.UTF8_LCASE"}}}]},"valueContainsNull":true},)"
      R"("containsNull":true},"nullable":true,"metadata":{"__COLLATIONS":{"col2.element.key":"icu.UNICODE_CI"}}},)"
      R"({"name":"plain","type":"string","nullable":true,"metadata":{}}]})");
  std::vector<StructField> back = schemaFromJson(schemaToJson(schema), "test");
  ASSERT_EQ(back.size(), schema.size());
  for (size_t index = 0; index < schema.size(); ++index)
    EXPECT_EQ(back[index].type, schema[index].type) << schema[index].name;
}

//! The type of a one-column schema whose type is the JSON string `name`.
DataType typeNamed(const std::string& name) {
  return schemaFromJson(
             fmt::format(
                 R"({{"type":"struct","fields":[{{"name":"g","type":"{}","nullable":true}}]}})",
                 name),
             "the metaData of t")[0]
      .type;
}

TEST(DeltaSchemaJsonTest, SpatialTypesAreNamedByTheirCoordinateReferenceSystem) {
  std::string json =
      schemaToJson({field("a", DataType::geometry(4326)), field("b", DataType::geometry(3857)),
                    field("c", DataType::geometry(0)), field("d", DataType::geography(4326))});
  EXPECT_NE(json.find(R"x("type":"geometry(OGC:CRS84)")x"), std::string::npos);
  EXPECT_NE(json.find(R"x("type":"geometry(EPSG:3857)")x"), std::string::npos);
  EXPECT_NE(json.find(R"x("type":"geometry(srid:0)")x"), std::string::npos);
  EXPECT_NE(json.find(R"x("type":"geography(OGC:CRS84, spherical)")x"), std::string::npos);
  std::vector<StructField> back = schemaFromJson(json, "t");
  EXPECT_EQ(back[2].type, DataType::geometry(0));
  EXPECT_EQ(back[3].type, DataType::geography(4326));

  // Other spellings: bare names (OGC:CRS84, spherical), EPSG:4326, SRID in any case, spaces.
  EXPECT_EQ(typeNamed("geometry"), DataType::geometry(4326));
  EXPECT_EQ(typeNamed("geography"), DataType::geography(4326));
  EXPECT_EQ(typeNamed("geometry(EPSG:4326)"), DataType::geometry(4326));
  EXPECT_EQ(typeNamed("geometry( SRID:3857 )"), DataType::geometry(3857));
  EXPECT_EQ(typeNamed("geography(OGC:CRS84,Spherical)"), DataType::geography(4326));

  // GEOMETRY(ANY) has no Delta form.
  try {
    schemaToJson({field("g", DataType::geometry(DataType::kMixedSrid))});
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::UNSUPPORTED_DATATYPE);
  }
  // A CRS, an SRID or an edge interpolation sluice does not have, and a geometry with one.
  for (const char* name :
       {"geometry(projjson:crs_prop)", "geometry(srid:999999)", "geography(EPSG:3857, spherical)",
        "geography(OGC:CRS84, vincenty)", "geometry(OGC:CRS84, spherical)", "geometry(OGC:CRS84"}) {
    try {
      typeNamed(name);
      ADD_FAILURE() << name;
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::CANNOT_PARSE_DATATYPE) << name;
      EXPECT_NE(error.message().find("the metaData of t"), std::string::npos) << name;
    }
  }
}

TEST(DeltaSchemaJsonTest, ReadsCollationsAsOtherWritersSpellThem) {
  // A provider in any case, a version after the name (the protocol allows one), and the
  // comment beside the collations.
  std::vector<StructField> schema = schemaFromJson(
      R"({"type":"struct","fields":[{"name":"s","type":"string","nullable":true,)"
      R"("metadata":{"comment":"name","__COLLATIONS":{"s":"ICU.UNICODE_CI.72"}}},)"
      R"({"name":"m","type":{"type":"map","keyType":"string","valueType":"string",)"
      R"("valueContainsNull":true},"nullable":true,"metadata":{"__COLLATIONS":{"m.value":"Spark.UTF8_LCASE_RTRIM"}}}]})",
      "test");
  ASSERT_EQ(schema.size(), 2u);
  EXPECT_EQ(schema[0].type, DataType::string(Collation::idForName("UNICODE_CI")));
  EXPECT_EQ(schema[0].comment, "name");
  EXPECT_EQ(schema[1].type,
            DataType::map(DataType::string(), DataType::string(kUtf8LcaseRtrim), true));
}

TEST(DeltaSchemaJsonTest, RejectsCollationsThatNameNoStringOrNoCollation) {
  auto parse = [](const char* collation, const char* type) {
    return schemaFromJson(
        fmt::format(R"({{"type":"struct","fields":[{{"name":"c","type":{},"nullable":true,)"
                    R"("metadata":{{"__COLLATIONS":{{"c":"{}"}}}}}}]}})",
                    type, collation),
        "the metaData of t");
  };
  auto error_class = [&](const char* collation, const char* type) {
    try {
      parse(collation, type);
    } catch (const Error& error) {
      return error.errorClass();
    }
    return ErrorClass::INTERNAL_ERROR;
  };
  EXPECT_EQ(error_class("spark.UTF8_LCASE", R"("integer")"), ErrorClass::CANNOT_PARSE_DATATYPE);
  EXPECT_EQ(error_class("spark.UTF8_LCASE",
                        R"({"type":"array","elementType":"string","containsNull":true})"),
            ErrorClass::CANNOT_PARSE_DATATYPE);
  EXPECT_EQ(error_class("mysql.utf8mb4", R"("string")"), ErrorClass::CANNOT_PARSE_DATATYPE);
  EXPECT_EQ(error_class("UTF8_LCASE", R"("string")"), ErrorClass::CANNOT_PARSE_DATATYPE);
  EXPECT_EQ(error_class("icu.NO_SUCH_COLLATION", R"("string")"),
            ErrorClass::COLLATION_INVALID_NAME);
  // A path that names nothing in the field is left alone, as Spark does.
  std::vector<StructField> schema =
      schemaFromJson(R"({"type":"struct","fields":[{"name":"c","type":"integer","nullable":true,)"
                     R"("metadata":{"__COLLATIONS":{"other":"spark.UTF8_LCASE"}}}]})",
                     "test");
  ASSERT_EQ(schema.size(), 1u);
  EXPECT_EQ(schema[0].type, DataType::intType());
}

}  // namespace
}  // namespace sluice::delta
