// src/function/scalar/datetime_functions.hpp
//
// What the files of the date and time functions share between them: binders called under
// several names (date_add with a unit is timestampadd) and the truncation levels of trunc and
// date_trunc.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "function/function_registry.hpp"

namespace sluice {

//! The type argument `index` is cast to where Spark accepts any timestamp: TIMESTAMP_NTZ stays,
//! anything else becomes TIMESTAMP.
DataType anyTimestampArgument(const BindRequest& request, size_t index);

//! timestampadd(unit, n, ts), also dateadd / date_add with three arguments.
BoundScalarFunction bindTimestampAdd(std::string name, const BindRequest& request);
//! timestampdiff(unit, start, end), also datediff / date_diff / timediff with three arguments.
BoundScalarFunction bindTimestampDiff(std::string name, const BindRequest& request);

//! The units of trunc and date_trunc, finest first (Spark's TRUNC_TO_* levels).
enum class TruncLevel {
  kMicrosecond,
  kMillisecond,
  kSecond,
  kMinute,
  kHour,
  kDay,
  kWeek,
  kMonth,
  kQuarter,
  kYear,
  kInvalid,
};

//! "YEAR" / "YYYY" / "YY", "QUARTER", "MONTH" / "MON" / "MM", "WEEK", "DAY" / "DD", "HOUR",
//! "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND", in any case; else kInvalid.
TruncLevel parseTruncLevel(std::string_view text);
//! The first day of the week (Monday), month, quarter or year holding `days`.
int32_t truncDate(int32_t days, TruncLevel level);

//! LocalDate.of's checks with its messages (raised as Spark 4's DATETIME_FIELD_OUT_OF_BOUNDS).
int32_t makeDateOrThrow(int64_t year, int64_t month, int64_t day);
//! The microseconds of the day of hour:minute:second; `second_micros` is the seconds with
//! their fraction in microseconds. 60 seconds without a fraction is the next minute
//! (`next_minute` set, the result then has 0 seconds); with a fraction it is
//! INVALID_FRACTION_OF_SECOND.
int64_t makeTimeOfDayOrThrow(int64_t hour, int64_t minute, int64_t second_micros,
                             bool& next_minute);

}  // namespace sluice
