// src/common/types/value_text.hpp
//
// Text to value and value to text, as Spark's CAST does it: the parsing rules of
// CAST(string AS type) and the printed form of each scalar type (CAST(x AS STRING) and the
// spark-sql shell). These are the per-value kernels that vectorized casts and printers loop
// over; they never allocate when parsing (a zone name in timestamp text is looked up in the
// TimeZone cache).
//
// Implemented by number_text.cpp, date_time_text.cpp, interval_text.cpp and
// civil_calendar.cpp beside this header.
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

// ---- Parsing: CAST(STRING AS type). ----
//
// Each parser trims the way Spark does for that type: the integral, boolean and datetime
// parsers drop bytes 0x00-0x20 and 0x7F at both ends (UTF8String.trimAll); the floating-point
// and decimal parsers drop bytes 0x00-0x20 (Java's String.trim).

//! "t", "true", "y", "yes", "1" and "f", "false", "n", "no", "0", any case.
std::optional<bool> parseBoolean(std::string_view text);
//! An integer in [min, max]: an optional sign and ASCII digits (UTF8String.toLongExact).
//! "1.5", "1e3", "0x10", "", "+" and "1 2" are kInvalid, and so is a number outside
//! [min, max]: ANSI casts report both as CAST_INVALID_INPUT, so kOverflow is never returned.
//! With `allow_fraction` (the non-ANSI form, UTF8String.toLong; TRY_CAST uses the ANSI form) a '.'
//! followed by digits only is accepted and dropped: "1.9" -> 1, "-.5" -> 0, "." -> 0.
ParseStatus parseIntegral(std::string_view text, int64_t min, int64_t max, int64_t& out,
                          bool allow_fraction = false);
//! Java's Double.parseDouble ("1.5", "-.5e3", "1d", "2F", "0x1.8p1", "NaN", "-Infinity";
//! overflow gives Infinity, underflow 0) plus Spark's case-insensitive "inf", "+inf",
//! "infinity", "+infinity", "-inf", "-infinity" and "nan".
std::optional<double> parseDouble(std::string_view text);
//! As parseDouble, rounded once, directly to float (Java's Float.parseFloat).
std::optional<float> parseFloat(std::string_view text);
//! A decimal number in Java's BigDecimal syntax ("1.5", "-.5", "+1e3", "1.E-2"; no
//! "inf"/"nan") rounded HALF_UP to `scale`. kOverflow when it does not fit
//! DECIMAL(precision, scale), and also when it has more than 38 integral digits (Spark then
//! raises NUMERIC_OUT_OF_SUPPORTED_RANGE instead of NUMERIC_VALUE_OUT_OF_RANGE).
ParseStatus parseDecimal(std::string_view text, int precision, int scale, int128_t& out);
//! Spark's date forms: "[+-]yyyy[yyy]", "[+-]yyyy-[m]m", "[+-]yyyy-[m]m-[d]d", the last
//! optionally followed by ' ' or 'T' and anything. Returns days since 1970-01-01; nullopt
//! for invalid text or dates (2023-02-29) and years outside DATE's range.
std::optional<int32_t> parseDate(std::string_view text);
//! Spark's timestamp forms: a date as above ("yyyy[-m[m][-d[d]]]", year of 4 to 6 digits),
//! then ' ' or 'T' and "h[h][:m[m][:s[s][.ffffff...]]]" (digits past the sixth are dropped),
//! then an optional zone: "Z", "+hh:mm", "-h", "+hhmm", "UTC", "UTC+8", "GMT-03:00", a short
//! id ("PST") or a region ("Europe/Paris"), with or without a space before it. A time alone
//! ("12:34:56", "T12:34") is today's date in the zone. Text without a zone is read in
//! `zone`; a wall-clock time in a DST gap or overlap takes the offset in force before the
//! transition. Returns microseconds since the epoch, UTC.
std::optional<int64_t> parseTimestamp(std::string_view text, const TimeZone& zone);
//! As parseTimestamp, but returns the wall-clock time itself (microseconds since
//! 1970-01-01 00:00:00 of that clock). CAST accepts a valid zone and ignores it
//! (`allow_zone`, Spark's stringToTimestampWithoutTimeZone(s, true)); TIMESTAMP_NTZ
//! literals pass false to reject it. A time without a date is invalid.
std::optional<int64_t> parseTimestampNtz(std::string_view text, bool allow_zone = true);
//! Spark's time forms (stringToTime): "h[h]:m[m][:s[s][.ffffff...]]" (digits past the sixth
//! are dropped), optionally "T" before it, optionally " AM" / "PM" after it (hours 1 to 12
//! then). No date and no zone. Returns microseconds since midnight.
std::optional<int64_t> parseTime(std::string_view text);

