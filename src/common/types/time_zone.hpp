// src/common/types/time_zone.hpp
//
// A session time zone (spark.sql.session.timeZone): a fixed offset or a region from the IANA
// database. Converts between UTC instants and local wall-clock times.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sluice {

class TimeZone {
 public:
  //! The zone named `name`: "UTC", "Z", "+08:00", "-0530", "GMT+8", "UTC-03:00", or a region
  //! such as "America/Los_Angeles". Returns null for an unknown name.
  static std::shared_ptr<const TimeZone> find(std::string_view name);
  static const TimeZone& utc();

  virtual ~TimeZone() = default;
  //! The name as given by Spark's SET TIME ZONE display ("UTC", "+08:00", a region id).
  virtual const std::string& name() const = 0;
  //! The offset from UTC, in seconds, in force at the UTC instant `utc_micros`.
  virtual int32_t offsetAtUtc(int64_t utc_micros) const = 0;
  //! The offset for a local wall-clock time; in a gap or overlap, Spark's choice (the offset
  //! before the transition).
  virtual int32_t offsetAtLocal(int64_t local_micros) const = 0;
};

}  // namespace sluice
