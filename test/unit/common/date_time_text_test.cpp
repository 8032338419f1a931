// test/unit/common/date_time_text_test.cpp
//
// DATE, TIMESTAMP, TIMESTAMP_NTZ and TIME as text: Spark's stringToDate / parseTimestampString
// forms (and their odd corners), zones in the text, DST gaps and overlaps, the printed forms,
// and the proleptic Gregorian calendar underneath.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>

#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice {
namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr int64_t kMinute = 60 * kSecond;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kDay = 24 * kHour;

int64_t micros(int32_t year, uint32_t month, uint32_t day, int64_t hour = 0, int64_t minute = 0,
               int64_t second = 0, int64_t fraction = 0) {
  return daysFromCivilWide(year, month, day) * kDay + hour * kHour + minute * kMinute +
         second * kSecond + fraction;
}

const TimeZone& losAngeles() {
  static std::shared_ptr<const TimeZone> zone = TimeZone::find("America/Los_Angeles");
  return *zone;
}

TEST(CivilCalendarTest, KnownDays) {
  EXPECT_EQ(daysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(daysFromCivil(1969, 12, 31), -1);
  EXPECT_EQ(daysFromCivil(2000, 3, 1), 11017);
  EXPECT_EQ(daysFromCivil(1, 1, 1), -719162);
  EXPECT_EQ(daysFromCivil(0, 3, 1), -719468);
  EXPECT_EQ(daysFromCivil(2024, 2, 29), 19782);
  EXPECT_EQ(daysFromCivilWide(5881580, 7, 11), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(daysFromCivilWide(-5877641, 6, 23), std::numeric_limits<int32_t>::min());
  CivilDate date = civilFromDays(19782);
  EXPECT_EQ(date.year, 2024);
  EXPECT_EQ(date.month, 2u);
  EXPECT_EQ(date.day, 29u);
  date = civilFromDays(std::numeric_limits<int32_t>::min());
  EXPECT_EQ(date.year, -5877641);
  EXPECT_EQ(date.month, 6u);
  EXPECT_EQ(date.day, 23u);
}

TEST(CivilCalendarTest, RoundTripsEveryDayOverCenturies) {
  int32_t previous_year = civilFromDays(-800'000).year;
  for (int32_t days = -800'000; days <= 800'000; ++days) {
    CivilDate date = civilFromDays(days);
    ASSERT_TRUE(isValidDate(date.year, date.month, date.day)) << days;
    ASSERT_EQ(daysFromCivil(date.year, date.month, date.day), days);
    ASSERT_TRUE(date.year == previous_year || date.year == previous_year + 1);
    previous_year = date.year;
  }
}

TEST(CivilCalendarTest, LeapYearsAndWeekdays) {
  EXPECT_TRUE(isValidDate(2024, 2, 29));
  EXPECT_TRUE(isValidDate(2000, 2, 29));
  EXPECT_FALSE(isValidDate(1900, 2, 29));
  EXPECT_FALSE(isValidDate(2023, 2, 29));
  EXPECT_TRUE(isValidDate(-4, 2, 29));  // proleptic: 5 BC
  EXPECT_FALSE(isValidDate(2023, 4, 31));
  EXPECT_FALSE(isValidDate(2023, 13, 1));
  EXPECT_FALSE(isValidDate(2023, 0, 1));
  EXPECT_FALSE(isValidDate(2023, 1, 0));
  EXPECT_EQ(daysInMonth(2023, 2), 28u);
  EXPECT_EQ(daysInMonth(2024, 2), 29u);
  EXPECT_EQ(daysInMonth(2024, 12), 31u);
  EXPECT_EQ(isoWeekdayFromDays(0), 4u);                           // Thursday
  EXPECT_EQ(isoWeekdayFromDays(daysFromCivil(2024, 3, 10)), 7u);  // Sunday
  EXPECT_EQ(isoWeekdayFromDays(-1), 3u);
}

TEST(DateTextTest, ParsesSparkDateForms) {
  EXPECT_EQ(parseDate("2023-01-15"), daysFromCivil(2023, 1, 15));
  EXPECT_EQ(parseDate("2023-1-5"), daysFromCivil(2023, 1, 5));
  EXPECT_EQ(parseDate(" 2023-01-15\t"), daysFromCivil(2023, 1, 15));
  EXPECT_EQ(parseDate("2023"), daysFromCivil(2023, 1, 1));
  EXPECT_EQ(parseDate("2023-02"), daysFromCivil(2023, 2, 1));
  EXPECT_EQ(parseDate("2023-02 "), daysFromCivil(2023, 2, 1));  // trimmed first
  EXPECT_EQ(parseDate("2024-02-29"), daysFromCivil(2024, 2, 29));
  EXPECT_EQ(parseDate("2023-01-15T10:00:00"), daysFromCivil(2023, 1, 15));
  EXPECT_EQ(parseDate("2023-01-15 anything at all"), daysFromCivil(2023, 1, 15));
  EXPECT_EQ(parseDate("2023-01-15T"), daysFromCivil(2023, 1, 15));
  EXPECT_EQ(parseDate("+2023-01-01"), daysFromCivil(2023, 1, 1));
  EXPECT_EQ(parseDate("-0001-01-01"), daysFromCivil(-1, 1, 1));
  EXPECT_EQ(parseDate("0000-12-31"), daysFromCivil(0, 12, 31));
  EXPECT_EQ(parseDate("0999-06-01"), daysFromCivil(999, 6, 1));
  EXPECT_EQ(parseDate("20231-01-01"), daysFromCivil(20231, 1, 1));
  EXPECT_EQ(parseDate("5881580-07-11"), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(parseDate("-5877641-06-23"), std::numeric_limits<int32_t>::min());
}

TEST(DateTextTest, RejectsBadDates) {
  for (const char* bad : {"",
                          "  ",
                          "2023-02-29",
                          "2023-13-01",
                          "2023-00-10",
                          "2023-01-00",
                          "2023-01-32",
                          "2023-04-31",
                          "2023-01-15garbage",
                          "2023-01T",
                          "2023 01",
                          "202",
                          "12",
                          "12345678-01-01",
                          "5881580-07-12",
                          "9999999-12-31",
                          "2023-01-1a",
                          "2023--01",
                          "2023-01-01-",
                          "2023-001-01",
                          "2023-01-001",
                          "T",
                          "-",
                          "+",
                          "2023/01/01",
                          "01-01-2023",
                          "\xEF\xBC\x92\xEF\xBC\x90\xEF\xBC\x92\xEF\xBC\x93"}) {
    EXPECT_EQ(parseDate(bad), std::nullopt) << bad;
  }
}

TEST(DateTextTest, FormatsLikeJava) {
  EXPECT_EQ(formatDate(0), "1970-01-01");
  EXPECT_EQ(formatDate(-1), "1969-12-31");
  EXPECT_EQ(formatDate(daysFromCivil(2024, 2, 29)), "2024-02-29");
  EXPECT_EQ(formatDate(daysFromCivil(999, 12, 31)), "0999-12-31");
  EXPECT_EQ(formatDate(daysFromCivil(1, 1, 1)), "0001-01-01");
  EXPECT_EQ(formatDate(daysFromCivil(0, 1, 1)), "0000-01-01");
  EXPECT_EQ(formatDate(daysFromCivil(-1, 1, 1)), "-0001-01-01");
  EXPECT_EQ(formatDate(daysFromCivil(9999, 12, 31)), "9999-12-31");
  EXPECT_EQ(formatDate(daysFromCivil(10000, 1, 1)), "+10000-01-01");
  EXPECT_EQ(formatDate(std::numeric_limits<int32_t>::max()), "+5881580-07-11");
  EXPECT_EQ(formatDate(std::numeric_limits<int32_t>::min()), "-5877641-06-23");
  for (int32_t days : {-800000, -1, 0, 1, 19782, 2932896, 3000000}) {
    EXPECT_EQ(parseDate(formatDate(days)), days) << days;
  }
}

TEST(TimestampTextTest, ParsesSparkTimestampForms) {
  const TimeZone& utc = TimeZone::utc();
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56", utc), micros(2020, 1, 1, 12, 34, 56));
  EXPECT_EQ(parseTimestamp("2020-01-01T12:34:56", utc), micros(2020, 1, 1, 12, 34, 56));
  EXPECT_EQ(parseTimestamp("  2020-1-2 3:4:5  ", utc), micros(2020, 1, 2, 3, 4, 5));
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56.123456", utc),
            micros(2020, 1, 1, 12, 34, 56, 123456));
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56.1", utc), micros(2020, 1, 1, 12, 34, 56, 100000));
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56.1234567", utc),
            micros(2020, 1, 1, 12, 34, 56, 123456));
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56.", utc), micros(2020, 1, 1, 12, 34, 56));
  EXPECT_EQ(parseTimestamp("2020-01-01", utc), micros(2020, 1, 1));
  EXPECT_EQ(parseTimestamp("2020-01-01 ", utc), micros(2020, 1, 1));
  EXPECT_EQ(parseTimestamp("2020-01", utc), micros(2020, 1, 1));
  EXPECT_EQ(parseTimestamp("2020", utc), micros(2020, 1, 1));
  EXPECT_EQ(parseTimestamp("2020-01-01 12", utc), micros(2020, 1, 1, 12));
  EXPECT_EQ(parseTimestamp("2020-01-01 12:3", utc), micros(2020, 1, 1, 12, 3));
  EXPECT_EQ(parseTimestamp("+2020-01-01", utc), micros(2020, 1, 1));
  EXPECT_EQ(parseTimestamp("-0001-01-01 00:00:00", utc), micros(-1, 1, 1));
  EXPECT_EQ(parseTimestamp("123456-01-01", utc), micros(123456, 1, 1));
  EXPECT_EQ(parseTimestamp("1969-12-31 23:59:59.999999", utc), -1);
}

TEST(TimestampTextTest, RejectsBadTimestamps) {
  const TimeZone& utc = TimeZone::utc();
  for (const char* bad : {"",
                          "2020-01-01T",
                          "2020-01-01 12:",
                          "2020-01-01 24:00:00",
                          "2020-01-01 23:60:00",
                          "2020-01-01 23:59:60",
                          "2020-02-30 00:00:00",
                          "2020-01-01 123:00",
                          "1234567-01-01",
                          "2020-01-01 12:34Z",
                          "2020-01-01 12Z",
                          "2020-01-01 12:34:56.123.456",
                          "2020-01-01 12:34:56 Mars/Olympus",
                          "2020-01-01 12:34:56 +25:00",
                          "2020-01T12:00",
                          "2020 12:00",
                          "12",
                          "-12:34",
                          "2020-01-01 12:34:Z",
                          " T12:34",
                          "2020-01-01X12:34:56",
                          "2020-01-01 12:34:56 utc",
                          "294247-01-10 04:00:54.775808Z",
                          "-290308-12-21 19:59:05.224191Z"}) {
    EXPECT_EQ(parseTimestamp(bad, utc), std::nullopt) << bad;
  }
}

TEST(TimestampTextTest, ZonesInTheText) {
  const TimeZone& utc = TimeZone::utc();
  int64_t noon = micros(2020, 1, 1, 12, 34, 56);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56Z", utc), noon);
  EXPECT_EQ(parseTimestamp("2020-01-01T12:34:56.5Z", utc), noon + 500000);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56.Z", utc), noon);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 UTC", utc), noon);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56+08:00", utc), noon - 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 +08:00", utc), noon - 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56+0800", utc), noon - 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56-8", utc), noon + 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 +1:00", utc), noon - kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 GMT+1", utc), noon - kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56UTC-03:30", utc), noon + 3 * kHour + 30 * kMinute);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 America/Los_Angeles", utc), noon + 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-07-01 12:34:56 America/Los_Angeles", utc),
            micros(2020, 7, 1, 12, 34, 56) + 7 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 PST", utc), noon + 8 * kHour);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56 EST", utc), noon + 5 * kHour);
  // A zone in the text wins over the session zone.
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56Z", losAngeles()), noon);
  EXPECT_EQ(parseTimestamp("2020-01-01 12:34:56", losAngeles()), noon + 8 * kHour);
}

