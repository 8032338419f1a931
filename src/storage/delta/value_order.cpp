// src/storage/delta/value_order.cpp
//
// Comparison and exact coercion of scalar Values.

#include "storage/delta/value_order.hpp"

#include <cmath>
#include <string_view>

#include "common/check.hpp"
#include "common/types/decimal.hpp"

namespace sluice::delta {

namespace {

template <typename T>
int threeWay(T left, T right) {
  return left < right ? -1 : (right < left ? 1 : 0);
}

int compareFloating(double left, double right) {
  bool left_nan = std::isnan(left);
  bool right_nan = std::isnan(right);
  if (left_nan || right_nan)
    return threeWay<int>(left_nan, right_nan);
  return threeWay(left, right);
}

int compareBytes(std::string_view left, std::string_view right) {
  size_t common = std::min(left.size(), right.size());
  for (size_t i = 0; i < common; ++i) {
    auto a = static_cast<unsigned char>(left[i]);
    auto b = static_cast<unsigned char>(right[i]);
    if (a != b)
      return a < b ? -1 : 1;
  }
  return threeWay(left.size(), right.size());
}

}  // namespace

int compareScalarValues(const Value& left, const Value& right) {
  const DataType& type = left.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return threeWay<int>(left.getBoolean(), right.getBoolean());
    case TypeId::kFloat:
      return compareFloating(left.getFloat(), right.getFloat());
    case TypeId::kDouble:
      return compareFloating(left.getDouble(), right.getDouble());
    case TypeId::kDecimal:
      SLUICE_CHECK_EQ(type.scale(), right.type().scale());
      return threeWay(left.getDecimalUnscaled(), right.getDecimalUnscaled());
    case TypeId::kString:
    case TypeId::kBinary:
      return compareBytes(left.getString(), right.getString());
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      return threeWay(left.getInt64(), right.getInt64());
    default:
      SLUICE_UNREACHABLE("compareScalarValues on a nested or VOID value");
  }
}

int compareNullsFirst(const Value& left, const Value& right) {
  if (left.isNull() || right.isNull())
    return threeWay<int>(!left.isNull(), !right.isNull());
  return compareScalarValues(left, right);
}

std::optional<Value> coerceScalar(const Value& value, const DataType& type) {
  if (value.type() == type)
    return value;
  if (value.isNull())
    return Value::null(type);
  const DataType& from = value.type();
  if (from.isIntegral() && type.isIntegral()) {
    return Value::fromInt64(type, value.getInt64());
  }
  if (from.isIntegral() && type.id() == TypeId::kDecimal) {
    int128_t unscaled = static_cast<int128_t>(value.getInt64()) * decimal::powerOfTen(type.scale());
    if (!decimal::fitsPrecision(unscaled, type.precision()))
      return std::nullopt;
    return Value::decimal(unscaled, type.precision(), type.scale());
  }
  if (from.id() == TypeId::kDecimal && type.id() == TypeId::kDecimal) {
    auto rescaled =
        decimal::rescale(value.getDecimalUnscaled(), from.scale(), type.scale(), type.precision());
    if (!rescaled)
      return std::nullopt;
    // Rescaling down rounds; only an exact result keeps comparisons right.
    auto back =
        decimal::rescale(*rescaled, type.scale(), from.scale(), DataType::kMaxDecimalPrecision);
    if (!back || *back != value.getDecimalUnscaled())
      return std::nullopt;
    return Value::decimal(*rescaled, type.precision(), type.scale());
  }
  if (from.isNumeric() && type.isFloating()) {
    double number = from.isIntegral()  ? static_cast<double>(value.getInt64())
                    : from.isDecimal() ? decimal::toDouble(value.getDecimalUnscaled(), from.scale())
                    : from.id() == TypeId::kFloat ? value.getFloat()
                                                  : value.getDouble();
    if (type.id() == TypeId::kFloat)
      return Value::floatValue(static_cast<float>(number));
    return Value::doubleValue(number);
  }
  if (from.isStringLike() && type.isStringLike()) {
    return type.id() == TypeId::kString ? Value::string(value.getString())
                                        : Value::binary(value.getString());
  }
  return std::nullopt;
}

}  // namespace sluice::delta
