#include "common/types/data_type.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"

namespace sluice {
namespace {

TEST(DataTypeTest, SqlNamesFollowSpark) {
  EXPECT_EQ(DataType::intType().sql(), "INT");
  EXPECT_EQ(DataType::longType().sql(), "BIGINT");
  EXPECT_EQ(DataType::decimal(10, 2).sql(), "DECIMAL(10,2)");
  EXPECT_EQ(DataType::timestampNtz().sql(), "TIMESTAMP_NTZ");
  DataType nested = DataType::array(DataType::structOf(
      {StructField{"a", DataType::intType()}, StructField{"b", DataType::string()}}));
  EXPECT_EQ(nested.sql(), "ARRAY<STRUCT<a: INT, b: STRING>>");
  EXPECT_EQ(nested.simpleString(), "array<struct<a:int,b:string>>");
  EXPECT_EQ(DataType::map(DataType::string(), DataType::longType()).sql(), "MAP<STRING, BIGINT>");
  EXPECT_EQ(DataType::dayTimeInterval().simpleString(), "interval day to second");
}

TEST(DataTypeTest, DecimalStorageWidthDependsOnPrecision) {
  EXPECT_EQ(DataType::decimal(18, 2).physicalSize(), 8u);
  EXPECT_EQ(DataType::decimal(19, 2).physicalSize(), 16u);
}

TEST(DataTypeTest, DecimalRejectsBadPrecision) {
  EXPECT_THROW(DataType::decimal(39, 0), Error);
  EXPECT_THROW(DataType::decimal(5, 6), Error);
}

TEST(DataTypeTest, EqualityComparesChildren) {
  EXPECT_EQ(DataType::array(DataType::intType()), DataType::array(DataType::intType()));
  EXPECT_NE(DataType::array(DataType::intType()), DataType::array(DataType::longType()));
  EXPECT_NE(DataType::decimal(10, 2), DataType::decimal(10, 3));
}

}  // namespace
}  // namespace sluice
