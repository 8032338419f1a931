// test/unit/common/value_text_test.cpp
//
// Numbers, booleans and intervals as text: CAST(string AS BOOLEAN / integral / FLOAT /
// DOUBLE / DECIMAL) with Spark 4's ANSI rules, and the printed forms of Double.toString,
// Float.toString, BigDecimal.toPlainString and Spark's ANSI interval strings.
#include "common/types/value_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "common/types/decimal.hpp"

namespace sluice {
namespace {

constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// "ok:<value>" or "invalid": one string to compare per case.
std::string integral(std::string_view text, int64_t min = kInt64Min, int64_t max = kInt64Max,
                     bool allow_fraction = false) {
  int64_t out = 0;
  ParseStatus status = parseIntegral(text, min, max, out, allow_fraction);
  if (status == ParseStatus::kOk)
    return "ok:" + std::to_string(out);
  return status == ParseStatus::kInvalid ? "invalid" : "overflow";
}

std::string decimalText(std::string_view text, int precision, int scale) {
  int128_t out = 0;
  ParseStatus status = parseDecimal(text, precision, scale, out);
  if (status == ParseStatus::kOk)
    return decimal::int128ToString(out);
  return status == ParseStatus::kInvalid ? "invalid" : "overflow";
}

TEST(ValueTextTest, BooleanWords) {
  for (const char* yes :
       {"true", "TRUE", "True", "t", "T", "y", "yes", "YES", "1", " true ", "\t\nyes\r", "\x7Fy"}) {
    EXPECT_EQ(parseBoolean(yes), std::optional<bool>(true)) << yes;
  }
  for (const char* no : {"false", "FALSE", "f", "n", "No", "0", "  0  "}) {
    EXPECT_EQ(parseBoolean(no), std::optional<bool>(false)) << no;
  }
  for (const char* bad : {"", " ", "2", "tru", "yes!", "on", "off", "-1", "1.0", "t r u e"}) {
    EXPECT_EQ(parseBoolean(bad), std::nullopt) << bad;
  }
}

TEST(ValueTextTest, IntegralAnsiSyntax) {
  EXPECT_EQ(integral("123"), "ok:123");
  EXPECT_EQ(integral(" 12 "), "ok:12");
  EXPECT_EQ(integral("\t\n42\r\x7F"), "ok:42");
  EXPECT_EQ(integral("+5"), "ok:5");
  EXPECT_EQ(integral("-0"), "ok:0");
  EXPECT_EQ(integral("007"), "ok:7");
  EXPECT_EQ(integral("-007"), "ok:-7");
  // ANSI casts take no fraction, exponent, hex, inner space or bare sign.
  for (const char* bad : {"1.5", "1.", ".5", "1e3", "0x10", "", "   ", "+", "-", "1 2", "--1",
                          "+-1", "1-", "12a", "a12", "\xD9\xA3", "1,000", "Infinity"}) {
    EXPECT_EQ(integral(bad), "invalid") << bad;
  }
}

TEST(ValueTextTest, IntegralRangesAreInvalidInput) {
  EXPECT_EQ(integral("2147483647", kInt32Min, kInt32Max), "ok:2147483647");
  EXPECT_EQ(integral("-2147483648", kInt32Min, kInt32Max), "ok:-2147483648");
  EXPECT_EQ(integral("2147483648", kInt32Min, kInt32Max), "invalid");
  EXPECT_EQ(integral("-2147483649", kInt32Min, kInt32Max), "invalid");
  EXPECT_EQ(integral("127", -128, 127), "ok:127");
  EXPECT_EQ(integral("128", -128, 127), "invalid");
  EXPECT_EQ(integral("-128", -128, 127), "ok:-128");
  EXPECT_EQ(integral("32768", -32768, 32767), "invalid");
  EXPECT_EQ(integral("9223372036854775807"), "ok:9223372036854775807");
  EXPECT_EQ(integral("-9223372036854775808"), "ok:-9223372036854775808");
  EXPECT_EQ(integral("9223372036854775808"), "invalid");
  EXPECT_EQ(integral("-9223372036854775809"), "invalid");
  EXPECT_EQ(integral("99999999999999999999999"), "invalid");
  EXPECT_EQ(integral("00000000000000000000000000001"), "ok:1");
}

TEST(ValueTextTest, IntegralWithFractionForTryCast) {
  EXPECT_EQ(integral("1.9", kInt64Min, kInt64Max, true), "ok:1");
  EXPECT_EQ(integral("-1.9", kInt64Min, kInt64Max, true), "ok:-1");
  EXPECT_EQ(integral("1.", kInt64Min, kInt64Max, true), "ok:1");
  EXPECT_EQ(integral(".5", kInt64Min, kInt64Max, true), "ok:0");
  EXPECT_EQ(integral(".", kInt64Min, kInt64Max, true), "ok:0");
  EXPECT_EQ(integral("+.5", kInt64Min, kInt64Max, true), "ok:0");
  EXPECT_EQ(integral("2147483647.99", kInt32Min, kInt32Max, true), "ok:2147483647");
  EXPECT_EQ(integral("1.x", kInt64Min, kInt64Max, true), "invalid");
  EXPECT_EQ(integral("1.5.5", kInt64Min, kInt64Max, true), "invalid");
  EXPECT_EQ(integral("1e3", kInt64Min, kInt64Max, true), "invalid");
  EXPECT_EQ(integral("1. 5", kInt64Min, kInt64Max, true), "invalid");
}

TEST(ValueTextTest, DoubleJavaSyntax) {
  EXPECT_EQ(parseDouble("1.5"), 1.5);
  EXPECT_EQ(parseDouble(" 1.5 "), 1.5);
  EXPECT_EQ(parseDouble("\t2.5\n"), 2.5);
  EXPECT_EQ(parseDouble("-.5e3"), -500.0);
  EXPECT_EQ(parseDouble("+5."), 5.0);
  EXPECT_EQ(parseDouble("1d"), 1.0);
  EXPECT_EQ(parseDouble("2F"), 2.0);
  EXPECT_EQ(parseDouble("1.5E+2D"), 150.0);
  EXPECT_EQ(parseDouble("0x1.8p1"), 3.0);
  EXPECT_EQ(parseDouble("-0X1P-2"), -0.25);
  EXPECT_EQ(parseDouble("0x.8p1d"), 1.0);
  EXPECT_EQ(parseDouble("4.9e-324"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(parseDouble("1.7976931348623157E308"), std::numeric_limits<double>::max());
  EXPECT_EQ(parseDouble("0.1"), 0.1);
  EXPECT_EQ(parseDouble("000123.456000"), 123.456);
  for (const char* bad : {"",
                          "1e",
                          "e5",
                          ".",
                          "-",
                          "1.5x",
                          "1..5",
                          "1.5dd",
                          "1_000",
                          "1,5",
                          "0x10",
                          "0x",
                          "0xp1",
                          "+nan",
                          "-nan",
                          "Infinityd",
                          "NaNd",
                          "infinit",
                          "\x7F"
                          "2.5",
                          "1 5",
                          "++1",
                          "1e+",
                          "0x1.8p"}) {
    EXPECT_EQ(parseDouble(bad), std::nullopt) << bad;
  }
}

TEST(ValueTextTest, DoubleSpecialValues) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const char* text :
       {"inf", "INF", "+inf", "Infinity", "+Infinity", "infinity", "+INFINITY", " inf "}) {
    EXPECT_EQ(parseDouble(text), inf) << text;
  }
  for (const char* text : {"-inf", "-Inf", "-Infinity", "-infinity"}) {
    EXPECT_EQ(parseDouble(text), -inf) << text;
  }
  for (const char* text : {"NaN", "nan", "NAN", "+NaN", "-NaN", " nan "}) {
    std::optional<double> value = parseDouble(text);
    ASSERT_TRUE(value) << text;
    EXPECT_TRUE(std::isnan(*value)) << text;
  }
  // Past the range: Infinity and zero, not an error.
  EXPECT_EQ(parseDouble("1e400"), inf);
  EXPECT_EQ(parseDouble("-1e400"), -inf);
  EXPECT_EQ(parseDouble("1e99999999999999999999"), inf);
  EXPECT_EQ(parseDouble("1.7976931348623159e308"), inf);
  std::optional<double> tiny = parseDouble("-1e-400");
  ASSERT_TRUE(tiny);
  EXPECT_EQ(*tiny, 0.0);
  EXPECT_TRUE(std::signbit(*tiny));
  EXPECT_EQ(parseDouble("0.000000000000000000000000000000000001e-300"), 0.0);
  EXPECT_EQ(parseDouble("0x1p-1080"), 0.0);
  EXPECT_EQ(parseDouble("0x1p2000"), inf);
}

TEST(ValueTextTest, FloatRoundsOnceFromDecimal) {
  EXPECT_EQ(parseFloat("0.1"), 0.1f);
  EXPECT_EQ(parseFloat("3.4028235e38"), std::numeric_limits<float>::max());
  EXPECT_EQ(parseFloat("3.5e38"), std::numeric_limits<float>::infinity());
  EXPECT_EQ(parseFloat("1.4e-45"), std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(parseFloat("1e-46"), 0.0f);
  EXPECT_EQ(parseFloat("-INF"), -std::numeric_limits<float>::infinity());
  // Just above 1 + 2^-24: directly rounded up to 1 + 2^-23; through a double it would tie
  // and round down to 1.
  EXPECT_EQ(parseFloat("1.000000059604644775390625000001"), 1.0f + std::ldexp(1.0f, -23));
  EXPECT_EQ(parseFloat("abc"), std::nullopt);
}

TEST(ValueTextTest, FormatDoubleLikeJava) {
  EXPECT_EQ(formatDouble(1.0), "1.0");
  EXPECT_EQ(formatDouble(0.1), "0.1");
  EXPECT_EQ(formatDouble(-0.0), "-0.0");
  EXPECT_EQ(formatDouble(0.0), "0.0");
  EXPECT_EQ(formatDouble(100.0), "100.0");
  EXPECT_EQ(formatDouble(3.14), "3.14");
  EXPECT_EQ(formatDouble(-1.5), "-1.5");
  EXPECT_EQ(formatDouble(100.5), "100.5");
  EXPECT_EQ(formatDouble(1234567.125), "1234567.125");
  EXPECT_EQ(formatDouble(9999999.0), "9999999.0");
  EXPECT_EQ(formatDouble(1e7), "1.0E7");
  EXPECT_EQ(formatDouble(12345678.9), "1.23456789E7");
  EXPECT_EQ(formatDouble(123456789.0), "1.23456789E8");
  EXPECT_EQ(formatDouble(0.001), "0.001");
  EXPECT_EQ(formatDouble(0.0012), "0.0012");
  EXPECT_EQ(formatDouble(9.99e-4), "9.99E-4");
  EXPECT_EQ(formatDouble(1e-5), "1.0E-5");
  EXPECT_EQ(formatDouble(-1.5e-7), "-1.5E-7");
  EXPECT_EQ(formatDouble(1.5e300), "1.5E300");
  EXPECT_EQ(formatDouble(1e21), "1.0E21");
  EXPECT_EQ(formatDouble(1e23), "1.0E23");
  EXPECT_EQ(formatDouble(2e23), "2.0E23");
  EXPECT_EQ(formatDouble(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(formatDouble(2.0 / 3), "0.6666666666666666");
  EXPECT_EQ(formatDouble(std::numeric_limits<double>::max()), "1.7976931348623157E308");
  EXPECT_EQ(formatDouble(std::numeric_limits<double>::min()), "2.2250738585072014E-308");
  // One digit would read back, but Java prefers the closer two-digit form.
  EXPECT_EQ(formatDouble(std::numeric_limits<double>::denorm_min()), "4.9E-324");
  EXPECT_EQ(formatDouble(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(formatDouble(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(formatDouble(-std::numeric_limits<double>::infinity()), "-Infinity");
}

TEST(ValueTextTest, FormatFloatLikeJava) {
  EXPECT_EQ(formatFloat(1.0f), "1.0");
  EXPECT_EQ(formatFloat(0.1f), "0.1");
  EXPECT_EQ(formatFloat(1.1f), "1.1");
  EXPECT_EQ(formatFloat(0.3f), "0.3");
  EXPECT_EQ(formatFloat(1.0f / 3), "0.33333334");
  EXPECT_EQ(formatFloat(1e10f), "1.0E10");
  EXPECT_EQ(formatFloat(16777216.0f), "1.6777216E7");
  EXPECT_EQ(formatFloat(-0.0f), "-0.0");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::max()), "3.4028235E38");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::denorm_min()), "1.4E-45");
  EXPECT_EQ(formatFloat(std::numeric_limits<float>::infinity()), "Infinity");
}

TEST(ValueTextTest, DoubleTextRoundTrips) {
  std::mt19937_64 random(42);
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = random();
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    if (!std::isfinite(value))
      continue;
    std::string text = formatDouble(value);
    std::optional<double> back = parseDouble(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(std::memcmp(&*back, &value, sizeof(value)), 0) << text;
  }
  for (int i = 0; i < 20000; ++i) {
    auto bits = static_cast<uint32_t>(random());
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    if (!std::isfinite(value))
      continue;
    std::string text = formatFloat(value);
    std::optional<float> back = parseFloat(text);
    ASSERT_TRUE(back) << text;
    EXPECT_EQ(std::memcmp(&*back, &value, sizeof(value)), 0) << text;
  }
}

TEST(ValueTextTest, DecimalParsingRoundsHalfUp) {
  EXPECT_EQ(decimalText("1.5", 10, 0), "2");
  EXPECT_EQ(decimalText("2.5", 10, 0), "3");
  EXPECT_EQ(decimalText("-2.5", 10, 0), "-3");
  EXPECT_EQ(decimalText("1.45", 10, 1), "15");
  EXPECT_EQ(decimalText("1.449999", 10, 1), "14");
  EXPECT_EQ(decimalText("123", 3, 0), "123");
  EXPECT_EQ(decimalText("-123", 3, 0), "-123");
  EXPECT_EQ(decimalText("1234", 3, 0), "overflow");
  EXPECT_EQ(decimalText("999.5", 4, 0), "1000");
  EXPECT_EQ(decimalText("999.5", 3, 0), "overflow");
  EXPECT_EQ(decimalText("1e3", 4, 0), "1000");
  EXPECT_EQ(decimalText("1E-2", 5, 2), "1");
  EXPECT_EQ(decimalText(".5", 1, 0), "1");
  EXPECT_EQ(decimalText("-.5", 2, 1), "-5");
  EXPECT_EQ(decimalText("+1.", 2, 0), "1");
  EXPECT_EQ(decimalText(" 1.5 \n", 5, 2), "150");
  EXPECT_EQ(decimalText("000123.4500", 10, 2), "12345");
  EXPECT_EQ(decimalText("0.0", 10, 2), "0");
  EXPECT_EQ(decimalText("-0.004", 10, 2), "0");
  EXPECT_EQ(decimalText("1.2345e2", 10, 1), "1235");
  EXPECT_EQ(decimalText("12345e-6", 10, 3), "12");
  EXPECT_EQ(decimalText("1." + std::string(100, '0') + "1", 10, 2), "100");
  EXPECT_EQ(decimalText("0." + std::string(38, '0') + "5", 38, 38), "1");
  EXPECT_EQ(decimalText("0." + std::string(38, '0') + "4999", 38, 38), "0");
  EXPECT_EQ(decimalText("12345678901234567890123456789012345678", 38, 0),
            "12345678901234567890123456789012345678");
  EXPECT_EQ(decimalText("-99999999999999999999999999999999999999", 38, 0),
            "-99999999999999999999999999999999999999");
  EXPECT_EQ(decimalText("99999999999999999999999999999999999999.5", 38, 0), "overflow");
  // More than 38 integral digits is refused before rounding, even for zero.
  EXPECT_EQ(decimalText("1e38", 38, 0), "overflow");
  EXPECT_EQ(decimalText("0e50", 10, 0), "overflow");
  EXPECT_EQ(decimalText("0e37", 10, 0), "0");
  EXPECT_EQ(decimalText("1e-1000000", 10, 2), "0");
  for (const char* bad : {"", " ", ".", "1e", "1e+", "1.2.3", "1.5d", "inf", "NaN", "0x10", "1 000",
                          "--1", "+", "e1", "1e2147483648",
                          "\x7F"
                          "1"}) {
    EXPECT_EQ(decimalText(bad, 10, 2), "invalid") << bad;
  }
}

TEST(ValueTextTest, FormatDecimalIsPlain) {
  EXPECT_EQ(formatDecimal(250, 2), "2.50");
  EXPECT_EQ(formatDecimal(-10, 2), "-0.10");
  EXPECT_EQ(formatDecimal(100, 0), "100");
  EXPECT_EQ(formatDecimal(1, 8), "0.00000001");
  EXPECT_EQ(formatDecimal(0, 2), "0.00");
  EXPECT_EQ(formatDecimal(0, 0), "0");
  EXPECT_EQ(formatDecimal(5, 1), "0.5");
  EXPECT_EQ(formatDecimal(-5, 1), "-0.5");
  EXPECT_EQ(formatDecimal(decimal::powerOfTen(38) - 1, 0), std::string(38, '9'));
  EXPECT_EQ(formatDecimal(-(decimal::powerOfTen(38) - 1), 38), "-0." + std::string(38, '9'));
  EXPECT_EQ(formatDecimal(12345, 38),
            "0.000000000000000000000000000000000"
            "12345");
}

TEST(ValueTextTest, FormatDecimalScientificIsBigDecimalToString) {
  EXPECT_EQ(formatDecimalScientific(1, 8), "1E-8");
  EXPECT_EQ(formatDecimalScientific(-1, 8), "-1E-8");
  EXPECT_EQ(formatDecimalScientific(123, 10), "1.23E-8");
  EXPECT_EQ(formatDecimalScientific(0, 8), "0E-8");
  EXPECT_EQ(formatDecimalScientific(0, 6), "0.000000");
  EXPECT_EQ(formatDecimalScientific(1, 7), "1E-7");
  EXPECT_EQ(formatDecimalScientific(10, 7), "0.0000010");
  EXPECT_EQ(formatDecimalScientific(250, 2), "2.50");
  EXPECT_EQ(formatDecimalScientific(100, 0), "100");
}

TEST(ValueTextTest, YearMonthIntervals) {
  using F = IntervalField;
  EXPECT_EQ(formatYearMonthInterval(14, F::kYear, F::kMonth), "INTERVAL '1-2' YEAR TO MONTH");
  EXPECT_EQ(formatYearMonthInterval(-14, F::kYear, F::kMonth), "INTERVAL '-1-2' YEAR TO MONTH");
  EXPECT_EQ(formatYearMonthInterval(0, F::kYear, F::kMonth), "INTERVAL '0-0' YEAR TO MONTH");
  EXPECT_EQ(formatYearMonthInterval(14, F::kMonth, F::kMonth), "INTERVAL '14' MONTH");
  EXPECT_EQ(formatYearMonthInterval(-14, F::kMonth, F::kMonth), "INTERVAL '-14' MONTH");
  EXPECT_EQ(formatYearMonthInterval(25, F::kYear, F::kYear), "INTERVAL '2' YEAR");
  EXPECT_EQ(formatYearMonthInterval(-25, F::kYear, F::kYear), "INTERVAL '-2' YEAR");
  EXPECT_EQ(formatYearMonthInterval(std::numeric_limits<int32_t>::min(), F::kYear, F::kMonth),
            "INTERVAL '-178956970-8' YEAR TO MONTH");
  EXPECT_EQ(formatYearMonthInterval(std::numeric_limits<int32_t>::max(), F::kYear, F::kMonth),
            "INTERVAL '178956970-7' YEAR TO MONTH");
}

TEST(ValueTextTest, DayTimeIntervals) {
  using F = IntervalField;
  constexpr int64_t kSecond = 1'000'000;
  constexpr int64_t kHour = 3600 * kSecond;
  constexpr int64_t kDay = 24 * kHour;
  int64_t value = 3 * kDay + 4 * kHour + 5 * 60 * kSecond + 6 * kSecond + 500'000;
  EXPECT_EQ(formatDayTimeInterval(value, F::kDay, F::kSecond),
            "INTERVAL '3 04:05:06.5' DAY TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(-value, F::kDay, F::kSecond),
            "INTERVAL '-3 04:05:06.5' DAY TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(0, F::kDay, F::kSecond), "INTERVAL '0 00:00:00' DAY TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(2 * kDay, F::kDay, F::kDay), "INTERVAL '2' DAY");
  EXPECT_EQ(formatDayTimeInterval(kDay + 2 * kHour, F::kDay, F::kHour),
            "INTERVAL '1 02' DAY TO HOUR");
  EXPECT_EQ(formatDayTimeInterval(kDay + 2 * kHour + 3 * 60 * kSecond, F::kDay, F::kMinute),
            "INTERVAL '1 02:03' DAY TO MINUTE");
  EXPECT_EQ(formatDayTimeInterval(100 * kHour, F::kHour, F::kMinute),
            "INTERVAL '100:00' HOUR TO MINUTE");
  EXPECT_EQ(formatDayTimeInterval(5 * kHour, F::kHour, F::kHour), "INTERVAL '05' HOUR");
  EXPECT_EQ(formatDayTimeInterval(kHour + 1, F::kHour, F::kSecond),
            "INTERVAL '01:00:00.000001' HOUR TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(61 * kSecond + 500'000, F::kMinute, F::kSecond),
            "INTERVAL '01:01.5' MINUTE TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(5 * kSecond + 500'000, F::kSecond, F::kSecond),
            "INTERVAL '05.5' SECOND");
  EXPECT_EQ(formatDayTimeInterval(12 * kSecond + 1, F::kSecond, F::kSecond),
            "INTERVAL '12.000001' SECOND");
  EXPECT_EQ(formatDayTimeInterval(-120 * kSecond, F::kSecond, F::kSecond),
            "INTERVAL '-120' SECOND");
  EXPECT_EQ(formatDayTimeInterval(kInt64Min, F::kDay, F::kSecond),
            "INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(kInt64Max, F::kDay, F::kSecond),
            "INTERVAL '106751991 04:00:54.775807' DAY TO SECOND");
  EXPECT_EQ(formatDayTimeInterval(kInt64Min, F::kSecond, F::kSecond),
            "INTERVAL '-9223372036854.775808' SECOND");
  EXPECT_EQ(formatDayTimeInterval(kInt64Min, F::kHour, F::kHour), "INTERVAL '-2562047788' HOUR");
  EXPECT_EQ(formatDayTimeInterval(kInt64Min, F::kMinute, F::kSecond),
            "INTERVAL '-153722867280:54.775808' MINUTE TO SECOND");
}

}  // namespace
}  // namespace sluice
