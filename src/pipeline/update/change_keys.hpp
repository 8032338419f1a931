// src/pipeline/update/change_keys.hpp
//
// The keys an AUTO CDC batch touches, as a set that a scan can test a batch of rows against
// cheaply: each row's key columns are hashed a column at a time (hashKeyColumn, the grouping
// hash), a bit filter and the sorted hashes of the set's keys rule out almost every row, and
// only the rows left are boxed and compared exactly. Keys follow Spark's grouping equality
// (compareElements: NaN equals NaN, -0.0 equals 0.0).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "common/types/value.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

//! Orders keys column by column (compareElements), shorter first on a common prefix.
struct KeyLess {
  bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const;
};

class ChangeKeySet {
 public:
  //! Keys of `types`; see supports().
  explicit ChangeKeySet(std::vector<DataType> types) : types_(std::move(types)) {}

  //! Whether keys of these types can be hashed a batch at a time (scalar types only).
  static bool supports(const std::vector<DataType>& types);

  const std::vector<DataType>& types() const { return types_; }
  void add(std::vector<Value> key) { keys_.push_back(std::move(key)); }
  //! Sorts and deduplicates the keys and hashes them; call once, after the last add().
  void seal();

  size_t size() const { return keys_.size(); }
  bool empty() const { return keys_.empty(); }
  //! The keys, ascending (after seal()).
  const std::vector<std::vector<Value>>& keys() const { return keys_; }
  bool contains(const std::vector<Value>& key) const;

  //! The smallest and largest value of the first key column, for pruning files by their
  //! statistics (absent for an empty set).
  std::optional<std::pair<Value, Value>> firstColumnRange() const;

  //! For rows [0, count) of `columns` (the key columns of a batch, in key order, of the set's
  //! types, flat): appends to `candidates` the rows whose key may be in the set. A row with a
  //! NULL key column is never a candidate.
  void findCandidates(const std::vector<const Vector*>& columns, idx_t count,
                      std::vector<uint32_t>& candidates) const;

 private:
  std::vector<DataType> types_;
  std::vector<std::vector<Value>> keys_;
  std::vector<uint64_t> hashes_;  // sorted
  std::vector<uint64_t> filter_;  // one bit per hash bucket
  uint64_t filter_mask_ = 0;
};

}  // namespace sluice
