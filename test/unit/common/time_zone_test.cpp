// test/unit/common/time_zone_test.cpp
//
// Session time zones: the names Spark's getZoneId accepts and how they print, fixed offsets,
// IANA regions with their DST transitions (America/Los_Angeles in 2024, far past and far
// future), local-time resolution in gaps and overlaps, and the per-thread range cache.
#include "common/types/time_zone.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "common/types/value_text.hpp"

namespace sluice {
namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr int32_t kHourSeconds = 3600;

int64_t utcMicros(int32_t year, uint32_t month, uint32_t day, int64_t hour = 0, int64_t minute = 0,
                  int64_t second = 0) {
  return (daysFromCivilWide(year, month, day) * 86400 + hour * 3600 + minute * 60 + second) *
         kSecond;
}

std::shared_ptr<const TimeZone> zone(std::string_view name) {
  std::shared_ptr<const TimeZone> found = TimeZone::find(name);
  EXPECT_TRUE(found) << name;
  return found;
}

struct NameCase {
  const char* input;
  const char* name;
  int32_t offset;
};

TEST(TimeZoneTest, FixedOffsetNames) {
  const NameCase cases[] = {
      {"UTC", "UTC", 0},
      {"GMT", "GMT", 0},
      {"UT", "UT", 0},
      {"Z", "Z", 0},
      {"+00:00", "Z", 0},
      {"-00:00", "Z", 0},
      {"+08:00", "+08:00", 8 * kHourSeconds},
      {"+8", "+08:00", 8 * kHourSeconds},
      {"+08", "+08:00", 8 * kHourSeconds},
      {"-0530", "-05:30", -(5 * kHourSeconds + 1800)},
      {"+05:30:15", "+05:30:15", 5 * kHourSeconds + 1815},
      {"+053015", "+05:30:15", 5 * kHourSeconds + 1815},
      {"+1:00", "+01:00", kHourSeconds},
      {"+01:0", "+01:00", kHourSeconds},
      {"-1:30", "-01:30", -(kHourSeconds + 1800)},
      {"+1:2", "+01:02", kHourSeconds + 120},
      {"+18:00", "+18:00", 18 * kHourSeconds},
      {"-18:00", "-18:00", -18 * kHourSeconds},
      {"GMT+8", "GMT+08:00", 8 * kHourSeconds},
      {"GMT+1:30", "GMT+01:30", kHourSeconds + 1800},
      {"UTC-03:00", "UTC-03:00", -3 * kHourSeconds},
      {"UTC+0", "UTC", 0},
      {"UT+5", "UT+05:00", 5 * kHourSeconds},
      {"EST", "-05:00", -5 * kHourSeconds},
      {"MST", "-07:00", -7 * kHourSeconds},
      {"HST", "-10:00", -10 * kHourSeconds},
      {"Etc/UTC", "Etc/UTC", 0},
      {"Etc/GMT+8", "Etc/GMT+8", -8 * kHourSeconds},
  };
  for (const NameCase& c : cases) {
    std::shared_ptr<const TimeZone> found = zone(c.input);
    if (!found)
      continue;
    EXPECT_EQ(found->name(), c.name) << c.input;
    EXPECT_EQ(found->offsetAtUtc(utcMicros(2024, 7, 1)), c.offset) << c.input;
    EXPECT_EQ(found->offsetAtLocal(utcMicros(2024, 1, 1)), c.offset) << c.input;
    EXPECT_EQ(found->fixedOffset(), std::optional<int32_t>(c.offset)) << c.input;
  }
  EXPECT_EQ(TimeZone::utc().name(), "UTC");
  EXPECT_EQ(TimeZone::utc().fixedOffset(), std::optional<int32_t>(0));
}

TEST(TimeZoneTest, RejectsUnknownNames) {
  for (const char* bad : {"",
                          "z",
                          "utc",
                          "+18:01",
                          "+19",
                          "-19:00",
                          "+123",
                          "+08:60",
                          "+08:00:60",
                          "08:00",
                          "GMT+",
                          "GMT+25",
                          "UTC+8x",
                          "america/los_angeles",
                          "Foo/Bar",
                          "Mars",
                          "posix/UTC",
                          "right/UTC",
                          "../../etc/passwd",
                          "America/../UTC",
                          "/UTC",
                          "Europe/Paris ",
                          " UTC",
                          "PST8",
                          "X"}) {
    EXPECT_EQ(TimeZone::find(bad), nullptr) << bad;
  }
}

TEST(TimeZoneTest, RegionsAndShortIds) {
  EXPECT_EQ(zone("America/Los_Angeles")->name(), "America/Los_Angeles");
  EXPECT_EQ(zone("PST")->name(), "America/Los_Angeles");
  EXPECT_EQ(zone("CTT")->name(), "Asia/Shanghai");
  EXPECT_EQ(zone("IST")->name(), "Asia/Kolkata");
  EXPECT_EQ(zone("US/Pacific")->offsetAtUtc(utcMicros(2024, 1, 1)), -8 * kHourSeconds);
  EXPECT_EQ(zone("Asia/Kolkata")->offsetAtUtc(utcMicros(2024, 1, 1)), 5 * kHourSeconds + 1800);
  EXPECT_EQ(zone("Asia/Kolkata")->fixedOffset(), std::nullopt);
  EXPECT_EQ(zone("Europe/Paris")->offsetAtUtc(utcMicros(2024, 1, 1)), kHourSeconds);
  EXPECT_EQ(zone("Europe/Paris")->offsetAtUtc(utcMicros(2024, 7, 1)), 2 * kHourSeconds);
  EXPECT_EQ(zone("Europe/London")->offsetAtUtc(utcMicros(2024, 3, 31, 0, 59, 59)), 0);
  EXPECT_EQ(zone("Europe/London")->offsetAtUtc(utcMicros(2024, 3, 31, 1)), kHourSeconds);
  EXPECT_EQ(zone("Australia/Sydney")->offsetAtUtc(utcMicros(2024, 1, 15)), 11 * kHourSeconds);
  EXPECT_EQ(zone("Australia/Sydney")->offsetAtUtc(utcMicros(2024, 7, 15)), 10 * kHourSeconds);
  // Lookups are cached: the same name gives the same zone.
  EXPECT_EQ(TimeZone::find("Europe/Paris"), TimeZone::find("Europe/Paris"));
}

TEST(TimeZoneTest, LosAngelesTransitionsIn2024) {
  auto la = zone("America/Los_Angeles");
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 1, 15)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 7, 15)), -7 * kHourSeconds);
  // Spring forward at 2024-03-10 10:00 UTC (02:00 PST).
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 3, 10, 10) - 1), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 3, 10, 10)), -7 * kHourSeconds);
  // Fall back at 2024-11-03 09:00 UTC (02:00 PDT).
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 11, 3, 9) - 1), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2024, 11, 3, 9)), -8 * kHourSeconds);
}

