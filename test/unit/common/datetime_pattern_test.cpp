// test/unit/common/datetime_pattern_test.cpp
//
// Spark datetime patterns: parsing and formatting for each letter, adjacent numbers, optional
// sections, quoted text, zones and offsets, field checks, and the patterns Spark refuses.
#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice {
namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr int64_t kMinute = 60 * kSecond;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kDay = 24 * kHour;

int32_t days(int32_t year, uint32_t month, uint32_t day) {
  return static_cast<int32_t>(daysFromCivilWide(year, month, day));
}

int64_t micros(int32_t year, uint32_t month, uint32_t day, int64_t hour = 0, int64_t minute = 0,
               int64_t second = 0, int64_t fraction = 0) {
  return daysFromCivilWide(year, month, day) * kDay + hour * kHour + minute * kMinute +
         second * kSecond + fraction;
}

const TimeZone& utc() {
  return TimeZone::utc();
}

const TimeZone& losAngeles() {
  static std::shared_ptr<const TimeZone> zone = TimeZone::find("America/Los_Angeles");
  return *zone;
}

std::optional<int32_t> date(std::string_view pattern, std::string_view text) {
  return DatetimePattern::compileForParsing(pattern).parseDate(text);
}

std::optional<int64_t> timestamp(std::string_view pattern, std::string_view text,
                                 const TimeZone& zone = utc()) {
  return DatetimePattern::compileForParsing(pattern).parseTimestamp(text, zone);
}

std::string format(std::string_view pattern, int64_t value, const TimeZone& zone = utc()) {
  return DatetimePattern::compile(pattern).formatTimestamp(value, zone);
}

// The full class name of the error compiling `pattern` raises, or "" when it compiles.
std::string compileError(std::string_view pattern, bool for_parsing = false) {
  try {
    if (for_parsing) {
      DatetimePattern::compileForParsing(pattern);
    } else {
      DatetimePattern::compile(pattern);
    }
  } catch (const Error& error) {
    return error.fullClassName();
  }
  return "";
}

TEST(DatetimePatternTest, ParsesDates) {
  EXPECT_EQ(date("yyyy-MM-dd", "2020-01-15"), days(2020, 1, 15));
  EXPECT_EQ(date("dd/MM/yyyy", "29/02/2024"), days(2024, 2, 29));
  EXPECT_EQ(date("d/M/y", "5/1/2020"), days(2020, 1, 5));
  EXPECT_EQ(date("d/M/y", "15/11/20"), days(20, 11, 15));
  EXPECT_EQ(date("yyyy-MM-dd", "0001-01-01"), days(1, 1, 1));
  // Fixed-width fields take exactly their digits.
  EXPECT_EQ(date("yyyy-MM-dd", "2020-1-15"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "20-01-15"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "12020-01-15"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "+12020-01-15"), days(12020, 1, 15));
  EXPECT_EQ(date("yyyy-MM-dd", "-0044-03-15"), days(-44, 3, 15));
  // Strict: invalid dates and trailing text fail.
  EXPECT_EQ(date("yyyy-MM-dd", "2023-02-29"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "2020-13-01"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "2020-01-15 "), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", " 2020-01-15"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", ""), std::nullopt);
  // Missing fields default to 1970-01-01.
  EXPECT_EQ(date("MM-dd", "03-04"), days(1970, 3, 4));
  EXPECT_EQ(date("MM-dd", "02-29"), std::nullopt);
  EXPECT_EQ(date("yyyy", "2021"), days(2021, 1, 1));
  EXPECT_EQ(date("yyyy-MM", "2021-07"), days(2021, 7, 1));
  // A time in a date pattern must be valid but is dropped.
  EXPECT_EQ(date("yyyy-MM-dd HH:mm", "2020-01-15 10:30"), days(2020, 1, 15));
  EXPECT_EQ(date("yyyy-MM-dd HH:mm", "2020-01-15 24:30"), std::nullopt);
}

