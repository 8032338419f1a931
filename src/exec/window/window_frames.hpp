// src/exec/window/window_frames.hpp
//
// Frame bounds of a window function over one sorted run of rows (a hash bucket of the window
// operator, holding whole partitions in (partition keys, order keys) order). Every bound is a
// row index into the run; a frame is [start, end), empty when start >= end.
#pragma once

#include <cstdint>
#include <vector>

#include "planner/expression/bound_window.hpp"

namespace sluice {

//! Where each row's partition and peer group (rows equal on every order key) begin and end.
struct WindowRunLayout {
  std::vector<uint32_t> partition_start;
  std::vector<uint32_t> partition_end;
  std::vector<uint32_t> peer_start;
  std::vector<uint32_t> peer_end;
};

//! Fills `layout` for `count` rows from the rows where a new partition / peer group begins
//! (new_partition[0] and new_peer[0] are true; a new partition is also a new peer group).
void computeRunLayout(const std::vector<uint8_t>& new_partition,
                      const std::vector<uint8_t>& new_peer, WindowRunLayout& layout);

//! The RANGE order key of each row as a position in sort order (negated for DESC), and
//! whether it is NULL: RANGE n PRECEDING / FOLLOWING compares these.
struct RangeKeys {
  std::vector<double> values;
  std::vector<uint8_t> is_null;
};

//! frame_start[i], frame_end[i] for every row. `keys` is needed only for RANGE frames with an
//! offset.
void computeFrameBounds(const WindowFrameSpec& frame, const WindowRunLayout& layout,
                        const RangeKeys* keys, std::vector<uint32_t>& frame_start,
                        std::vector<uint32_t>& frame_end);

}  // namespace sluice