TEST(TimeZoneTest, LocalTimesInGapsAndOverlapsTakeTheEarlierOffset) {
  auto la = zone("America/Los_Angeles");
  // Wall-clock times are passed as micros of that clock.
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 3, 10, 1, 59, 59)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 3, 10, 2)), -8 * kHourSeconds);  // gap
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 3, 10, 2, 59, 59)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 3, 10, 3)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 11, 3, 0, 59, 59)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 11, 3, 1)), -7 * kHourSeconds);  // overlap
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 11, 3, 1, 59, 59)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2024, 11, 3, 2)), -8 * kHourSeconds);
  EXPECT_EQ(la->toUtc(utcMicros(2024, 3, 10, 2, 30)), utcMicros(2024, 3, 10, 10, 30));
  EXPECT_EQ(la->toLocal(utcMicros(2024, 3, 10, 10, 30)), utcMicros(2024, 3, 10, 3, 30));
  EXPECT_EQ(la->toLocal(std::numeric_limits<int64_t>::min()), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(zone("+01:00")->toLocal(std::numeric_limits<int64_t>::max()),
            std::numeric_limits<int64_t>::max());
}

TEST(TimeZoneTest, FarPastUsesLocalMeanTime) {
  auto la = zone("America/Los_Angeles");
  // Before 1883-11-18 20:00 UTC Los Angeles kept LMT, -7:52:58.
  EXPECT_EQ(la->offsetAtUtc(utcMicros(1850, 1, 1)), -(7 * 3600 + 52 * 60 + 58));
  EXPECT_EQ(la->offsetAtUtc(utcMicros(1883, 11, 18, 20)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(1900, 7, 1)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(std::numeric_limits<int64_t>::min()), -(7 * 3600 + 52 * 60 + 58));
}

TEST(TimeZoneTest, FarFutureKeepsTheLastRules) {
  auto la = zone("America/Los_Angeles");
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2037, 7, 1)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2050, 1, 1)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2050, 7, 1)), -7 * kHourSeconds);
  // 2038: second Sunday of March is the 14th, first Sunday of November the 7th.
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2038, 3, 14, 10) - 1), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2038, 3, 14, 10)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2038, 11, 7, 9) - 1), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2038, 11, 7, 9)), -8 * kHourSeconds);
  // 2100 is not a leap year; March 1 is a Monday, so DST starts on the 14th.
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2100, 3, 14, 10) - 1), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(2100, 3, 14, 10)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2100, 3, 14, 2, 30)), -8 * kHourSeconds);
  EXPECT_EQ(la->offsetAtLocal(utcMicros(2100, 3, 14, 3)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(utcMicros(10000, 7, 1)), -7 * kHourSeconds);
  EXPECT_EQ(la->offsetAtUtc(std::numeric_limits<int64_t>::max()), -8 * kHourSeconds);
  // Southern hemisphere: summer spans the new year.
  auto sydney = zone("Australia/Sydney");
  EXPECT_EQ(sydney->offsetAtUtc(utcMicros(2050, 1, 15)), 11 * kHourSeconds);
  EXPECT_EQ(sydney->offsetAtUtc(utcMicros(2050, 7, 15)), 10 * kHourSeconds);
  // Zones that dropped DST stay on standard time.
  EXPECT_EQ(zone("Asia/Tokyo")->offsetAtUtc(utcMicros(2080, 7, 1)), 9 * kHourSeconds);
  EXPECT_EQ(zone("America/Phoenix")->offsetAtUtc(utcMicros(2080, 7, 1)), -7 * kHourSeconds);
}

