// src/common/types/decimal.hpp
//
// DECIMAL(p, s) arithmetic on unscaled 128-bit integers with Spark's rules: HALF_UP rounding,
// overflow reported to the caller (who raises NUMERIC_VALUE_OUT_OF_RANGE or returns NULL for
// try_ functions), and the result types of Spark's DecimalPrecision rule.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"

namespace sluice::decimal {

//! 10^exponent for 0 <= exponent <= 38.
int128_t powerOfTen(int exponent);
//! True when |unscaled| < 10^precision.
bool fitsPrecision(int128_t unscaled, int precision);
//! The number of decimal digits of |unscaled|, 1 for zero (Java's BigDecimal.precision()).
int digitCount(int128_t unscaled);

//! a / b rounded half away from zero (BigDecimal's and Guava's HALF_UP); b != 0.
int128_t divideHalfUp(int128_t a, int128_t b);

//! Changes the scale of `unscaled` (HALF_UP when digits are dropped). Returns nullopt when the
//! result does not fit in `precision` digits.
std::optional<int128_t> rescale(int128_t unscaled, int from_scale, int to_scale, int precision);

//! a (scale sa) + b (scale sb) into result_scale / result_precision; nullopt on overflow.
std::optional<int128_t> add(int128_t a, int sa, int128_t b, int sb, int result_precision,
                            int result_scale);
std::optional<int128_t> subtract(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                 int result_scale);
//! The product as Spark computes it: exact, then rounded HALF_UP to 38 significant digits
//! (BigDecimal.multiply with MathContext(38)), then HALF_UP to result_scale.
std::optional<int128_t> multiply(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                 int result_scale);
//! The quotient as Spark computes it: rounded HALF_UP to scale 38 (BigDecimal.divide), then
//! HALF_UP to result_scale; the caller has checked b != 0.
std::optional<int128_t> divide(int128_t a, int sa, int128_t b, int sb, int result_precision,
                               int result_scale);
//! Remainder with the sign of the dividend (Spark's %); the caller has checked b != 0.
std::optional<int128_t> remainder(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                  int result_scale);

//! `a div b` for decimals: the quotient truncated toward zero (BigDecimal
//! .divideToIntegralValue), checked against `result_precision` digits; b != 0.
std::optional<int128_t> integralDivide(int128_t a, int sa, int128_t b, int sb,
                                       int result_precision);

//! Spark's result types (DecimalPrecision with allowPrecisionLoss = true).
DataType addResultType(const DataType& left, const DataType& right);  // also for subtract
DataType multiplyResultType(const DataType& left, const DataType& right);
DataType divideResultType(const DataType& left, const DataType& right);
DataType remainderResultType(const DataType& left, const DataType& right);
//! The DECIMAL that `a div b` is checked against before it becomes a BIGINT (scale 0).
DataType integralDivideResultType(const DataType& left, const DataType& right);
//! The DECIMAL an integral type widens to: TINYINT (3,0), SMALLINT (5,0), INT (10,0),
//! BIGINT (20,0).
DataType forIntegral(TypeId id);
//! The DECIMAL a number is cast to where Spark expects any DECIMAL (DecimalType.forType): a
//! DECIMAL itself, an integral type as forIntegral, FLOAT (14, 7), DOUBLE (30, 15).
DataType forType(const DataType& type);
//! The smallest DECIMAL holding both (Spark's widerDecimalType); past 38 digits the integral
//! digits are kept and the scale shrinks (DecimalType.boundedPreferIntegralDigits).
DataType widerDecimal(const DataType& left, const DataType& right);

//! Converts to the nearest double (BigDecimal.doubleValue).
double toDouble(int128_t unscaled, int scale);
//! Converts a double to DECIMAL(precision, scale) as Spark does: the decimal digits of
//! Double.toString(value), rounded HALF_UP; nullopt when it does not fit or is not finite.
std::optional<int128_t> fromDouble(double value, int precision, int scale);

//! Decimal digits of a signed 128-bit integer.
std::string int128ToString(int128_t value);

}  // namespace sluice::decimal
