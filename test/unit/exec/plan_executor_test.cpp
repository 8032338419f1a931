// test/unit/exec/pipeline_executor_test.cpp
//
// Pipelines cut at breakers, and their parallel run: rows come back in source order whatever
// thread produced them, and LIMIT stops the source early.
#include "exec/chain/plan_executor.hpp"

#include <gtest/gtest.h>

#include "exec/chain/operator_chain.hpp"
#include "exec/physical/physical_limit.hpp"
#include "exec/physical/physical_range.hpp"
#include "exec/physical/physical_result_collector.hpp"

namespace sluice {
namespace {

PhysicalOperatorPtr collect(PhysicalOperatorPtr child) {
  auto root = std::make_unique<PhysicalResultCollector>(child->types());
  root->children.push_back(std::move(child));
  return root;
}

PhysicalOperatorPtr limit(PhysicalOperatorPtr child, int64_t count, int64_t offset) {
  auto op = std::make_unique<PhysicalLimit>(child->types(), count, offset);
  op->children.push_back(std::move(child));
  return op;
}

std::vector<int64_t> values(const std::vector<Batch>& batches) {
  std::vector<int64_t> out;
  for (const Batch& batch : batches)
    for (idx_t row = 0; row < batch.num_rows; ++row)
      out.push_back(batch.columns[0].at<int64_t>(row));
  return out;
}

TEST(PipelineTest, CutsAtBreakers) {
  PhysicalOperatorPtr plan = collect(limit(std::make_unique<PhysicalRange>(0, 10, 1), 3, 0));
  std::vector<OperatorChain> pipelines = buildOperatorChains(*plan);
  EXPECT_EQ(describeOperatorChains(pipelines), "Range -> Limit\nLimit -> Result\n");
}

TEST(PipelineTest, RangeCounts) {
  EXPECT_EQ(PhysicalRange::count(0, 10, 1), 10u);
  EXPECT_EQ(PhysicalRange::count(0, 10, 3), 4u);
  EXPECT_EQ(PhysicalRange::count(10, 0, -3), 4u);
  EXPECT_EQ(PhysicalRange::count(0, 10, -1), 0u);
  EXPECT_EQ(PhysicalRange::count(5, 5, 1), 0u);
  EXPECT_EQ(PhysicalRange::count(INT64_MIN, INT64_MAX, INT64_MAX), 3u);
}

class PlanExecutorTest : public testing::Test {
 protected:
  ExecContext context_;
  TaskScheduler scheduler_{4};
};

TEST_F(PlanExecutorTest, KeepsSourceOrderAcrossThreads) {
  PhysicalOperatorPtr plan = collect(std::make_unique<PhysicalRange>(0, 1000000, 1));
  std::vector<int64_t> ids = values(PlanExecutor(context_, scheduler_).run(*plan));
  ASSERT_EQ(ids.size(), 1000000u);
  for (size_t i = 0; i < ids.size(); ++i)
    ASSERT_EQ(ids[i], static_cast<int64_t>(i));
}

TEST_F(PlanExecutorTest, NegativeStepsAndExtremeBounds) {
  PhysicalOperatorPtr down = collect(std::make_unique<PhysicalRange>(10, 0, -4));
  EXPECT_EQ(values(PlanExecutor(context_, scheduler_).run(*down)),
            (std::vector<int64_t>{10, 6, 2}));
  PhysicalOperatorPtr wide =
      collect(std::make_unique<PhysicalRange>(INT64_MIN, INT64_MAX, INT64_MAX));
  EXPECT_EQ(values(PlanExecutor(context_, scheduler_).run(*wide)),
            (std::vector<int64_t>{INT64_MIN, -1, INT64_MAX - 1}));
}

TEST_F(PlanExecutorTest, LimitTakesTheFirstRowsInOrder) {
  PhysicalOperatorPtr plan =
      collect(limit(std::make_unique<PhysicalRange>(0, 1000000, 1), 5000, 3000));
  std::vector<int64_t> ids = values(PlanExecutor(context_, scheduler_).run(*plan));
  ASSERT_EQ(ids.size(), 5000u);
  for (size_t i = 0; i < ids.size(); ++i)
    ASSERT_EQ(ids[i], static_cast<int64_t>(i + 3000));
}

TEST_F(PlanExecutorTest, LimitZeroAndOffsetPastTheEnd) {
  PhysicalOperatorPtr none = collect(limit(std::make_unique<PhysicalRange>(0, 100, 1), 0, 0));
  EXPECT_TRUE(values(PlanExecutor(context_, scheduler_).run(*none)).empty());
  PhysicalOperatorPtr past = collect(limit(std::make_unique<PhysicalRange>(0, 100, 1), 10, 100));
  EXPECT_TRUE(values(PlanExecutor(context_, scheduler_).run(*past)).empty());
  PhysicalOperatorPtr offset_only =
      collect(limit(std::make_unique<PhysicalRange>(0, 100, 1), -1, 98));
  EXPECT_EQ(values(PlanExecutor(context_, scheduler_).run(*offset_only)),
            (std::vector<int64_t>{98, 99}));
}

}  // namespace
}  // namespace sluice
