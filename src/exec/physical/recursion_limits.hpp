// src/exec/physical/recursion_limits.hpp
//
// The session settings that bound a recursive CTE (physical_recursive_cte.hpp): how many
// steps it may take and how many rows it may make. Spark's names and defaults; -1 turns a
// limit off.
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice {

inline constexpr std::string_view kCteRecursionLevelLimitKey = "spark.sql.cteRecursionLevelLimit";
inline constexpr std::string_view kCteRecursionRowLimitKey = "spark.sql.cteRecursionRowLimit";

//! `text` (quoted or not) as the value of the limit `key`: a whole number from -1 on, or
//! INVALID_CONF_VALUE naming the setting.
int64_t recursionLimitOrThrow(std::string_view key, std::string_view text);

}  // namespace sluice