TEST(DatetimePatternTest, TwoDigitYearsAndAdjacentNumbers) {
  EXPECT_EQ(date("yy-MM-dd", "20-01-15"), days(2020, 1, 15));
  EXPECT_EQ(date("yy-MM-dd", "99-01-15"), days(2099, 1, 15));
  EXPECT_EQ(date("yy-MM-dd", "2020-01-15"), std::nullopt);
  // A variable-width year leaves the fixed-width month and day their digits.
  EXPECT_EQ(date("yyyyMMdd", "20200115"), days(2020, 1, 15));
  EXPECT_EQ(date("yyyyMMdd", "120200115"), std::nullopt);  // 5-digit year needs a sign
  EXPECT_EQ(date("yMMdd", "20200115"), days(2020, 1, 15));
  EXPECT_EQ(date("yyMMdd", "200115"), days(2020, 1, 15));
  EXPECT_EQ(timestamp("yyyyMMddHHmmss", "20200115102030"), micros(2020, 1, 15, 10, 20, 30));
}

TEST(DatetimePatternTest, ParsesMonthNamesInAnyCase) {
  EXPECT_EQ(date("MMM d, yyyy", "Jan 5, 2020"), days(2020, 1, 5));
  EXPECT_EQ(date("MMM d, yyyy", "SEP 5, 2020"), days(2020, 9, 5));
  EXPECT_EQ(date("MMMM d yyyy", "february 29 2024"), days(2024, 2, 29));
  EXPECT_EQ(date("LLL yyyy", "Dec 2020"), days(2020, 12, 1));
  EXPECT_EQ(date("MMMM yyyy", "Sept 2020"), std::nullopt);
  EXPECT_EQ(date("MMM yyyy", "January 2020"), std::nullopt);
  // Literals match in any case as well.
  EXPECT_EQ(date("yyyy'T'MM", "2020t03"), days(2020, 3, 1));
}

TEST(DatetimePatternTest, ParsesDayOfYearAndEras) {
  EXPECT_EQ(date("yyyy DDD", "2020 060"), days(2020, 2, 29));
  EXPECT_EQ(date("yyyy D", "2021 365"), days(2021, 12, 31));
  EXPECT_EQ(date("yyyy D", "2021 366"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd D", "2020-03-01 61"), days(2020, 3, 1));
  EXPECT_EQ(date("yyyy-MM-dd D", "2020-03-01 62"), std::nullopt);
  EXPECT_EQ(date("yyyy G", "2020 AD"), days(2020, 1, 1));
  EXPECT_EQ(date("yyyy G", "0044 BC"), days(-43, 1, 1));
  EXPECT_EQ(date("yyyy GGGG", "0044 Before Christ"), days(-43, 1, 1));
}

TEST(DatetimePatternTest, ParsesTimestamps) {
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm:ss", "2020-01-15 10:20:30"),
            micros(2020, 1, 15, 10, 20, 30));
  // Text without a zone is read in the given zone.
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm:ss", "2020-01-15 10:20:30", losAngeles()),
            micros(2020, 1, 15, 18, 20, 30));
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm", "2020-07-01 10:00", losAngeles()),
            micros(2020, 7, 1, 17));
  // A wall-clock time in the spring-forward gap moves forward.
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm", "2020-03-08 02:30", losAngeles()),
            micros(2020, 3, 8, 10, 30));
  EXPECT_EQ(timestamp("HH:mm", "10:30"), micros(1970, 1, 1, 10, 30));
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm:ss", "2020-01-15 10:20:60"), std::nullopt);
  EXPECT_EQ(timestamp("yyyy-MM-dd H:m:s", "2020-01-15 1:2:3"), micros(2020, 1, 15, 1, 2, 3));
  EXPECT_EQ(DatetimePattern::compile("yyyy-MM-dd HH:mm:ss XXX")
                .parseTimestampNtz("2020-01-15 10:20:30 +05:00"),
            micros(2020, 1, 15, 10, 20, 30));
}

TEST(DatetimePatternTest, ParsesFractionsOfUpToTheirLength) {
  std::string_view pattern = "yyyy-MM-dd HH:mm:ss.SSS";
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30.123"), micros(2020, 1, 15, 10, 20, 30, 123000));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30.12"), micros(2020, 1, 15, 10, 20, 30, 120000));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30.1"), micros(2020, 1, 15, 10, 20, 30, 100000));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30.1234"), std::nullopt);
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30."), std::nullopt);
  // Nanoseconds are cut to microseconds.
  EXPECT_EQ(timestamp("ss.SSSSSSSSS", "01.123456789"), micros(1970, 1, 1, 0, 0, 1, 123456));
  EXPECT_EQ(timestamp("HHmmssS", "1020305"), micros(1970, 1, 1, 10, 20, 30, 500000));
}

