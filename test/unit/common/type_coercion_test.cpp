#include "common/types/type_coercion.hpp"

#include <gtest/gtest.h>

namespace sluice {
namespace {

TEST(TypeCoercionTest, IntegralBesideFloatWidensToDouble) {
  EXPECT_EQ(*findTightestCommonType(DataType::intType(), DataType::floatType()),
            DataType::doubleType());
  EXPECT_EQ(*findTightestCommonType(DataType::floatType(), DataType::floatType()),
            DataType::floatType());
  EXPECT_EQ(*findTightestCommonType(DataType::byteType(), DataType::longType()),
            DataType::longType());
}

TEST(TypeCoercionTest, DecimalWidening) {
  EXPECT_EQ(*findWiderType(DataType::intType(), DataType::decimal(5, 2)), DataType::decimal(12, 2));
  EXPECT_EQ(*findWiderType(DataType::decimal(5, 2), DataType::doubleType()),
            DataType::doubleType());
  EXPECT_EQ(*findTightestCommonType(DataType::intType(), DataType::decimal(12, 2)),
            DataType::decimal(12, 2));
}

TEST(TypeCoercionTest, StringPromotion) {
  EXPECT_EQ(*findWiderType(DataType::string(), DataType::intType()), DataType::longType());
  EXPECT_EQ(*findWiderType(DataType::decimal(3, 1), DataType::string()), DataType::doubleType());
  EXPECT_EQ(*findWiderType(DataType::string(), DataType::date()), DataType::date());
  EXPECT_FALSE(findWiderType(DataType::boolean(), DataType::intType()).has_value());
}

TEST(TypeCoercionTest, DatetimeAndNullWidening) {
  EXPECT_EQ(*findWiderType(DataType::date(), DataType::timestamp()), DataType::timestamp());
  EXPECT_EQ(*findWiderType(DataType::voidType(), DataType::string()), DataType::string());
  EXPECT_EQ(*findWiderCommonType({DataType::intType(), DataType::voidType(), DataType::longType()}),
            DataType::longType());
}

TEST(TypeCoercionTest, NestedTypesWidenElementwise) {
  EXPECT_EQ(
      *findWiderType(DataType::array(DataType::intType()), DataType::array(DataType::longType())),
      DataType::array(DataType::longType()));
}

TEST(TypeCoercionTest, AnsiCastRules) {
  EXPECT_TRUE(canAnsiCast(DataType::string(), DataType::intType()));
  EXPECT_TRUE(canAnsiCast(DataType::intType(), DataType::boolean()));
  EXPECT_TRUE(canAnsiCast(DataType::timestamp(), DataType::longType()));
  EXPECT_FALSE(canAnsiCast(DataType::date(), DataType::intType()));
  EXPECT_FALSE(canAnsiCast(DataType::boolean(), DataType::date()));
}

}  // namespace
}  // namespace sluice
