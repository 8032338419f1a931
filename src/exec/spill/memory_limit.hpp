// src/exec/spill/memory_limit.hpp
//
// How much memory a query's operators may hold before they spill to disk: the session's
// `sluice.memoryLimit` (a byte size as Spark writes them: "512m", "2g", "1048576"), or by
// default 80 % of the machine's physical memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "function/function.hpp"

namespace sluice {

inline constexpr std::string_view kMemoryLimitKey = "sluice.memoryLimit";

//! Bytes in a size as Spark's byte strings write it: a whole number with an optional unit b, k,
//! kb, m, mb, g, gb, t, tb, p or pb (any case; powers of 1024); no unit means bytes. Empty
//! when the text is not such a size or does not fit in 64 bits.
std::optional<uint64_t> parseByteSize(std::string_view text);

//! 80 % of the physical memory.
uint64_t defaultMemoryLimit();

//! The limit the query of `context` runs under.
inline uint64_t memoryLimitOf(const ExecContext& context) {
  return context.memory_limit != 0 ? context.memory_limit : defaultMemoryLimit();
}

//! Whether a thread that holds `own` of the `held` bytes all threads hold should spill: once
//! they are past `limit`, each thread that holds a fair share of them does.
bool holdsFairShareOverLimit(uint64_t held, uint64_t own, uint64_t limit);

//! `text` as the value of sluice.memoryLimit (quoted or not), or INVALID_CONF_VALUE naming it.
uint64_t memoryLimitOrThrow(std::string_view text);

}  // namespace sluice
