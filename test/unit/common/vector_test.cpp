#include "common/vector/vector.hpp"

#include <gtest/gtest.h>

namespace sluice {
namespace {

TEST(VectorTest, ValidityStartsAllValid) {
  Vector vector(DataType::intType(), 2049);
  EXPECT_FALSE(vector.mayHaveNulls());
  vector.setNull(2048);
  EXPECT_TRUE(vector.isNull(2048));
  EXPECT_FALSE(vector.isNull(2047));
  vector.setNull(2048, false);
  EXPECT_FALSE(vector.isNull(2048));
}

TEST(VectorTest, LongStringsLiveInTheVectorsHeap) {
  Vector vector(DataType::string(), 2);
  std::string text(100, 'x');
  vector.setValue(0, Value::string(text));
  vector.setValue(1, Value::string("short"));
  text.assign(100, 'y');
  EXPECT_EQ(vector.getValue(0), Value::string(std::string(100, 'x')));
  EXPECT_EQ(vector.getValue(1), Value::string("short"));
}

TEST(VectorTest, NestedValuesRoundTrip) {
  DataType type = DataType::structOf({StructField{"a", DataType::intType()},
                                      StructField{"b", DataType::array(DataType::string())}});
  Value value = Value::nested(
      type,
      {Value::intValue(7), Value::nested(type.fields()[1].type,
                                         {Value::string("p"), Value::null(DataType::string())})});
  Vector vector(type, 3);
  vector.setValue(1, value);
  vector.setValue(2, Value::null(type));
  EXPECT_EQ(vector.getValue(1), value);
  EXPECT_TRUE(vector.isNull(2));
}

TEST(VectorTest, ConstantStandsForEveryRow) {
  Vector vector = Vector::constant(Value::longValue(5));
  EXPECT_TRUE(vector.isConstant());
  EXPECT_EQ(vector.at<int64_t>(1000), 5);
  vector.flatten(3);
  EXPECT_FALSE(vector.isConstant());
  EXPECT_EQ(vector.getValue(2), Value::longValue(5));
}

TEST(VectorTest, DecimalUsesItsPrecisionsWidth) {
  Vector narrow(DataType::decimal(10, 2), 1);
  narrow.setValue(0, Value::decimal(12345, 10, 2));
  EXPECT_EQ(narrow.data<int64_t>()[0], 12345);
  Vector wide(DataType::decimal(30, 2), 1);
  int128_t big = static_cast<int128_t>(INT64_MAX) * 1000;
  wide.setValue(0, Value::decimal(big, 30, 2));
  EXPECT_TRUE(wide.data<int128_t>()[0] == big);
}

}  // namespace
}  // namespace sluice