TEST(DatetimePatternTest, ParsesTwelveHourClocks) {
  EXPECT_EQ(timestamp("hh:mm a", "10:30 PM"), micros(1970, 1, 1, 22, 30));
  EXPECT_EQ(timestamp("hh:mm a", "10:30 am"), micros(1970, 1, 1, 10, 30));
  EXPECT_EQ(timestamp("hh:mm a", "12:00 AM"), micros(1970, 1, 1, 0, 0));
  EXPECT_EQ(timestamp("hh:mm a", "12:00 PM"), micros(1970, 1, 1, 12, 0));
  EXPECT_EQ(timestamp("hh:mm a", "13:00 PM"), std::nullopt);
  EXPECT_EQ(timestamp("hh:mm", "11:00"), micros(1970, 1, 1, 11, 0));  // AM when 'a' is missing
  EXPECT_EQ(timestamp("a", "PM"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("K a", "0 PM"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("k:mm", "24:15"), micros(1970, 1, 1, 0, 15));
  EXPECT_EQ(timestamp("HH a", "13 PM"), micros(1970, 1, 1, 13));
  EXPECT_EQ(timestamp("HH a", "13 AM"), std::nullopt);
}

TEST(DatetimePatternTest, ParsesOffsetsAndZones) {
  int64_t noon_utc = micros(2020, 1, 15, 12);
  EXPECT_EQ(timestamp("yyyy-MM-dd'T'HH:mmXXX", "2020-01-15T13:00+01:00"), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd'T'HH:mmXXX", "2020-01-15T12:00Z"), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd'T'HH:mmXXX", "2020-01-15T12:00z"), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd'T'HH:mmXXX", "2020-01-15T13:00+0100"), std::nullopt);
  EXPECT_EQ(timestamp("HH:mmX", "13:00+01"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mmX", "13:30+0130"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mmXX", "13:00+01"), std::nullopt);
  EXPECT_EQ(timestamp("HH:mmxx", "12:00+0000"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mmZ", "04:00-0800"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mmZZZZZ", "12:00Z"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mm O", "20:00 GMT+8"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mm OOOO", "20:00 GMT+08:00"), micros(1970, 1, 1, 12));
  EXPECT_EQ(timestamp("HH:mm OOOO", "12:00 GMT"), micros(1970, 1, 1, 12));
  // An offset or zone in the text wins over the given zone.
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm XXX", "2020-01-15 12:00 +00:00", losAngeles()), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm VV", "2020-01-15 04:00 America/Los_Angeles"), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm z", "2020-01-15 04:00 PST"), noon_utc);
  EXPECT_EQ(timestamp("yyyy-MM-dd HH:mm VV", "2020-01-15 04:00 Nowhere/Land"), std::nullopt);
}

TEST(DatetimePatternTest, OptionalSectionsAndQuotedText) {
  std::string_view pattern = "yyyy-MM-dd[ HH:mm[:ss]]";
  EXPECT_EQ(timestamp(pattern, "2020-01-15"), micros(2020, 1, 15));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20"), micros(2020, 1, 15, 10, 20));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10:20:30"), micros(2020, 1, 15, 10, 20, 30));
  EXPECT_EQ(timestamp(pattern, "2020-01-15 10"), std::nullopt);
  // Spark's default CSV timestamp format; an unclosed section ends with the pattern.
  std::string_view spark_default = "yyyy-MM-dd'T'HH:mm:ss[.SSS][XXX]";
  EXPECT_EQ(timestamp(spark_default, "2020-01-15T12:00:00"), micros(2020, 1, 15, 12));
  EXPECT_EQ(timestamp(spark_default, "2020-01-15T13:00:00.5+01:00"),
            micros(2020, 1, 15, 12, 0, 0, 500000));
  EXPECT_EQ(timestamp("yyyy[-MM", "2020-04"), micros(2020, 4, 1));
  EXPECT_EQ(date("'Day' d 'of' MMM yyyy", "day 5 OF Mar 2021"), days(2021, 3, 5));
  EXPECT_EQ(date("yyyy''MM", "2021'03"), days(2021, 3, 1));
  EXPECT_EQ(date("'it''s' yyyy", "it's 2021"), days(2021, 1, 1));
  EXPECT_EQ(date("yyyy.MM.dd", "2021.03.04"), days(2021, 3, 4));
  EXPECT_EQ(date("yyyy.MM.dd", "2021-03-04"), std::nullopt);
}

