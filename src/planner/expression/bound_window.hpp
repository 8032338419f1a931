// src/planner/expression/bound_window.hpp
//
// A window function call after binding, as the window operator computes it: what it computes,
// its arguments as columns of the operator's input, and its frame. Partition and order keys
// belong to the operator: every function of one operator shares them.
#pragma once

#include <string>
#include <vector>

#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

enum class WindowFunctionKind : uint8_t {
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kCumeDist,
  kNtile,
  kLag,  // lead is lag with a negative offset
  kFirstValue,
  kLastValue,
  kNthValue,
  kAggregate,  // an aggregate function over the frame
  // session_window's merge (aggregate_binder.cpp): over rows ordered by their session's start,
  // the union of each run of overlapping sessions <start, end>, for every row of the run.
  kSessionMerge,
};

enum class WindowBoundKind : uint8_t {
  kUnboundedPreceding,
  kPreceding,
  kCurrentRow,
  kFollowing,
  kUnboundedFollowing,
};

struct WindowBound {
  WindowBoundKind kind = WindowBoundKind::kCurrentRow;
  int64_t rows = 0;    // ROWS n PRECEDING / FOLLOWING
  double range = 0.0;  // RANGE n PRECEDING / FOLLOWING, in the units of the order key
};

struct WindowFrameSpec {
  bool rows = false;  // ROWS; else RANGE
  WindowBound start{WindowBoundKind::kUnboundedPreceding};
  WindowBound end{WindowBoundKind::kUnboundedFollowing};

  bool wholePartition() const {
    return start.kind == WindowBoundKind::kUnboundedPreceding &&
           end.kind == WindowBoundKind::kUnboundedFollowing;
  }
  std::string toString() const;
};

struct BoundWindowFunction {
  WindowFunctionKind kind = WindowFunctionKind::kRowNumber;
  std::string name;  // Spark's name, for plans
  DataType type;
  //! Input columns: the value (lag, first_value, nth_value) or the aggregate's arguments.
  std::vector<idx_t> arguments;
  //! lag / lead: the column of the default value, or kNoColumn.
  idx_t default_column = kNoColumn;
  //! lag: rows back (lead: negative); ntile: buckets; nth_value: n.
  int64_t offset = 1;
  bool ignore_nulls = false;
  AggregateFunctionPtr aggregate;  // kAggregate
  WindowFrameSpec frame;

  static constexpr idx_t kNoColumn = ~idx_t{0};
  std::string toString() const;
};

}  // namespace sluice