TEST(TimestampTextTest, ExtremesOfTheMicrosecondRange) {
  const TimeZone& utc = TimeZone::utc();
  EXPECT_EQ(parseTimestamp("294247-01-10 04:00:54.775807Z", utc),
            std::numeric_limits<int64_t>::max());
  EXPECT_EQ(parseTimestamp("-290308-12-21 19:59:05.224192Z", utc),
            std::numeric_limits<int64_t>::min());
  EXPECT_EQ(formatTimestamp(std::numeric_limits<int64_t>::max(), utc),
            "+294247-01-10 04:00:54.775807");
  EXPECT_EQ(formatTimestamp(std::numeric_limits<int64_t>::min(), utc),
            "-290308-12-21 19:59:05.224192");
}

TEST(TimestampTextTest, DaylightSavingGapsAndOverlaps) {
  const TimeZone& zone = losAngeles();
  // Spring forward 2024-03-10: 02:00-03:00 does not exist; Spark moves it an hour later.
  EXPECT_EQ(parseTimestamp("2024-03-10 01:59:59", zone), micros(2024, 3, 10, 9, 59, 59));
  EXPECT_EQ(parseTimestamp("2024-03-10 02:30:00", zone), micros(2024, 3, 10, 10, 30));
  EXPECT_EQ(parseTimestamp("2024-03-10 03:30:00", zone), micros(2024, 3, 10, 10, 30));
  // Fall back 2024-11-03: 01:00-02:00 happens twice; Spark takes the earlier (PDT) one.
  EXPECT_EQ(parseTimestamp("2024-11-03 00:59:59", zone), micros(2024, 11, 3, 7, 59, 59));
  EXPECT_EQ(parseTimestamp("2024-11-03 01:30:00", zone), micros(2024, 11, 3, 8, 30));
  EXPECT_EQ(parseTimestamp("2024-11-03 02:00:00", zone), micros(2024, 11, 3, 10));
  EXPECT_EQ(formatTimestamp(micros(2024, 3, 10, 9, 59, 59), zone), "2024-03-10 01:59:59");
  EXPECT_EQ(formatTimestamp(micros(2024, 3, 10, 10), zone), "2024-03-10 03:00:00");
  EXPECT_EQ(formatTimestamp(micros(2024, 11, 3, 8, 30), zone), "2024-11-03 01:30:00");
  EXPECT_EQ(formatTimestamp(micros(2024, 11, 3, 9, 30), zone), "2024-11-03 01:30:00");
  EXPECT_EQ(formatTimestamp(micros(2024, 11, 3, 10), zone), "2024-11-03 02:00:00");
}

