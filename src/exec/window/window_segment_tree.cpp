// src/exec/window/window_segment_tree.cpp
#include "exec/window/window_segment_tree.hpp"

#include <algorithm>
#include <cstring>

namespace sluice {

namespace {

idx_t strideOf(const AggregateFunction& function) {
  idx_t alignment = std::max<idx_t>(function.stateAlignment(), 1);
  idx_t size = std::max<idx_t>(function.stateSize(), 1);
  return (size + alignment - 1) / alignment * alignment;
}

}  // namespace

WindowSegmentTree::WindowSegmentTree(const AggregateFunction& function,
                                     const std::vector<const Vector*>& arguments, idx_t count,
                                     const uint32_t* partition_start)
    : function_(function), state_stride_(strideOf(function)) {
  idx_t total = 0;
  for (idx_t size = count;; size = (size + kFanout - 1) / kFanout) {
    level_offsets_.push_back(total);
    level_sizes_.push_back(size);
    total += size;
    if (size <= 1)
      break;
  }
  storage_.assign(total * state_stride_, 0);
  if (count == 0)
    return;

  std::vector<uint8_t*> targets(count);
  for (idx_t row = 0; row < count; ++row)
    targets[row] = node(0, row);
  AggregateInput input;
  input.arguments = arguments;
  input.rows = RowSet{nullptr, count};
  function_.update(input, targets.data(), 0, heap_);

  std::vector<uint8_t*> sources(count);
  idx_t span = 1;  // rows under one node of the level below
  for (size_t level = 1; level < level_sizes_.size(); ++level) {
    idx_t children = level_sizes_[level - 1];
    idx_t pairs = 0;
    for (idx_t child = 0; child < children; ++child) {
      idx_t parent = child / kFanout;
      idx_t first_row = parent * span * kFanout;
      idx_t last_row = std::min<idx_t>(count, first_row + span * kFanout) - 1;
      if (partition_start != nullptr && partition_start[first_row] != partition_start[last_row])
        continue;
      sources[pairs] = node(level - 1, child);
      targets[pairs] = node(level, parent);
      ++pairs;
    }
    if (pairs > 0)
      function_.combineWithHeap(sources.data(), targets.data(), pairs, 0, heap_);
    span *= kFanout;
  }
}

void WindowSegmentTree::evaluate(const uint32_t* starts, const uint32_t* ends, idx_t count,
                                 Vector& result, idx_t first_row) {
  std::vector<uint8_t> states(std::min<idx_t>(count, kVectorSize) * state_stride_);
  std::vector<uint8_t*> state_pointers(kVectorSize);
  StringHeap frame_heap;  // values the frames' states copy from the nodes, for this call only
  std::vector<uint8_t*> sources;
  std::vector<uint8_t*> targets;
  struct Range {
    size_t level;
    idx_t begin;
    idx_t end;
  };
  for (idx_t chunk = 0; chunk < count; chunk += kVectorSize) {
    idx_t size = std::min<idx_t>(kVectorSize, count - chunk);
    std::memset(states.data(), 0, size * state_stride_);
    sources.clear();
    targets.clear();
    for (idx_t i = 0; i < size; ++i) {
      uint8_t* target = states.data() + i * state_stride_;
      state_pointers[i] = target;
      idx_t begin = starts[chunk + i];
      idx_t end = ends[chunk + i];
      // Left pieces are added on the way up, right pieces on the way down: rows stay in order.
      Range right[32];
      size_t right_count = 0;
      size_t level = 0;
      while (begin < end) {
        idx_t parent_begin = (begin + kFanout - 1) / kFanout;
        idx_t parent_end = end / kFanout;
        if (level + 1 >= level_sizes_.size() || parent_begin >= parent_end) {
          for (idx_t index = begin; index < end; ++index) {
            sources.push_back(node(level, index));
            targets.push_back(target);
          }
          break;
        }
        for (idx_t index = begin; index < parent_begin * kFanout; ++index) {
          sources.push_back(node(level, index));
          targets.push_back(target);
        }
        if (parent_end * kFanout < end)
          right[right_count++] = Range{level, parent_end * kFanout, end};
        begin = parent_begin;
        end = parent_end;
        ++level;
      }
      while (right_count > 0) {
        const Range& piece = right[--right_count];
        for (idx_t index = piece.begin; index < piece.end; ++index) {
          sources.push_back(node(piece.level, index));
          targets.push_back(target);
        }
      }
    }
    if (!sources.empty())
      function_.combineWithHeap(sources.data(), targets.data(), sources.size(), 0, frame_heap);
    function_.finalize(state_pointers.data(), size, 0, result, first_row + chunk);
  }
}

void aggregatePrefixes(const AggregateFunction& function,
                       const std::vector<const Vector*>& arguments, const uint32_t* partition_start,
                       const uint32_t* ends, idx_t count, Vector& result) {
  if (count == 0)
    return;
  idx_t stride = strideOf(function);
  // prefix[j] = the rows of j's partition up to j. States are plain bytes: each row's own
  // state is updated apart, and one combine call builds prefix[j] from prefix[j - 1] and then
  // row j, in row order, so that order-sensitive states (collect_list) keep the rows' order.
  std::vector<uint8_t> states((2 * count + 1) * stride, 0);
  uint8_t* empty = states.data() + 2 * count * stride;
  std::vector<uint8_t*> pointers(count);
  std::vector<uint8_t*> row_states(count);
  for (idx_t row = 0; row < count; ++row) {
    pointers[row] = states.data() + row * stride;
    row_states[row] = states.data() + (count + row) * stride;
  }
  StringHeap heap;
  AggregateInput input;
  input.arguments = arguments;
  input.rows = RowSet{nullptr, count};
  function.update(input, row_states.data(), 0, heap);
  std::vector<uint8_t*> sources;
  std::vector<uint8_t*> targets;
  sources.reserve(2 * count);
  targets.reserve(2 * count);
  for (idx_t row = 0; row < count; ++row) {
    if (partition_start[row] != row) {
      sources.push_back(pointers[row - 1]);
      targets.push_back(pointers[row]);
    }
    sources.push_back(row_states[row]);
    targets.push_back(pointers[row]);
  }
  if (!sources.empty())
    function.combineWithHeap(sources.data(), targets.data(), sources.size(), 0, heap);
  std::vector<uint8_t*> finals(std::min<idx_t>(count, kVectorSize));
  for (idx_t chunk = 0; chunk < count; chunk += kVectorSize) {
    idx_t size = std::min<idx_t>(kVectorSize, count - chunk);
    for (idx_t i = 0; i < size; ++i) {
      idx_t row = chunk + i;
      finals[i] = ends[row] > partition_start[row] ? pointers[ends[row] - 1] : empty;
    }
    function.finalize(finals.data(), size, 0, result, chunk);
  }
}

void aggregateRanges(const AggregateFunction& function, const std::vector<const Vector*>& arguments,
                     const uint32_t* starts, const uint32_t* ends, idx_t count, Vector& result) {
  if (count == 0)
    return;
  idx_t stride = strideOf(function);
  std::vector<uint8_t> states(count * stride, 0);
  std::vector<uint8_t*> state_pointers(count);
  idx_t rows = 0;
  for (idx_t range = 0; range < count; ++range) {
    state_pointers[range] = states.data() + range * stride;
    rows = std::max<idx_t>(rows, ends[range]);
  }
  std::vector<uint8_t*> groups(rows, nullptr);
  std::vector<uint32_t> selection;
  selection.reserve(rows);
  for (idx_t range = 0; range < count; ++range) {
    for (uint32_t row = starts[range]; row < ends[range]; ++row) {
      groups[row] = state_pointers[range];
      selection.push_back(row);
    }
  }
  StringHeap heap;
  AggregateInput input;
  input.arguments = arguments;
  input.rows = RowSet{selection.data(), selection.size()};
  function.update(input, groups.data(), 0, heap);
  for (idx_t chunk = 0; chunk < count; chunk += kVectorSize) {
    idx_t size = std::min<idx_t>(kVectorSize, count - chunk);
    function.finalize(state_pointers.data() + chunk, size, 0, result, chunk);
  }
}

}  // namespace sluice