TEST(TimeZoneTest, RangeCacheIsPerZoneAndPerThread) {
  auto la = zone("America/Los_Angeles");
  auto paris = zone("Europe/Paris");
  int64_t winter = utcMicros(2024, 1, 15);
  int64_t summer = utcMicros(2024, 7, 15);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(la->offsetAtUtc(winter), -8 * kHourSeconds);
    EXPECT_EQ(paris->offsetAtUtc(winter), kHourSeconds);
    EXPECT_EQ(la->offsetAtUtc(summer), -7 * kHourSeconds);
    EXPECT_EQ(la->offsetAtUtc(summer + 1), -7 * kHourSeconds);
    EXPECT_EQ(paris->offsetAtUtc(summer), 2 * kHourSeconds);
  }
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      auto zone = t % 2 == 0 ? la : paris;
      int32_t expected_winter = t % 2 == 0 ? -8 * kHourSeconds : kHourSeconds;
      for (int i = 0; i < 2000; ++i) {
        int64_t instant = i % 2 == 0 ? winter + i : summer + i;
        int32_t offset = zone->offsetAtUtc(instant);
        bool ok = i % 2 == 0 ? offset == expected_winter : offset == expected_winter + 3600;
        if (!ok)
          ++failures[t];
      }
    });
  }
  for (std::thread& thread : threads)
    thread.join();
  for (int failure : failures)
    EXPECT_EQ(failure, 0);
}

}  // namespace
}  // namespace sluice
