// src/function/scalar/datetime_common.cpp
//
// Calendar arithmetic and errors shared by the date and time functions.

#include "function/scalar/datetime_common.hpp"

#include <limits>

namespace sluice::datetime {

std::optional<int32_t> addMonthsToDate(int32_t days, int64_t months) {
  CivilDate date = civilFromDays(days);
  int64_t total = int64_t{date.year} * 12 + (date.month - 1) + months;
  int64_t year = floorDivide(total, 12);
  auto month = static_cast<uint32_t>(total - year * 12 + 1);
  uint32_t day = std::min(date.day, daysInMonth(year, month));
  int64_t result = daysFromCivilWide(year, month, day);
  if (result < std::numeric_limits<int32_t>::min() || result > std::numeric_limits<int32_t>::max())
    return std::nullopt;
  return static_cast<int32_t>(result);
}

std::optional<int64_t> addToTimestamp(int64_t micros, int64_t months, int64_t days,
                                      const TimeZone& zone) {
  int32_t offset = zone.offsetAtUtc(micros);
  int64_t local = zone.toLocal(micros);
  int64_t day = floorDivide(local, kMicrosPerDay);
  int64_t time_of_day = local - day * kMicrosPerDay;
  if (day < std::numeric_limits<int32_t>::min() || day > std::numeric_limits<int32_t>::max())
    return std::nullopt;
  int64_t new_day = day;
  if (months != 0) {
    auto shifted = addMonthsToDate(static_cast<int32_t>(day), months);
    if (!shifted)
      return std::nullopt;
    new_day = *shifted;
  }
  if (__builtin_add_overflow(new_day, days, &new_day))
    return std::nullopt;
  // Days beyond the TIMESTAMP range (about 292,000 years) overflow.
  constexpr int64_t kMaxDays = std::numeric_limits<int64_t>::max() / kMicrosPerDay - 1;
  if (new_day > kMaxDays || new_day < -kMaxDays)
    return std::nullopt;
  int64_t new_local = new_day * kMicrosPerDay + time_of_day;
  return localToUtcPreferring(new_local, offset, zone);
}

int32_t isoWeekOfYear(int32_t days) {
  // The ISO week belongs to the year of its Thursday.
  int64_t weekday = isoWeekdayFromDays(days);  // 1 = Monday
  int64_t thursday = int64_t{days} - weekday + 4;
  CivilDate date = civilFromDays(static_cast<int32_t>(thursday));
  int64_t first_of_year = daysFromCivilWide(date.year, 1, 1);
  return static_cast<int32_t>((thursday - first_of_year) / 7 + 1);
}

std::shared_ptr<const TimeZone> zoneArgument(std::string_view name, std::string_view function) {
  auto zone = TimeZone::find(name);
  if (!zone) {
    // Spark lets java.time's DateTimeException through; INVALID_PARAMETER_VALUE names the
    // argument at fault.
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "TIME_ZONE",
                fmt::format("The value of parameter(s) `timezone` in `{}` is invalid: Invalid "
                            "ID for region-based ZoneId: {}.",
                            function, name));
  }
  return zone;
}

void raiseCannotParse(std::string_view text, std::string_view try_function) {
  throwError(ErrorClass::CANNOT_PARSE_TIMESTAMP,
             "Text '{}' could not be parsed. Use `{}` to tolerate invalid input string and "
             "return NULL instead.",
             text, try_function);
}

void raiseFieldOutOfBounds(const std::string& range_message) {
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "DATETIME_FIELD_OUT_OF_BOUNDS", range_message);
}

void raiseDatetimeOverflow(const std::string& operation) {
  throwError(ErrorClass::DATETIME_OVERFLOW, "Datetime operation overflow: {}.", operation);
}

}  // namespace sluice::datetime