TEST(DatetimePatternTest, FormatsEachLetter) {
  int64_t value = micros(2020, 1, 5, 13, 4, 9, 123456);  // a Sunday
  EXPECT_EQ(format("yyyy-MM-dd HH:mm:ss", value), "2020-01-05 13:04:09");
  EXPECT_EQ(format("y yy yyy yyyy yyyyy", value), "2020 20 2020 2020 02020");
  EXPECT_EQ(format("M MM MMM MMMM L LL LLL LLLL", value), "1 01 Jan January 1 01 Jan January");
  EXPECT_EQ(format("d dd D DD DDD", value), "5 05 5 05 005");
  EXPECT_EQ(format("Q QQ QQQ QQQQ q", value), "1 01 Q1 1st quarter 1");
  EXPECT_EQ(format("E EE EEE EEEE F", value), "Sun Sun Sun Sunday 5");
  EXPECT_EQ(format("h hh K KK k kk H HH a", value), "1 01 1 01 13 13 13 13 PM");
  EXPECT_EQ(format("m mm s ss", value), "4 04 9 09");
  EXPECT_EQ(format("S SS SSS SSSSSS SSSSSSSSS", value), "1 12 123 123456 123456000");
  EXPECT_EQ(format("G GGGG", value), "AD Anno Domini");
  EXPECT_EQ(format("hh:mm a k K", micros(2020, 1, 5, 0, 30)), "12:30 AM 24 0");
  EXPECT_EQ(format("'at' HH 'o''clock' ''", value), "at 13 o'clock '");
  EXPECT_EQ(format("yyyy-MM-dd[ HH:mm]", value), "2020-01-05 13:04");
}

TEST(DatetimePatternTest, FormatsYearsOutsideFourDigits) {
  EXPECT_EQ(format("yyyy-MM-dd", micros(12345, 1, 1)), "+12345-01-01");
  EXPECT_EQ(format("y-MM-dd", micros(12345, 1, 1)), "12345-01-01");
  EXPECT_EQ(format("yyyy-MM-dd", micros(-5, 1, 1)), "-0005-01-01");
  EXPECT_EQ(format("yyyy G", micros(-5, 1, 1)), "0006 BC");
  EXPECT_EQ(format("yy", micros(5, 1, 1)), "05");
}

TEST(DatetimePatternTest, FormatsZonesAndOffsets) {
  int64_t winter = micros(2020, 1, 15, 12);  // 04:00 PST
  int64_t summer = micros(2020, 7, 15, 12);  // 05:00 PDT
  EXPECT_EQ(format("HH:mm XXX", winter, losAngeles()), "04:00 -08:00");
  EXPECT_EQ(format("HH:mm XXX", summer, losAngeles()), "05:00 -07:00");
  EXPECT_EQ(format("X XX XXX XXXX XXXXX", winter, losAngeles()), "-08 -0800 -08:00 -0800 -08:00");
  EXPECT_EQ(format("X XX XXX", winter), "Z Z Z");
  EXPECT_EQ(format("x xx xxx", winter), "+00 +0000 +00:00");
  EXPECT_EQ(format("Z ZZZZ ZZZZZ", winter), "+0000 GMT Z");
  EXPECT_EQ(format("Z ZZZZ ZZZZZ", winter, losAngeles()), "-0800 GMT-08:00 -08:00");
  EXPECT_EQ(format("O OOOO", summer, losAngeles()), "GMT-7 GMT-07:00");
  EXPECT_EQ(format("VV", winter, losAngeles()), "America/Los_Angeles");
  EXPECT_EQ(format("z", winter, losAngeles()), "PST");
  EXPECT_EQ(format("zzz", summer, losAngeles()), "PDT");
  EXPECT_EQ(format("X", winter, *TimeZone::find("+05:30")), "+0530");
  EXPECT_EQ(format("z", winter, *TimeZone::find("+05:30")), "+05:30");
}