TEST(TimestampTextTest, TimeWithoutDateIsToday) {
  const TimeZone& utc = TimeZone::utc();
  auto now = std::chrono::duration_cast<std::chrono::microseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  for (const char* text : {"12:34:56", "T12:34:56", "12:34", "T12:34:56.5Z"}) {
    std::optional<int64_t> value = parseTimestamp(text, utc);
    ASSERT_TRUE(value) << text;
    int64_t time_of_day = (*value % kDay + kDay) % kDay;
    EXPECT_EQ(time_of_day / kMinute, 12 * 60 + 34) << text;
    EXPECT_LT(std::abs(*value - now), 2 * kDay) << text;
  }
}

TEST(TimestampTextTest, TimestampNtzIgnoresOrRejectsZones) {
  int64_t expected = micros(2020, 1, 1, 12, 34, 56);
  EXPECT_EQ(parseTimestampNtz("2020-01-01 12:34:56"), expected);
  EXPECT_EQ(parseTimestampNtz("2020-01-01T12:34:56+08:00"), expected);
  EXPECT_EQ(parseTimestampNtz("2020-01-01 12:34:56 America/Los_Angeles"), expected);
  EXPECT_EQ(parseTimestampNtz("2020-01-01 12:34:56+08:00", /*allow_zone=*/false), std::nullopt);
  EXPECT_EQ(parseTimestampNtz("2020-01-01 12:34:56", /*allow_zone=*/false), expected);
  EXPECT_EQ(parseTimestampNtz("2020-01-01 12:34:56 Foo/Bar"), std::nullopt);
  EXPECT_EQ(parseTimestampNtz("12:34:56"), std::nullopt);
  EXPECT_EQ(parseTimestampNtz("2024-03-10 02:30:00"), micros(2024, 3, 10, 2, 30));
  EXPECT_EQ(parseTimestampNtz("2020-13-01"), std::nullopt);
}

