// src/exec/aggregate/dense_key_cache.hpp
//
// A direct-mapped cache of the groups of a single integer group key, in front of the group
// hash table: slot k holds the group of key base + k. Keys from a small range (ids of products
// or stores, years, flags) then find their group with one load, without probing the table or
// comparing keys. The base is the first key seen, rounded down to a multiple of the slot
// count. A row whose key is NULL, outside the range or not cached yet goes to the hash table,
// and the group it finds there is cached after. A cache that most rows miss (keys spread over
// a range wider than its slots) turns itself off and frees its slots.
#pragma once

#include <memory>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "function/function.hpp"

namespace sluice {

class DenseKeyCache {
 public:
  //! Whether keys of `type` can be cached: integers of at most 8 bytes and the types stored as
  //! them, where equal keys have equal bits.
  static bool appliesTo(const DataType& type);

  bool enabled() const { return enabled_; }
  //! Finds the cached group of each row r of `rows` (groups[r]); writes the rows that missed to
  //! `misses` and returns their number.
  idx_t lookup(const Vector& key, const RowSet& rows, uint8_t** groups, uint32_t* misses);
  //! Caches groups[r] for the rows r of rows[0, count).
  void record(const Vector& key, const uint32_t* rows, idx_t count, uint8_t* const* groups);
  //! Forgets every group.
  void clear();
  //! The bytes of the slots.
  uint64_t memoryBytes() const { return slots_ ? kSlots * sizeof(uint8_t*) : 0; }

 private:
  static constexpr idx_t kSlots = idx_t{1} << 16;
  //! The rows looked up before the cache judges whether it pays.
  static constexpr idx_t kTrialRows = idx_t{1} << 16;

  void setBase(int64_t value);
  void judge();

  std::unique_ptr<uint8_t*[]> slots_;
  int64_t base_ = 0;
  bool has_base_ = false;
  bool enabled_ = true;
  bool judged_ = false;
  idx_t rows_seen_ = 0;
  idx_t hits_ = 0;
};

}  // namespace sluice
