// test/unit/exec/window_frames_test.cpp
//
// The window operator's frame computation: partition and peer bounds, ROWS and RANGE frame
// bounds clamped to the partition (NULL keys, DESC keys), and the segment tree against a
// plain loop over random frames.
#include "exec/window/window_frames.hpp"

#include <gtest/gtest.h>

#include <random>

#include "exec/window/window_segment_tree.hpp"
#include "function/aggregate/aggregate_registry.hpp"

namespace sluice {
namespace {

WindowRunLayout layoutOf(const std::vector<uint8_t>& new_partition,
                         const std::vector<uint8_t>& new_peer) {
  WindowRunLayout layout;
  computeRunLayout(new_partition, new_peer, layout);
  return layout;
}

WindowFrameSpec framed(bool rows, WindowBound start, WindowBound end) {
  WindowFrameSpec frame;
  frame.rows = rows;
  frame.start = start;
  frame.end = end;
  return frame;
}

WindowBound preceding(int64_t rows, double range = 0) {
  return WindowBound{WindowBoundKind::kPreceding, rows, range};
}
WindowBound following(int64_t rows, double range = 0) {
  return WindowBound{WindowBoundKind::kFollowing, rows, range};
}
WindowBound current() {
  return WindowBound{WindowBoundKind::kCurrentRow, 0, 0};
}
WindowBound unboundedPreceding() {
  return WindowBound{WindowBoundKind::kUnboundedPreceding, 0, 0};
}
WindowBound unboundedFollowing() {
  return WindowBound{WindowBoundKind::kUnboundedFollowing, 0, 0};
}

using Bounds = std::vector<uint32_t>;

TEST(WindowFramesTest, PartitionAndPeerBounds) {
  // Partitions [0, 3) and [3, 6); peers {0}, {1, 2}, {3, 4, 5}.
  WindowRunLayout layout = layoutOf({1, 0, 0, 1, 0, 0}, {1, 1, 0, 1, 0, 0});
  EXPECT_EQ(layout.partition_start, (Bounds{0, 0, 0, 3, 3, 3}));
  EXPECT_EQ(layout.partition_end, (Bounds{3, 3, 3, 6, 6, 6}));
  EXPECT_EQ(layout.peer_start, (Bounds{0, 1, 1, 3, 3, 3}));
  EXPECT_EQ(layout.peer_end, (Bounds{1, 3, 3, 6, 6, 6}));
}

TEST(WindowFramesTest, RowsFramesStopAtThePartition) {
  WindowRunLayout layout = layoutOf({1, 0, 0, 0, 1, 0}, {1, 1, 1, 1, 1, 1});
  Bounds start, end;
  computeFrameBounds(framed(true, preceding(1), following(1)), layout, nullptr, start, end);
  EXPECT_EQ(start, (Bounds{0, 0, 1, 2, 4, 4}));
  EXPECT_EQ(end, (Bounds{2, 3, 4, 4, 6, 6}));

  computeFrameBounds(framed(true, unboundedPreceding(), current()), layout, nullptr, start, end);
  EXPECT_EQ(start, (Bounds{0, 0, 0, 0, 4, 4}));
  EXPECT_EQ(end, (Bounds{1, 2, 3, 4, 5, 6}));

  computeFrameBounds(framed(true, current(), unboundedFollowing()), layout, nullptr, start, end);
  EXPECT_EQ(start, (Bounds{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(end, (Bounds{4, 4, 4, 4, 6, 6}));
}

TEST(WindowFramesTest, RowsFramesBeyondThePartitionAreEmpty) {
  WindowRunLayout layout = layoutOf({1, 0, 0, 1}, {1, 1, 1, 1});
  Bounds start, end;
  computeFrameBounds(framed(true, following(2), following(5)), layout, nullptr, start, end);
  // Row 0 sees row 2; the others see nothing (start == end).
  EXPECT_EQ(start[0], 2u);
  EXPECT_EQ(end[0], 3u);
  for (size_t row = 1; row < 4; ++row)
    EXPECT_EQ(start[row], end[row]) << row;

  computeFrameBounds(framed(true, preceding(3), preceding(2)), layout, nullptr, start, end);
  EXPECT_EQ(start[2], 0u);
  EXPECT_EQ(end[2], 1u);
  EXPECT_EQ(start[1], end[1]);
  EXPECT_EQ(start[3], end[3]);
}

TEST(WindowFramesTest, RangeFramesCompareKeyValues) {
  // One partition, keys 1, 2, 2, 4, 7 (ascending): peers {0}, {1, 2}, {3}, {4}.
  WindowRunLayout layout = layoutOf({1, 0, 0, 0, 0}, {1, 1, 0, 1, 1});
  RangeKeys keys{{1, 2, 2, 4, 7}, {0, 0, 0, 0, 0}};
  Bounds start, end;
  computeFrameBounds(framed(false, preceding(0, 1), following(0, 1)), layout, &keys, start, end);
  EXPECT_EQ(start, (Bounds{0, 0, 0, 3, 4}));
  EXPECT_EQ(end, (Bounds{3, 3, 3, 4, 5}));

  computeFrameBounds(framed(false, unboundedPreceding(), current()), layout, &keys, start, end);
  EXPECT_EQ(end, (Bounds{1, 3, 3, 4, 5}));

  computeFrameBounds(framed(false, following(0, 2), unboundedFollowing()), layout, &keys, start,
                     end);
  EXPECT_EQ(start, (Bounds{3, 3, 3, 4, 5}));
}

TEST(WindowFramesTest, RangeFramesKeepNullKeysApart) {
  // Keys NULL, NULL, 1, 3 (NULLS FIRST); a DESC key is negated, so it still ascends here.
  WindowRunLayout layout = layoutOf({1, 0, 0, 0}, {1, 0, 1, 1});
  RangeKeys keys{{0, 0, 1, 3}, {1, 1, 0, 0}};
  Bounds start, end;
  computeFrameBounds(framed(false, preceding(0, 5), following(0, 5)), layout, &keys, start, end);
  EXPECT_EQ(start, (Bounds{0, 0, 2, 2}));
  EXPECT_EQ(end, (Bounds{2, 2, 4, 4}));
  // UNBOUNDED PRECEDING AND 1 PRECEDING: NULLs sort first, so they precede every value.
  computeFrameBounds(framed(false, unboundedPreceding(), preceding(0, 1)), layout, &keys, start,
                     end);
  EXPECT_EQ(end, (Bounds{2, 2, 2, 3}));
}

TEST(WindowSegmentTreeTest, MatchesAPlainLoopOverRandomFrames) {
  AggregateBindRequest request;
  request.name = "sum(x)";
  request.argument_types = {DataType::longType()};
  request.argument_sql = {"x"};
  request.argument_constants = {nullptr};
  AggregateFunctionPtr sum = AggregateRegistry::builtin().find("sum")->bind(request);
  request.name = "min(x)";
  AggregateFunctionPtr min = AggregateRegistry::builtin().find("min")->bind(request);

  constexpr idx_t kRows = 5000;
  std::mt19937 random(42);
  Vector values(DataType::longType(), kRows);
  for (idx_t row = 0; row < kRows; ++row) {
    if (row % 17 == 3)
      values.setNull(row);
    else
      values.mutableData<int64_t>()[row] = static_cast<int64_t>(random() % 1000) - 500;
  }
  Bounds starts(kRows), ends(kRows);
  for (idx_t row = 0; row < kRows; ++row) {
    uint32_t a = random() % (kRows + 1);
    uint32_t b = random() % 40 == 0 ? a : random() % (kRows + 1);
    starts[row] = std::min(a, b);
    ends[row] = std::max(a, b);
  }
  WindowSegmentTree sum_tree(*sum, {&values}, kRows, nullptr);
  WindowSegmentTree min_tree(*min, {&values}, kRows, nullptr);
  Vector sums(DataType::longType(), kRows);
  Vector mins(DataType::longType(), kRows);
  sum_tree.evaluate(starts.data(), ends.data(), kRows, sums, 0);
  min_tree.evaluate(starts.data(), ends.data(), kRows, mins, 0);
  for (idx_t row = 0; row < kRows; ++row) {
    int64_t expected_sum = 0;
    int64_t expected_min = INT64_MAX;
    bool any = false;
    for (uint32_t i = starts[row]; i < ends[row]; ++i) {
      if (values.isNull(i))
        continue;
      any = true;
      expected_sum += values.at<int64_t>(i);
      expected_min = std::min(expected_min, values.at<int64_t>(i));
    }
    ASSERT_EQ(sums.isNull(row), !any) << row;
    ASSERT_EQ(mins.isNull(row), !any) << row;
    if (any) {
      ASSERT_EQ(sums.at<int64_t>(row), expected_sum) << row;
      ASSERT_EQ(mins.at<int64_t>(row), expected_min) << row;
    }
  }
}

TEST(WindowSegmentTreeTest, PrefixesAndPartitionedTreesStayInTheirPartitions) {
  AggregateBindRequest request;
  request.name = "sum(x)";
  request.argument_types = {DataType::longType()};
  request.argument_sql = {"x"};
  request.argument_constants = {nullptr};
  AggregateFunctionPtr sum = AggregateRegistry::builtin().find("sum")->bind(request);
  // Partitions [0, 40) and [40, 100); values are row numbers, with row 7 NULL.
  constexpr idx_t kRows = 100;
  Vector values(DataType::longType(), kRows);
  Bounds partition_start(kRows);
  for (idx_t row = 0; row < kRows; ++row) {
    values.mutableData<int64_t>()[row] = static_cast<int64_t>(row);
    partition_start[row] = row < 40 ? 0 : 40;
  }
  values.setNull(7);
  Bounds ends(kRows);
  for (idx_t row = 0; row < kRows; ++row)
    ends[row] = static_cast<uint32_t>(row == 0 || row == 40 ? row : row + 1);  // two empty frames
  Vector prefix(DataType::longType(), kRows);
  aggregatePrefixes(*sum, {&values}, partition_start.data(), ends.data(), kRows, prefix);
  WindowSegmentTree tree(*sum, {&values}, kRows, partition_start.data());
  Vector by_tree(DataType::longType(), kRows);
  tree.evaluate(partition_start.data(), ends.data(), kRows, by_tree, 0);
  for (idx_t row = 0; row < kRows; ++row) {
    int64_t expected = 0;
    bool any = false;
    for (uint32_t i = partition_start[row]; i < ends[row]; ++i) {
      if (i == 7)
        continue;
      any = true;
      expected += static_cast<int64_t>(i);
    }
    ASSERT_EQ(prefix.isNull(row), !any) << row;
    ASSERT_EQ(by_tree.isNull(row), !any) << row;
    if (any) {
      ASSERT_EQ(prefix.at<int64_t>(row), expected) << row;
      ASSERT_EQ(by_tree.at<int64_t>(row), expected) << row;
    }
  }
}

TEST(WindowSegmentTreeTest, AggregatesWholeRangesOnce) {
  AggregateBindRequest request;
  request.name = "count(x)";
  request.argument_types = {DataType::longType()};
  request.argument_sql = {"x"};
  request.argument_constants = {nullptr};
  AggregateFunctionPtr count = AggregateRegistry::builtin().find("count")->bind(request);
  Vector values(DataType::longType(), 10);
  values.setNull(4);
  Bounds starts{0, 3, 9};
  Bounds ends{3, 9, 10};
  Vector result(DataType::longType(), 3);
  aggregateRanges(*count, {&values}, starts.data(), ends.data(), 3, result);
  EXPECT_EQ(result.at<int64_t>(0), 3);
  EXPECT_EQ(result.at<int64_t>(1), 5);
  EXPECT_EQ(result.at<int64_t>(2), 1);
}

}  // namespace
}  // namespace sluice
