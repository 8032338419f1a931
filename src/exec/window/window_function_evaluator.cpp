// src/exec/window/window_function_evaluator.cpp
#include "exec/window/window_function_evaluator.hpp"

#include <algorithm>

#include "exec/expression/vector_copy.hpp"
#include "exec/window/window_segment_tree.hpp"

namespace sluice {

namespace {

constexpr uint32_t kNoRow = UINT32_MAX;

void evaluateRanking(const BoundWindowFunction& function, idx_t count,
                     const WindowRunLayout& layout, Vector& result) {
  const uint32_t* partition_start = layout.partition_start.data();
  const uint32_t* partition_end = layout.partition_end.data();
  const uint32_t* peer_start = layout.peer_start.data();
  const uint32_t* peer_end = layout.peer_end.data();
  switch (function.kind) {
    case WindowFunctionKind::kRowNumber: {
      auto* out = result.mutableData<int32_t>();
      for (idx_t row = 0; row < count; ++row)
        out[row] = static_cast<int32_t>(row - partition_start[row] + 1);
      return;
    }
    case WindowFunctionKind::kRank: {
      auto* out = result.mutableData<int32_t>();
      for (idx_t row = 0; row < count; ++row)
        out[row] = static_cast<int32_t>(peer_start[row] - partition_start[row] + 1);
      return;
    }
    case WindowFunctionKind::kDenseRank: {
      auto* out = result.mutableData<int32_t>();
      int32_t rank = 0;
      for (idx_t row = 0; row < count; ++row) {
        if (row == partition_start[row])
          rank = 0;
        if (row == peer_start[row])
          ++rank;
        out[row] = rank;
      }
      return;
    }
    case WindowFunctionKind::kPercentRank: {
      auto* out = result.mutableData<double>();
      for (idx_t row = 0; row < count; ++row) {
        uint32_t size = partition_end[row] - partition_start[row];
        out[row] = size <= 1 ? 0.0
                             : static_cast<double>(peer_start[row] - partition_start[row]) /
                                   static_cast<double>(size - 1);
      }
      return;
    }
    case WindowFunctionKind::kCumeDist: {
      auto* out = result.mutableData<double>();
      for (idx_t row = 0; row < count; ++row) {
        uint32_t size = partition_end[row] - partition_start[row];
        out[row] =
            static_cast<double>(peer_end[row] - partition_start[row]) / static_cast<double>(size);
      }
      return;
    }
    case WindowFunctionKind::kNtile: {
      // Spark's NTile: the first (size % n) buckets hold one row more than the others.
      auto* out = result.mutableData<int32_t>();
      int64_t buckets = function.offset;
      for (idx_t row = 0; row < count; ++row) {
        int64_t size = partition_end[row] - partition_start[row];
        int64_t index = static_cast<int64_t>(row - partition_start[row]);
        int64_t per_bucket = size / buckets;
        int64_t remainder = size % buckets;
        int64_t large_rows = remainder * (per_bucket + 1);
        int64_t bucket = index < large_rows ? index / (per_bucket + 1)
                                            : remainder + (index - large_rows) / per_bucket;
        out[row] = static_cast<int32_t>(bucket + 1);
      }
      return;
    }
    default:
      return;
  }
}

//! The rows of `value` that are not NULL, in order, and for each row how many come before it.
struct NonNullIndex {
  std::vector<uint32_t> positions;
  std::vector<uint32_t> before;  // count + 1 entries
};

NonNullIndex indexNonNull(const Vector& value, idx_t count) {
  NonNullIndex index;
  index.before.resize(count + 1);
  for (idx_t row = 0; row < count; ++row) {
    index.before[row] = static_cast<uint32_t>(index.positions.size());
    if (!value.isNull(row))
      index.positions.push_back(static_cast<uint32_t>(row));
  }
  index.before[count] = static_cast<uint32_t>(index.positions.size());
  return index;
}

//! result[i] = value[sources[i]], or NULL (or fallback[i]) where sources[i] is kNoRow.
void gatherOrDefault(const Vector& value, std::vector<uint32_t>& sources, const Vector* fallback,
                     idx_t count, Vector& result) {
  std::vector<uint32_t> missing;
  for (idx_t row = 0; row < count; ++row) {
    if (sources[row] == kNoRow) {
      missing.push_back(static_cast<uint32_t>(row));
      sources[row] = static_cast<uint32_t>(row);
    }
  }
  gatherRows(value, RowSet{sources.data(), count}, result);
  if (missing.empty())
    return;
  if (fallback != nullptr) {
    copyRows(*fallback, RowSet{missing.data(), missing.size()}, result);
    return;
  }
  for (uint32_t row : missing)
    result.setNull(row);
}

void evaluateLag(const BoundWindowFunction& function, const Batch& run, idx_t count,
                 const WindowRunLayout& layout, Vector& result) {
  const Vector& value = run.columns[function.arguments[0]];
  const Vector* fallback = function.default_column == BoundWindowFunction::kNoColumn
                               ? nullptr
                               : &run.columns[function.default_column];
  std::vector<uint32_t> sources(count);
  int64_t offset = function.offset;  // > 0: rows back (lag); < 0: rows ahead (lead)
  if (!function.ignore_nulls || offset == 0) {
    for (idx_t row = 0; row < count; ++row) {
      int64_t source = static_cast<int64_t>(row) - offset;
      bool inside = source >= layout.partition_start[row] && source < layout.partition_end[row];
      sources[row] = inside ? static_cast<uint32_t>(source) : kNoRow;
    }
  } else {
    NonNullIndex index = indexNonNull(value, count);
    int64_t total = static_cast<int64_t>(index.positions.size());
    for (idx_t row = 0; row < count; ++row) {
      // The offset-th non-NULL row before (lag) or after (lead) this one.
      int64_t position = offset > 0 ? static_cast<int64_t>(index.before[row]) - offset
                                    : static_cast<int64_t>(index.before[row + 1]) - offset - 1;
      bool inside = position >= 0 && position < total &&
                    index.positions[position] >= layout.partition_start[row] &&
                    index.positions[position] < layout.partition_end[row];
      sources[row] = inside ? index.positions[position] : kNoRow;
    }
  }
  gatherOrDefault(value, sources, fallback, count, result);
}

void evaluateValue(const BoundWindowFunction& function, const Batch& run, idx_t count,
                   const std::vector<uint32_t>& frame_start, const std::vector<uint32_t>& frame_end,
                   Vector& result) {
  const Vector& value = run.columns[function.arguments[0]];
  std::vector<uint32_t> sources(count, kNoRow);
  NonNullIndex index;
  if (function.ignore_nulls)
    index = indexNonNull(value, count);
  for (idx_t row = 0; row < count; ++row) {
    uint32_t start = frame_start[row];
    uint32_t end = frame_end[row];
    if (start >= end)
      continue;
    if (!function.ignore_nulls) {
      switch (function.kind) {
        case WindowFunctionKind::kFirstValue:
          sources[row] = start;
          break;
        case WindowFunctionKind::kLastValue:
          sources[row] = end - 1;
          break;
        default:
          if (static_cast<int64_t>(end - start) >= function.offset)
            sources[row] = static_cast<uint32_t>(start + function.offset - 1);
          break;
      }
      continue;
    }
    // Non-NULL rows of the frame are positions [before[start], before[end]).
    uint32_t first = index.before[start];
    uint32_t last = index.before[end];
    if (first >= last)
      continue;
    switch (function.kind) {
      case WindowFunctionKind::kFirstValue:
        sources[row] = index.positions[first];
        break;
      case WindowFunctionKind::kLastValue:
        sources[row] = index.positions[last - 1];
        break;
      default:
        if (static_cast<int64_t>(last - first) >= function.offset)
          sources[row] = index.positions[first + function.offset - 1];
        break;
    }
  }
  gatherOrDefault(value, sources, nullptr, count, result);
}

void evaluateAggregate(const BoundWindowFunction& function, const Batch& run, idx_t count,
                       const WindowRunLayout& layout, const std::vector<uint32_t>& frame_start,
                       const std::vector<uint32_t>& frame_end, Vector& result) {
  std::vector<const Vector*> arguments;
  for (idx_t column : function.arguments)
    arguments.push_back(&run.columns[column]);
  bool whole_partition = function.frame.wholePartition();
  if (whole_partition) {
    // One state per partition, computed once and copied to the partition's rows.
    std::vector<uint32_t> starts;
    std::vector<uint32_t> ends;
    std::vector<uint32_t> partition_of(count);
    for (idx_t row = 0; row < count; ++row) {
      if (row == layout.partition_start[row]) {
        starts.push_back(static_cast<uint32_t>(row));
        ends.push_back(layout.partition_end[row]);
      }
      partition_of[row] = static_cast<uint32_t>(starts.size() - 1);
    }
    Vector per_partition(function.type, std::max<idx_t>(starts.size(), 1));
    aggregateRanges(*function.aggregate, arguments, starts.data(), ends.data(), starts.size(),
                    per_partition);
    gatherRows(per_partition, RowSet{partition_of.data(), count}, result);
    return;
  }
  if (function.frame.start.kind == WindowBoundKind::kUnboundedPreceding) {
    aggregatePrefixes(*function.aggregate, arguments, layout.partition_start.data(),
                      frame_end.data(), count, result);
    return;
  }
  WindowSegmentTree tree(*function.aggregate, arguments, count, layout.partition_start.data());
  tree.evaluate(frame_start.data(), frame_end.data(), count, result, 0);
}

//! kSessionMerge: a session ends before the first row whose start lies after the end of every
//! row before it in the partition (Spark merges a start equal to that end); each row gets its
//! session's first start and last end.
void evaluateSessionMerge(const BoundWindowFunction& function, const Batch& run, idx_t count,
                          const WindowRunLayout& layout, Vector& result) {
  const Vector& sessions = run.columns[function.arguments[0]];
  const Vector& starts = sessions.child(0);
  const Vector& ends = sessions.child(1);
  int64_t* start_out = result.child(0).mutableData<int64_t>();
  int64_t* end_out = result.child(1).mutableData<int64_t>();
  const uint32_t* partition_end = layout.partition_end.data();
  idx_t row = 0;
  while (row < count) {
    idx_t first = row;
    int64_t start = starts.at<int64_t>(row);
    int64_t end = ends.at<int64_t>(row);
    for (++row; row < partition_end[first] && starts.at<int64_t>(row) <= end; ++row)
      end = std::max(end, ends.at<int64_t>(row));
    for (idx_t member = first; member < row; ++member) {
      start_out[member] = start;
      end_out[member] = end;
    }
  }
}

}  // namespace

void evaluateWindowFunction(const BoundWindowFunction& function, const Batch& run, idx_t count,
                            const WindowRunLayout& layout, const RangeKeys* keys, Vector& result) {
  switch (function.kind) {
    case WindowFunctionKind::kRowNumber:
    case WindowFunctionKind::kRank:
    case WindowFunctionKind::kDenseRank:
    case WindowFunctionKind::kPercentRank:
    case WindowFunctionKind::kCumeDist:
    case WindowFunctionKind::kNtile:
      evaluateRanking(function, count, layout, result);
      return;
    case WindowFunctionKind::kLag:
      evaluateLag(function, run, count, layout, result);
      return;
    case WindowFunctionKind::kSessionMerge:
      evaluateSessionMerge(function, run, count, layout, result);
      return;
    default:
      break;
  }
  std::vector<uint32_t> frame_start;
  std::vector<uint32_t> frame_end;
  if (!function.frame.wholePartition() || function.kind != WindowFunctionKind::kAggregate)
    computeFrameBounds(function.frame, layout, keys, frame_start, frame_end);
  if (function.kind == WindowFunctionKind::kAggregate) {
    evaluateAggregate(function, run, count, layout, frame_start, frame_end, result);
  } else {
    evaluateValue(function, run, count, frame_start, frame_end, result);
  }
}

}  // namespace sluice
