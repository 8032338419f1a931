// src/common/types/time_zone.hpp
//
// A session time zone (spark.sql.session.timeZone): a fixed offset or a region from the IANA
// database (the system tzdata, read through Howard Hinnant's date/tz). Converts between UTC
// instants and local wall-clock times with the rules of java.time, which Spark uses.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sluice {

class TimeZone {
 public:
  //! The zone named `name`, accepted as Spark's getZoneId accepts it (ZoneId.of with
  //! SHORT_IDS): "Z"; offsets "+h", "+hh", "+hhmm", "+hh:mm", "+hhmmss", "+hh:mm:ss" (and
  //! Spark's "+h:mm", "+hh:m"), at most 18 hours; "UTC", "GMT", "UT" alone or followed by
  //! such an offset ("GMT+8", "UTC-03:00"); Java's short ids ("PST", "EST", "CTT"); region ids,
  //! case-sensitive ("America/Los_Angeles", "US/Pacific", "Etc/GMT+8"). Returns null for
  //! anything else. Zones are built once and cached; the result may be shared freely.
  static std::shared_ptr<const TimeZone> find(std::string_view name);
  static const TimeZone& utc();

  virtual ~TimeZone() = default;
  //! Java's ZoneId.getId of the zone: "UTC", "Z", "+08:00", "GMT+08:00",
  //! "America/Los_Angeles" (a short id gives its region or offset: "PST" ->
  //! "America/Los_Angeles", "EST" -> "-05:00").
  virtual const std::string& name() const = 0;
  //! The offset from UTC, in seconds, in force at the UTC instant `utc_micros`.
  virtual int32_t offsetAtUtc(int64_t utc_micros) const = 0;
  //! The offset for a local wall-clock time, as ZonedDateTime.of picks it: in a gap (spring
  //! forward) and in an overlap (fall back) the offset in force before the transition, so that
  //! 02:30 in a gap becomes 03:30 after it.
  virtual int32_t offsetAtLocal(int64_t local_micros) const = 0;
  //! The offset when it never changes (UTC and fixed offsets); lets loops hoist the lookup.
  virtual std::optional<int32_t> fixedOffset() const { return std::nullopt; }

  //! The wall-clock time of a UTC instant (saturates at the int64 range).
  int64_t toLocal(int64_t utc_micros) const;
  //! The UTC instant of a wall-clock time, with offsetAtLocal's choice (saturates).
  int64_t toUtc(int64_t local_micros) const;
};

//! Whether two session zones are the same zone; null stands for UTC, the default.
bool sameTimeZone(const TimeZone* a, const TimeZone* b);

}  // namespace sluice
