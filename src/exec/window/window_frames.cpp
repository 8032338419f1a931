// src/exec/window/window_frames.cpp
#include "exec/window/window_frames.hpp"

#include <algorithm>

namespace sluice {

void computeRunLayout(const std::vector<uint8_t>& new_partition,
                      const std::vector<uint8_t>& new_peer, WindowRunLayout& layout) {
  size_t count = new_partition.size();
  layout.partition_start.resize(count);
  layout.partition_end.resize(count);
  layout.peer_start.resize(count);
  layout.peer_end.resize(count);
  uint32_t partition = 0;
  uint32_t peer = 0;
  for (size_t row = 0; row < count; ++row) {
    if (new_partition[row]) {
      partition = static_cast<uint32_t>(row);
      peer = partition;
    } else if (new_peer[row]) {
      peer = static_cast<uint32_t>(row);
    }
    layout.partition_start[row] = partition;
    layout.peer_start[row] = peer;
  }
  uint32_t partition_end = static_cast<uint32_t>(count);
  uint32_t peer_end = partition_end;
  for (size_t row = count; row-- > 0;) {
    layout.partition_end[row] = partition_end;
    layout.peer_end[row] = peer_end;
    if (new_partition[row]) {
      partition_end = static_cast<uint32_t>(row);
      peer_end = partition_end;
    } else if (new_peer[row]) {
      peer_end = static_cast<uint32_t>(row);
    }
  }
}

namespace {

//! The non-NULL rows of the partition of `row`: NULL keys sit at one end of it.
struct NonNullSpan {
  uint32_t begin;
  uint32_t end;
};

}  // namespace

void computeFrameBounds(const WindowFrameSpec& frame, const WindowRunLayout& layout,
                        const RangeKeys* keys, std::vector<uint32_t>& frame_start,
                        std::vector<uint32_t>& frame_end) {
  size_t count = layout.partition_start.size();
  frame_start.resize(count);
  frame_end.resize(count);
  const uint32_t* partition_start = layout.partition_start.data();
  const uint32_t* partition_end = layout.partition_end.data();

  auto boundsByRows = [&](const WindowBound& bound, bool is_end, uint32_t* out) {
    int64_t shift = is_end ? 1 : 0;
    switch (bound.kind) {
      case WindowBoundKind::kUnboundedPreceding:
        std::copy(partition_start, partition_start + count, out);
        return;
      case WindowBoundKind::kUnboundedFollowing:
        std::copy(partition_end, partition_end + count, out);
        return;
      case WindowBoundKind::kCurrentRow:
        for (size_t row = 0; row < count; ++row)
          out[row] = static_cast<uint32_t>(row + shift);
        return;
      case WindowBoundKind::kPreceding:
      case WindowBoundKind::kFollowing: {
        int64_t offset = bound.kind == WindowBoundKind::kPreceding ? -bound.rows : bound.rows;
        for (size_t row = 0; row < count; ++row) {
          int64_t position = static_cast<int64_t>(row) + offset + shift;
          position = std::clamp<int64_t>(position, partition_start[row], partition_end[row]);
          out[row] = static_cast<uint32_t>(position);
        }
        return;
      }
    }
  };

  auto boundsByRange = [&](const WindowBound& bound, bool is_end, uint32_t* out) {
    switch (bound.kind) {
      case WindowBoundKind::kUnboundedPreceding:
        std::copy(partition_start, partition_start + count, out);
        return;
      case WindowBoundKind::kUnboundedFollowing:
        std::copy(partition_end, partition_end + count, out);
        return;
      case WindowBoundKind::kCurrentRow: {
        const auto& peers = is_end ? layout.peer_end : layout.peer_start;
        std::copy(peers.begin(), peers.end(), out);
        return;
      }
      case WindowBoundKind::kPreceding:
      case WindowBoundKind::kFollowing:
        break;
    }
    double offset = bound.kind == WindowBoundKind::kPreceding ? -bound.range : bound.range;
    const double* values = keys->values.data();
    const uint8_t* is_null = keys->is_null.data();
    NonNullSpan span{0, 0};
    uint32_t span_partition = UINT32_MAX;
    for (size_t row = 0; row < count; ++row) {
      if (is_null[row]) {
        // NULL keys are peers of each other only: their frame is their peer group.
        out[row] = is_end ? layout.peer_end[row] : layout.peer_start[row];
        continue;
      }
      if (partition_start[row] != span_partition) {
        span_partition = partition_start[row];
        span.begin = partition_start[row];
        span.end = partition_end[row];
        while (span.begin < span.end && is_null[span.begin])
          ++span.begin;
        while (span.end > span.begin && is_null[span.end - 1])
          --span.end;
      }
      double target = values[row] + offset;
      const double* first = values + span.begin;
      const double* last = values + span.end;
      // Start: the first row at or after target; end: the first row after it.
      const double* found =
          is_end ? std::upper_bound(first, last, target) : std::lower_bound(first, last, target);
      out[row] = static_cast<uint32_t>(found - values);
    }
  };

  if (frame.rows) {
    boundsByRows(frame.start, false, frame_start.data());
    boundsByRows(frame.end, true, frame_end.data());
  } else {
    boundsByRange(frame.start, false, frame_start.data());
    boundsByRange(frame.end, true, frame_end.data());
  }
  for (size_t row = 0; row < count; ++row) {
    if (frame_start[row] > frame_end[row])
      frame_start[row] = frame_end[row];
  }
}

}  // namespace sluice