TEST(TimestampTextTest, FormatsWithTrimmedFraction) {
  const TimeZone& utc = TimeZone::utc();
  EXPECT_EQ(formatTimestamp(0, utc), "1970-01-01 00:00:00");
  EXPECT_EQ(formatTimestamp(1, utc), "1970-01-01 00:00:00.000001");
  EXPECT_EQ(formatTimestamp(500000, utc), "1970-01-01 00:00:00.5");
  EXPECT_EQ(formatTimestamp(123450, utc), "1970-01-01 00:00:00.12345");
  EXPECT_EQ(formatTimestamp(-1, utc), "1969-12-31 23:59:59.999999");
  EXPECT_EQ(formatTimestamp(micros(2024, 2, 29, 13, 45, 1, 500000), utc), "2024-02-29 13:45:01.5");
  EXPECT_EQ(formatTimestamp(micros(-1, 1, 1), utc), "-0001-01-01 00:00:00");
  EXPECT_EQ(formatTimestamp(micros(10000, 1, 1), utc), "+10000-01-01 00:00:00");
  EXPECT_EQ(formatTimestamp(micros(2024, 7, 1, 12), losAngeles()), "2024-07-01 05:00:00");
  EXPECT_EQ(formatTimestamp(micros(2024, 1, 1, 12), *TimeZone::find("+05:30")),
            "2024-01-01 17:30:00");
  EXPECT_EQ(formatTimestampNtz(micros(2024, 1, 1, 12, 0, 0, 120)), "2024-01-01 12:00:00.00012");
  EXPECT_EQ(formatTimestampNtz(-kDay), "1969-12-31 00:00:00");
}

