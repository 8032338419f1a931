// src/common/types/calendar_interval.cpp
#include "common/types/calendar_interval.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "common/types/decimal.hpp"
#include "common/types/time_units.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

std::string formatCalendarInterval(const CalendarInterval& interval) {
  if (interval.months == 0 && interval.days == 0 && interval.microseconds == 0)
    return "0 seconds";
  std::string out;
  auto append = [&](int64_t value, const char* unit) {
    if (value != 0)
      out += fmt::format("{} {} ", value, unit);
  };
  append(interval.months / 12, "years");
  append(interval.months % 12, "months");
  append(interval.days, "days");
  int64_t rest = interval.microseconds;
  append(rest / kMicrosPerHour, "hours");
  rest %= kMicrosPerHour;
  append(rest / kMicrosPerMinute, "minutes");
  rest %= kMicrosPerMinute;
  if (rest != 0) {
    // BigDecimal.valueOf(rest, 6).stripTrailingZeros().toPlainString().
    int scale = 6;
    while (scale > 0 && rest % 10 == 0) {
      rest /= 10;
      --scale;
    }
    out += formatDecimal(rest, scale) + " seconds ";
  }
  out.pop_back();
  return out;
}

std::optional<CalendarInterval> negateCalendarInterval(const CalendarInterval& interval) {
  CalendarInterval negated;
  if (__builtin_sub_overflow(0, interval.months, &negated.months) ||
      __builtin_sub_overflow(0, interval.days, &negated.days) ||
      __builtin_sub_overflow(int64_t{0}, interval.microseconds, &negated.microseconds)) {
    return std::nullopt;
  }
  return negated;
}

namespace {

//! Java's (long) cast of a double: toward zero, NaN to 0, saturating at the long range.
int64_t javaDoubleToLong(double value) {
  if (std::isnan(value))
    return 0;
  constexpr double kLimit = 9223372036854775808.0;  // 2^63
  if (value >= kLimit)
    return std::numeric_limits<int64_t>::max();
  if (value < -kLimit)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

}  // namespace

std::optional<CalendarInterval> calendarIntervalFromDoubles(double months, double days,
                                                            double microseconds) {
  int64_t whole_months = javaDoubleToLong(months);
  int64_t whole_days = javaDoubleToLong(days);
  if (whole_months < std::numeric_limits<int32_t>::min() ||
      whole_months > std::numeric_limits<int32_t>::max() ||
      whole_days < std::numeric_limits<int32_t>::min() ||
      whole_days > std::numeric_limits<int32_t>::max()) {
    return std::nullopt;
  }
  double micros =
      microseconds + static_cast<double>(kMicrosPerDay) * (days - static_cast<double>(whole_days));
  CalendarInterval interval;
  interval.months = static_cast<int32_t>(whole_months);
  interval.days = static_cast<int32_t>(whole_days);
  // Math.round: floor(x + 0.5), saturating.
  interval.microseconds = javaDoubleToLong(std::floor(micros + 0.5));
  return interval;
}

}  // namespace sluice
