// src/common/types/civil_calendar.cpp
//
// The proleptic Gregorian calendar that Spark 3+ uses for DATE and TIMESTAMP: conversions
// between (year, month, day) and days since 1970-01-01, validity and weekdays. Counts in
// 400-year eras (146097 days) so that any year works without a loop.
#include "common/types/time_units.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

constexpr int64_t kDaysPerEra = 146097;
// Days from 0000-03-01 to 1970-01-01.
constexpr int64_t kEpochShift = 719468;

bool isLeapYear(int64_t year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

}  // namespace

int64_t daysFromCivilWide(int64_t year, uint32_t month, uint32_t day) {
  // Years start on March 1 so that the leap day is the last day of the year.
  int64_t shifted_year = month <= 2 ? year - 1 : year;
  int64_t era = floorDivide(shifted_year, 400);
  int64_t year_of_era = shifted_year - era * 400;
  int64_t month_from_march = month > 2 ? month - 3 : month + 9;
  int64_t day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
  int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * kDaysPerEra + day_of_era - kEpochShift;
}

int32_t daysFromCivil(int32_t year, uint32_t month, uint32_t day) {
  return static_cast<int32_t>(daysFromCivilWide(year, month, day));
}

CivilDate civilFromDays(int32_t days) {
  int64_t shifted = int64_t{days} + kEpochShift;
  int64_t era = floorDivide(shifted, kDaysPerEra);
  int64_t day_of_era = shifted - era * kDaysPerEra;
  int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  int64_t month_from_march = (5 * day_of_year + 2) / 153;
  auto day = static_cast<uint32_t>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
  auto month =
      static_cast<uint32_t>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
  return CivilDate{static_cast<int32_t>(year), month, day};
}

uint32_t daysInMonth(int64_t year, uint32_t month) {
  static constexpr uint8_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && isLeapYear(year))
    return 29;
  return kDays[month - 1];
}

bool isValidDate(int32_t year, uint32_t month, uint32_t day) {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

uint32_t isoWeekdayFromDays(int64_t days) {
  // 1970-01-01 was a Thursday (4).
  int64_t from_monday = (days + 3) % 7;
  if (from_monday < 0)
    from_monday += 7;
  return static_cast<uint32_t>(from_monday + 1);
}

}  // namespace sluice