TEST(TimestampTextTest, TextRoundTrips) {
  const TimeZone& zone = losAngeles();
  for (int64_t value : {int64_t{0}, int64_t{-1}, micros(1900, 1, 1), micros(2024, 6, 30, 23),
                        micros(2024, 11, 3, 8, 59, 59, 999999), micros(1883, 11, 18, 21),
                        micros(2100, 7, 4, 1, 2, 3, 4)}) {
    EXPECT_EQ(parseTimestamp(formatTimestamp(value, zone), zone), value)
        << formatTimestamp(value, zone);
    EXPECT_EQ(parseTimestampNtz(formatTimestampNtz(value)), value);
  }
}

TEST(TimeTextTest, ParsesSparkTimeForms) {
  EXPECT_EQ(parseTime("12:34:56"), 12 * kHour + 34 * kMinute + 56 * kSecond);
  EXPECT_EQ(parseTime("0:0:0"), 0);
  EXPECT_EQ(parseTime("9:05"), 9 * kHour + 5 * kMinute);
  EXPECT_EQ(parseTime("T23:59:59.999999"), kDay - 1);
  EXPECT_EQ(parseTime(" 01:02:03.5\t"), kHour + 2 * kMinute + 3 * kSecond + 500000);
  // Digits past the sixth are dropped.
  EXPECT_EQ(parseTime("00:00:00.123456789"), 123456);
  // A 12-hour clock: 12 AM is midnight, 12 PM noon, the suffix in any case with or without a
  // space before it.
  EXPECT_EQ(parseTime("12:00:00 AM"), 0);
  EXPECT_EQ(parseTime("12:15 pm"), 12 * kHour + 15 * kMinute);
  EXPECT_EQ(parseTime("11:59:59.5Pm"), 23 * kHour + 59 * kMinute + 59 * kSecond + 500000);
  EXPECT_EQ(parseTime("1:02:03 aM"), kHour + 2 * kMinute + 3 * kSecond);
}

TEST(TimeTextTest, RejectsWhatIsNoTimeOfDay) {
  for (const char* text :
       {"", "  ", "12", "24:00:00", "23:60:00", "23:59:60", "00:00:00 AM", "13:00 PM",
        "12:00:00 XM", "2024-01-01 12:00:00", "12:00:00Z", "12:00:00 Europe/Paris", "12:00:00 abc",
        "-1:00", "1:2:3:4", "AM", "PM"}) {
    EXPECT_EQ(parseTime(text), std::nullopt) << text;
  }
}

TEST(TimeTextTest, FormatsWithTrimmedFraction) {
  EXPECT_EQ(formatTime(0), "00:00:00");
  EXPECT_EQ(formatTime(kDay - 1), "23:59:59.999999");
  EXPECT_EQ(formatTime(13 * kHour + 2 * kMinute + 3 * kSecond + 100000), "13:02:03.1");
  EXPECT_EQ(formatTime(kSecond + 1000), "00:00:01.001");
  for (int64_t value : {int64_t{0}, int64_t{1}, kDay - 1, 12 * kHour + 340}) {
    EXPECT_EQ(parseTime(formatTime(value)), value) << formatTime(value);
  }
}

}  // namespace
}  // namespace sluice
