// src/function/scalar/time_windows.hpp
//
// What the binder needs of window(ts, duration, slide, start) to group by a sliding window: the
// window's durations, read as the function reads them, and the function that gives a time's
// index-th window.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "function/function.hpp"

namespace sluice {

//! A time window's durations in microseconds: windows `duration` long start every `slide`,
//! at the epoch plus `start`.
struct TimeWindowSpec {
  int64_t duration = 0;
  int64_t slide = 0;
  int64_t start = 0;

  bool sliding() const { return slide != duration; }
  //! How many windows hold a time at most: ceil(duration / slide).
  int64_t windowsPerTime() const { return (duration + slide - 1) / slide; }
};

//! The durations of window(ts, duration [, slide [, start]]) from its constant texts, with
//! the function's errors (INVALID_PARAMETER_VALUE.WINDOW_DURATION, a slide longer than the
//! window or a start not within a slide of 0: DATATYPE_MISMATCH.PARAMETER_CONSTRAINT_VIOLATION).
TimeWindowSpec timeWindowSpec(std::string_view duration, std::optional<std::string_view> slide,
                              std::optional<std::string_view> start);

//! window over a `time` (TIMESTAMP or TIMESTAMP_NTZ) argument giving the index-th window of
//! `spec` that holds it (0 the one that starts last), NULL where it holds none.
BoundScalarFunction nthTimeWindow(const DataType& time, const TimeWindowSpec& spec, int64_t index);

}  // namespace sluice
