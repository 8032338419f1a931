// src/common/clock.hpp
//
// The wall clock, as the instants sluice records and Spark's current_timestamp() returns.
#pragma once

#include <chrono>
#include <cstdint>

namespace sluice {

//! Now, in microseconds since the Unix epoch.
inline int64_t epochMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

//! Now, in milliseconds since the Unix epoch.
inline int64_t epochMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace sluice
