// src/common/types/value_text.hpp
//
// Text to value and value to text, as Spark's CAST does it: the parsing rules of
// CAST(string AS type) and the printed form of each scalar type (CAST(x AS STRING) and the
// spark-sql shell). These are the per-value kernels that vectorized casts and printers loop
// over; they never allocate when parsing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"

namespace sluice {

class TimeZone;

//! The outcome of parsing text as a number that has a range.
enum class ParseStatus : uint8_t {
  kOk,
  kInvalid,   // not a number of that kind: CAST_INVALID_INPUT
  kOverflow,  // a number, but outside the type's range: NUMERIC_VALUE_OUT_OF_RANGE
};

// ---- Parsing: CAST(STRING AS type). Leading and trailing white space is ignored. ----

//! "true", "t", "yes", "y", "1" and "false", "f", "no", "n", "0", any case.
std::optional<bool> parseBoolean(std::string_view text);
//! An integer in [min, max]: optional sign, digits, and an optional fraction that is dropped
//! (Spark truncates "1.9" to 1). Out of range is kInvalid, as in Spark's string casts.
ParseStatus parseIntegral(std::string_view text, int64_t min, int64_t max, int64_t& out);
//! Java's Double.parseDouble plus Spark's extras ("inf", "-infinity", "NaN", case-insensitive).
std::optional<double> parseDouble(std::string_view text);
std::optional<float> parseFloat(std::string_view text);
//! A decimal number ("1.5", "-.5", "1e3") rounded HALF_UP to `scale`; kOverflow when it does
//! not fit DECIMAL(precision, scale).
ParseStatus parseDecimal(std::string_view text, int precision, int scale, int128_t& out);
//! Spark's date forms: "yyyy", "yyyy-[m]m", "yyyy-[m]m-[d]d", optionally followed by 'T' or
//! ' ' and anything; returns days since 1970-01-01.
std::optional<int32_t> parseDate(std::string_view text);
//! Spark's timestamp forms ("yyyy-mm-dd hh:mm:ss.ffffff", 'T' separator, optional zone "Z",
//! "+hh:mm", "UTC", region names); text without a zone is read in `zone`. Microseconds UTC.
std::optional<int64_t> parseTimestamp(std::string_view text, const TimeZone& zone);
//! As parseTimestamp, but the wall-clock time itself; a zone in the text is rejected.
std::optional<int64_t> parseTimestampNtz(std::string_view text);

// ---- Formatting: CAST(x AS STRING). ----

//! Java's Double.toString: shortest round-trip digits; "3.5", "1.0E10", "1.0E-5", "NaN",
//! "Infinity", "-0.0".
std::string formatDouble(double value);
//! Java's Float.toString.
std::string formatFloat(float value);
//! Spark's Decimal.toString of the unscaled value at `scale`: "2.5", "-0.10", "100".
std::string formatDecimal(int128_t unscaled, int scale);
//! "2024-02-29"; years outside 0..9999 as Spark prints them ("+10000-01-01", "-0001-01-01").
std::string formatDate(int32_t days);
//! "2024-02-29 13:45:01" with the fraction only when non-zero, trailing zeros trimmed
//! ("...:01.5"), in `zone`.
std::string formatTimestamp(int64_t micros, const TimeZone& zone);
std::string formatTimestampNtz(int64_t micros);
//! "INTERVAL '1-2' YEAR TO MONTH", "INTERVAL '3 04:05:06.5' DAY TO SECOND", as Spark prints
//! interval values.
std::string formatYearMonthInterval(int32_t months, IntervalField start, IntervalField end);
std::string formatDayTimeInterval(int64_t micros, IntervalField start, IntervalField end);

// ---- Civil calendar (proleptic Gregorian, as Spark 3+). ----

//! Days since 1970-01-01 of a valid date; the caller checks validity with isValidDate.
int32_t daysFromCivil(int32_t year, uint32_t month, uint32_t day);
struct CivilDate {
  int32_t year;
  uint32_t month;
  uint32_t day;
};
CivilDate civilFromDays(int32_t days);
bool isValidDate(int32_t year, uint32_t month, uint32_t day);

}  // namespace sluice
