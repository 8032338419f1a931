// src/common/types/calendar_interval.cpp
#include "common/types/calendar_interval.hpp"

#include <fmt/format.h>

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

}  // namespace sluice
