// src/function/aggregate/value_ordering.hpp
//
// The order of two non-NULL values of one physical type, as ORDER BY sorts them
// (exec/physical/sort_key.hpp): NaN above every other floating-point value and equal to
// itself, -0.0 equal to 0.0, strings and binaries by their bytes.
#pragma once

#include <cmath>
#include <type_traits>

#include "common/types/string_view.hpp"

namespace sluice {

//! True when `a` sorts strictly before `b`.
template <typename T>
inline bool sortsBefore(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(b))
      return !std::isnan(a);
    return a < b;  // a NaN `a` compares false
  } else if constexpr (std::is_same_v<T, StringView>) {
    return a.compare(b) < 0;
  } else {
    return a < b;
  }
}

}  // namespace sluice
