// src/common/types/calendar_interval.hpp
//
// Spark's CalendarInterval: months, days and microseconds kept apart, because a month and a day
// have no fixed length (make_interval, INTERVAL '1 month 2 days'). In a vector it is 16 bytes,
// read and written as the int128_t of the same bits, so that copies, hashing and equality treat
// it as one value; its fields have no order, and the type is not orderable.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "common/types/data_type.hpp"

namespace sluice {

struct CalendarInterval {
  int32_t months = 0;
  int32_t days = 0;
  int64_t microseconds = 0;

  //! The value's 16 bytes as the int128_t a vector holds.
  int128_t bits() const { return std::bit_cast<int128_t>(*this); }
  static CalendarInterval fromBits(int128_t bits) { return std::bit_cast<CalendarInterval>(bits); }
};
static_assert(sizeof(CalendarInterval) == sizeof(int128_t));

//! CalendarInterval.toString: "1 years 2 months 25 days 5 hours 6 minutes 7.008009 seconds",
//! each part only when not zero, "0 seconds" for nothing.
std::string formatCalendarInterval(const CalendarInterval& interval);
//! The same for the bits a vector or a Value holds.
inline std::string formatCalendarInterval(int128_t bits) {
  return formatCalendarInterval(CalendarInterval::fromBits(bits));
}

//! -interval, each field negated; nullopt when one overflows (Spark's negateExact).
std::optional<CalendarInterval> negateCalendarInterval(const CalendarInterval& interval);

//! The interval of fractional months, days and microseconds, as Spark's IntervalUtils.fromDoubles
//! makes it for interval * number and interval / number: months and days truncated toward zero
//! (a month's fraction is dropped, a day's goes to the microseconds), microseconds rounded half
//! up; nullopt when the months or days do not fit an int.
std::optional<CalendarInterval> calendarIntervalFromDoubles(double months, double days,
                                                            double microseconds);

}  // namespace sluice
