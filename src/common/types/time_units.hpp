// src/common/types/time_units.hpp
//
// The units DATE, TIMESTAMP and intervals are counted in, and the floor division that turns
// an instant before 1970 into the right day or second (C++'s division truncates towards 0).
#pragma once

#include <cstdint>

namespace sluice {

constexpr int64_t kMicrosPerMilli = 1000;
constexpr int64_t kMicrosPerSecond = 1'000'000;
constexpr int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;
constexpr int64_t kSecondsPerDay = 86'400;
constexpr int64_t kMillisPerHour = 3'600'000;

//! The microseconds in one unit of the last of `precision` fraction digits (0 to 6): 10^(6 - p).
constexpr int64_t microsPerFractionDigit(int precision) {
  int64_t unit = 1;
  for (int digits = precision; digits < 6; ++digits)
    unit *= 10;
  return unit;
}

//! A TIME value (microseconds since midnight, never negative) cut to `precision` fraction
//! digits, as a cast to TIME(precision) does.
constexpr int64_t truncateTimeOfDay(int64_t micros_of_day, int precision) {
  return micros_of_day - micros_of_day % microsPerFractionDigit(precision);
}

//! `value / divisor` rounded towards negative infinity.
constexpr int64_t floorDivide(int64_t value, int64_t divisor) {
  int64_t quotient = value / divisor;
  if ((value % divisor != 0) && ((value < 0) != (divisor < 0)))
    --quotient;
  return quotient;
}

//! The remainder of floorDivide: of the divisor's sign.
constexpr int64_t floorModulo(int64_t value, int64_t divisor) {
  return value - floorDivide(value, divisor) * divisor;
}

}  // namespace sluice