// ---- Formatting: CAST(x AS STRING). ----

//! Java's Double.toString (the shortest digits that read back as `value`, JDK 19+):
//! plain for 1e-3 <= |value| < 1e7 ("3.5", "100.0", "0.001"), otherwise "1.0E10",
//! "1.234E-5"; "NaN", "Infinity", "-Infinity", "0.0", "-0.0".
std::string formatDouble(double value);
//! Java's Float.toString, the same rules for float.
std::string formatFloat(float value);
//! Spark's CAST(decimal AS STRING) in ANSI mode (BigDecimal.toPlainString): never
//! scientific; all `scale` digits kept: "2.50", "-0.10", "100", "0.00000001".
std::string formatDecimal(int128_t unscaled, int scale);
//! BigDecimal.toString, which CAST uses outside ANSI mode (try_cast): plain unless the
//! exponent is below -6, then "1E-8", "1.23E-8", "0E-8".
std::string formatDecimalScientific(int128_t unscaled, int scale);
//! "2024-02-29"; years outside 0..9999 as Java prints them ("+10000-01-01", "-0001-01-01").
std::string formatDate(int32_t days);
//! "2024-02-29 13:45:01" with the fraction only when non-zero, trailing zeros trimmed
//! ("...:01.5"), as wall-clock time in `zone`.
std::string formatTimestamp(int64_t micros, const TimeZone& zone);
std::string formatTimestampNtz(int64_t micros);
//! "13:45:01", with the fraction only when non-zero, trailing zeros trimmed ("13:45:01.5").
std::string formatTime(int64_t micros_of_day);
//! "INTERVAL '1-2' YEAR TO MONTH", "INTERVAL '-14' MONTH", as Spark prints interval values.
std::string formatYearMonthInterval(int32_t months, IntervalField start, IntervalField end);
//! "INTERVAL '3 04:05:06.5' DAY TO SECOND", "INTERVAL '100:00' HOUR TO MINUTE"; fields
//! below `end` are not printed (they are zero in a value of that type).
std::string formatDayTimeInterval(int64_t micros, IntervalField start, IntervalField end);
//! Bytes as Spark shows BINARY values outside CAST (show(), CSV): "[0A 1B FF]".
std::string formatBinaryHex(std::string_view bytes);

// ---- Civil calendar (proleptic Gregorian, as Spark 3+). ----

//! Days since 1970-01-01 of a valid date; the caller checks validity with isValidDate and
//! that the result fits (every year in -5877641..5881580 does).
int32_t daysFromCivil(int32_t year, uint32_t month, uint32_t day);
//! daysFromCivil for any year that fits in int32 and more; never overflows.
int64_t daysFromCivilWide(int64_t year, uint32_t month, uint32_t day);
struct CivilDate {
  int32_t year;
  uint32_t month;
  uint32_t day;
};
CivilDate civilFromDays(int32_t days);
bool isValidDate(int32_t year, uint32_t month, uint32_t day);
//! The number of days in `month` (1-12) of `year`.
uint32_t daysInMonth(int64_t year, uint32_t month);
//! ISO day of week of a day since 1970-01-01: 1 = Monday ... 7 = Sunday.
uint32_t isoWeekdayFromDays(int64_t days);

}  // namespace sluice
