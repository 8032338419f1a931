// test/unit/function/partition_state_test.cpp

#include "function/partition_state.hpp"

#include <gtest/gtest.h>

namespace sluice {
namespace {

// A counter as monotonically_increasing_id() keeps one: it starts at partition * 100.
int64_t& counter(PartitionState& state) {
  return state.stateOf<int64_t>([](uint32_t partition) { return int64_t{partition} * 100; });
}

TEST(PartitionStateTest, KeepsStateAcrossTheBatchesOfOnePartition) {
  PartitionState state;
  int call = 0;
  state.enter(3);
  state.enterCall(&call);
  EXPECT_EQ(state.partition(), 3u);
  EXPECT_EQ(counter(state)++, 300);
  state.enter(3);
  state.enterCall(&call);
  EXPECT_EQ(counter(state)++, 301);
}

TEST(PartitionStateTest, ResetsWhenANewPartitionStarts) {
  PartitionState state;
  int call = 0;
  state.enter(0);
  state.enterCall(&call);
  counter(state) += 5;
  state.enter(7);
  EXPECT_EQ(counter(state), 700);
  // Back to a partition number seen before: still a new partition.
  state.enter(0);
  EXPECT_EQ(counter(state), 0);
}

TEST(PartitionStateTest, KeepsOneStatePerCall) {
  PartitionState state;
  int first = 0;
  int second = 0;
  state.enter(1);
  state.enterCall(&first);
  counter(state) += 10;
  state.enterCall(&second);
  EXPECT_EQ(counter(state), 100);
  state.enterCall(&first);
  EXPECT_EQ(counter(state), 110);
}

TEST(PartitionStateTest, OutsideAPipelineTheStateLastsOneCall) {
  ExecContext context;
  auto make = [](uint32_t partition) { return int64_t{partition} + 1; };
  for (int round = 0; round < 2; ++round) {
    withPartitionState<int64_t>(context, make, [](int64_t& value, uint32_t partition) {
      EXPECT_EQ(partition, 0u);
      EXPECT_EQ(value++, 1);
    });
  }
}

TEST(PartitionStateTest, ReachesThePartitionThroughTheContext) {
  PartitionState state;
  ExecContext context;
  context.partition = &state;
  int call = 0;
  state.enter(4);
  state.enterCall(&call);
  auto make = [](uint32_t partition) { return int64_t{partition} << 33; };
  auto next = [&] {
    int64_t id = 0;
    withPartitionState<int64_t>(context, make, [&](int64_t& value, uint32_t) { id = value++; });
    return id;
  };
  EXPECT_EQ(next(), int64_t{4} << 33);
  EXPECT_EQ(next(), (int64_t{4} << 33) + 1);
}

}  // namespace
}  // namespace sluice
