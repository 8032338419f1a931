// src/exec/spill/memory_limit.hpp
//
// How much memory a query's operators may hold before they spill to disk: the session's
// `sluice.memoryLimit` (a byte size as Spark writes them: "512m", "2g", "1048576"), or by
// default 80 % of the machine's physical memory.
#pragma once

#include <atomic>
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

//! What the operators of a query may hold under `limit`: the limit less what the Parquet
//! readers hold in buffers (chunks, pages, dictionaries), which no operator can spill, and less
//! 128 MB (at most half the limit) for the memory nothing counts; at least a quarter of the
//! limit.
uint64_t operatorMemoryLimit(uint64_t limit);

//! The bytes one operator holds (its rows, its tables), counted into the process's total of
//! operator memory as well, so that operators of queries that run at once (the flows of a
//! pipeline update) share one limit. What it still counts when it goes is given back.
class HeldMemory {
 public:
  HeldMemory() = default;
  ~HeldMemory();
  HeldMemory(const HeldMemory&) = delete;
  HeldMemory& operator=(const HeldMemory&) = delete;

  //! Counts `bytes` more; returns what the operator holds now.
  uint64_t add(uint64_t bytes);
  void release(uint64_t bytes);
  uint64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> bytes_{0};
};

//! What an operator that holds `held` may hold under `limit`: the operators' share of the limit
//! less what the process's other operators hold.
uint64_t operatorMemoryAvailable(const HeldMemory& held, uint64_t limit);

//! Whether a thread that holds `own` of the bytes an operator holds should spill: once they are
//! past what the operator may hold, each thread that holds a fair share of them does.
bool holdsFairShareOverLimit(const HeldMemory& held, uint64_t own, uint64_t limit);

//! `text` as the value of sluice.memoryLimit (quoted or not), or INVALID_CONF_VALUE naming it.
uint64_t memoryLimitOrThrow(std::string_view text);

}  // namespace sluice
