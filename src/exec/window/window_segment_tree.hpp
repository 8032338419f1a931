// src/exec/window/window_segment_tree.hpp
//
// An aggregate over arbitrary frames of one sorted run: the aggregate states of the rows are
// the leaves of a tree whose nodes each combine kFanout children, so the state of any frame
// is the combination of at most 2 * (kFanout - 1) nodes per level: O(log n) per row. The
// aggregate's kernels are called once per batch of rows (update, combine, finalize), never
// once per row.
#pragma once

#include <cstdint>
#include <vector>

#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

class WindowSegmentTree {
 public:
  static constexpr idx_t kFanout = 16;

  //! Builds the tree over `count` rows of `arguments` (flat or constant vectors). Frames never
  //! cross partitions, so nodes that would (partition_start differs at their ends) are left
  //! empty: their combination could overflow where no frame does.
  WindowSegmentTree(const AggregateFunction& function, const std::vector<const Vector*>& arguments,
                    idx_t count, const uint32_t* partition_start);

  //! result[first_row + i] = the aggregate over rows [starts[i], ends[i]), for i < count.
  void evaluate(const uint32_t* starts, const uint32_t* ends, idx_t count, Vector& result,
                idx_t first_row);

 private:
  uint8_t* node(size_t level, idx_t index) {
    return storage_.data() + (level_offsets_[level] + index) * state_stride_;
  }

  const AggregateFunction& function_;
  idx_t state_stride_;
  std::vector<uint8_t> storage_;
  std::vector<idx_t> level_offsets_;  // in states
  std::vector<idx_t> level_sizes_;
  StringHeap heap_;
};

//! result[i] = the aggregate over rows [partition_start[i], ends[i]) for every i < count: the
//! running frames (UNBOUNDED PRECEDING to anything), from prefix states computed in one pass.
void aggregatePrefixes(const AggregateFunction& function,
                       const std::vector<const Vector*>& arguments, const uint32_t* partition_start,
                       const uint32_t* ends, idx_t count, Vector& result);

//! result[first_row + p] = the aggregate over rows [starts[p], ends[p]) for every p < count:
//! one state per range, all updated by one kernel call (whole-partition frames).
void aggregateRanges(const AggregateFunction& function, const std::vector<const Vector*>& arguments,
                     const uint32_t* starts, const uint32_t* ends, idx_t count, Vector& result);

}  // namespace sluice