TEST(DatetimePatternTest, FormatsDates) {
  DatetimePattern pattern = DatetimePattern::compile("EEEE, MMMM d, yyyy");
  EXPECT_EQ(pattern.formatDate(days(2024, 2, 29)), "Thursday, February 29, 2024");
  // A date has no time: an optional section with time fields is left out.
  EXPECT_EQ(DatetimePattern::compile("yyyy-MM-dd[ HH:mm]").formatDate(days(2024, 2, 29)),
            "2024-02-29");
  EXPECT_EQ(DatetimePattern::compile("yyyy-MM-dd[ G]").formatDate(days(2024, 2, 29)),
            "2024-02-29 AD");
  EXPECT_EQ(DatetimePattern::compile("dd.MM.yy HH").formatDate(days(1993, 3, 18)), "18.03.93 00");
}

TEST(DatetimePatternTest, RoundTripsThroughFormatAndParse) {
  DatetimePattern pattern = DatetimePattern::compile("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX");
  for (int64_t value : {micros(2020, 1, 15, 12, 0, 0, 1), micros(1969, 12, 31, 23, 59, 59, 999999),
                        micros(1, 1, 1), micros(9999, 12, 31, 23, 59, 59)}) {
    std::string text = pattern.formatTimestamp(value, losAngeles());
    EXPECT_EQ(pattern.parseTimestamp(text, utc()), value) << text;
  }
}

TEST(DatetimePatternTest, RefusesWhatSparkRefuses) {
  for (std::string_view pattern : {"YYYY", "ww", "W", "uuuu", "e", "c", "A", "n", "N", "B", "p"}) {
    EXPECT_EQ(compileError(pattern), "INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER") << pattern;
  }
  for (std::string_view pattern : {"MMMMM", "LLLLL", "EEEEE", "GGGGG", "QQQQQ", "yyyyyyy"}) {
    EXPECT_EQ(compileError(pattern), "INVALID_DATETIME_PATTERN.LENGTH") << pattern;
  }
  for (std::string_view pattern :
       {"ddd", "HHH", "mmm", "sss", "DDDD", "aa", "V", "VVV", "zzzzz", "OO", "XXXXXX", "FF",
        "SSSSSSSSSS", "b", "t", "'abc", "yyyy]", "{", "#"}) {
    EXPECT_EQ(compileError(pattern), "INVALID_DATETIME_PATTERN") << pattern;
  }
  // Letters in quotes are text.
  EXPECT_EQ(compileError("yyyy 'Year' 'week'"), "");
  // E, F, Q and q format but do not parse.
  EXPECT_EQ(compileError("EEE, d MMM yyyy"), "");
  for (std::string_view pattern : {"EEE yyyy", "F", "QQ", "q"}) {
    EXPECT_EQ(compileError(pattern, true), "INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER") << pattern;
  }
  DatetimePattern format_only = DatetimePattern::compile("EEE yyyy");
  EXPECT_TRUE(format_only.formatOnly());
  EXPECT_THROW(format_only.parseDate("Mon 2020"), Error);
}

TEST(DatetimePatternTest, NonMatchingTextIsNullopt) {
  DatetimePattern pattern = DatetimePattern::compile("yyyy-MM-dd HH:mm:ss");
  for (std::string_view text :
       {"", "2020", "2020-01-15", "2020-01-15 10:20:30x", "abcd-01-15 10:20:30",
        "2020-01-15T10:20:30", "2020-01-15  10:20:30", "-0-01-01 00:00:00", "2020-00-10 10:20:30",
        "2020-01-32 10:20:30"}) {
    EXPECT_EQ(pattern.parseTimestamp(text, utc()), std::nullopt) << text;
    EXPECT_EQ(pattern.parseTimestampNtz(text), std::nullopt) << text;
  }
  // Years beyond what TIMESTAMP holds.
  EXPECT_EQ(timestamp("yyyy-MM-dd", "+300000-01-01"), std::nullopt);
  EXPECT_EQ(date("yyyy-MM-dd", "+300000-01-01"), days(300000, 1, 1));
  EXPECT_EQ(date("y-MM-dd", "9999999999-01-01"), std::nullopt);
}

}  // namespace
}  // namespace sluice
