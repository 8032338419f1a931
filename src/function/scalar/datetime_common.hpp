// src/function/scalar/datetime_common.hpp
//
// What the date and time functions share (beyond common/types/time_units.hpp): the
// session zone of a kernel, the civil fields of a DATE, the wall clock of a TIMESTAMP and the
// way back, and the errors Spark raises from several of them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "function/function.hpp"

namespace sluice::datetime {

//! The session zone (spark.sql.session.timeZone) a kernel runs in; UTC when none is set.
inline const TimeZone& sessionZone(const ExecContext& context) {
  return context.time_zone != nullptr ? *context.time_zone : TimeZone::utc();
}

//! The local day of a wall-clock time (microseconds of that clock).
inline int32_t dayOfLocal(int64_t local_micros) {
  return static_cast<int32_t>(floorDivide(local_micros, kMicrosPerDay));
}

//! The date of a UTC instant in `zone`.
inline int32_t dateOfInstant(int64_t micros, const TimeZone& zone) {
  return dayOfLocal(zone.toLocal(micros));
}

//! The instant at which `days` starts in `zone` (a midnight in a DST gap moves forward).
inline int64_t startOfDay(int32_t days, const TimeZone& zone) {
  return zone.toUtc(int64_t{days} * kMicrosPerDay);
}

//! The instant of wall-clock time `local_micros` in `zone`, keeping `preferred_offset` (seconds)
//! when it is valid there, as ZonedDateTime's plus and truncatedTo do; else toUtc's choice.
inline int64_t localToUtcPreferring(int64_t local_micros, int32_t preferred_offset,
                                    const TimeZone& zone) {
  int64_t candidate = local_micros - int64_t{preferred_offset} * kMicrosPerSecond;
  if (zone.offsetAtUtc(candidate) == preferred_offset)
    return candidate;
  return zone.toUtc(local_micros);
}

//! The date `months` months after `days`, with the day clamped to the end of the month
//! (LocalDate.plusMonths); nullopt when the year leaves DATE's range.
std::optional<int32_t> addMonthsToDate(int32_t days, int64_t months);

//! The instant `months` months and `days` days after `micros` as wall-clock arithmetic in
//! `zone` (Spark's timestampAddInterval); nullopt on overflow.
std::optional<int64_t> addToTimestamp(int64_t micros, int64_t months, int64_t days,
                                      const TimeZone& zone);

//! The ISO week of the year (1..53) of a date.
int32_t isoWeekOfYear(int32_t days);

//! The zone named by a function argument (from_utc_timestamp, make_timestamp); raises
//! INVALID_PARAMETER_VALUE for an unknown zone.
std::shared_ptr<const TimeZone> zoneArgument(std::string_view name, std::string_view function);

//! "CANNOT_PARSE_TIMESTAMP" for `text` that does not match; `try_function` is the function that
//! returns NULL instead.
[[noreturn]] void raiseCannotParse(std::string_view text, std::string_view try_function);

//! Spark 4's DATETIME_FIELD_OUT_OF_BOUNDS (a date or time field outside its range in
//! make_date / make_timestamp). That class is not in the catalogue; INVALID_PARAMETER_VALUE has
//! the same SQLSTATE (22023) and is the closest.
[[noreturn]] void raiseFieldOutOfBounds(const std::string& range_message);

//! DATETIME_OVERFLOW for an operation whose result leaves the TIMESTAMP range.
[[noreturn]] void raiseDatetimeOverflow(const std::string& operation);

}  // namespace sluice::datetime
