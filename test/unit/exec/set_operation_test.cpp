// test/unit/exec/set_operation_test.cpp
//
// The operators of the set operations: a union whose children each get a pipeline into the
// parent's sink, keeping the children's order, and ReplicateRows, which hands a row out as
// many times as its counts say, over several batches when there are many.
#include <gtest/gtest.h>

#include <algorithm>

#include "exec/chain/operator_chain.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/physical/physical_hash_aggregate.hpp"
#include "exec/physical/physical_limit.hpp"
#include "exec/physical/physical_range.hpp"
#include "exec/physical/physical_replicate_rows.hpp"
#include "exec/physical/physical_result_collector.hpp"
#include "exec/physical/physical_union.hpp"
#include "exec/table_function/range_function.hpp"
#include "planner/logical/set_operation_plan.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

PhysicalOperatorPtr collect(PhysicalOperatorPtr child) {
  auto root = std::make_unique<PhysicalResultCollector>(child->types());
  root->children.push_back(std::move(child));
  return root;
}

PhysicalOperatorPtr unionOf(std::vector<PhysicalOperatorPtr> children) {
  auto op = std::make_unique<PhysicalUnion>(children[0]->types());
  for (auto& child : children)
    op->children.push_back(std::move(child));
  return op;
}

PhysicalOperatorPtr range(int64_t start, int64_t end) {
  return std::make_unique<PhysicalRange>(start, end, 1);
}

std::vector<int64_t> values(const std::vector<Batch>& batches) {
  std::vector<int64_t> out;
  for (const Batch& batch : batches) {
    for (idx_t row = 0; row < batch.num_rows; ++row)
      out.push_back(batch.columns[0].at<int64_t>(row));
  }
  return out;
}

TEST(SetOperationPipelineTest, EachChildOfAUnionFeedsTheParentSink) {
  std::vector<PhysicalOperatorPtr> children;
  children.push_back(range(0, 10));
  children.push_back(range(0, 5));
  children.push_back(range(0, 3));
  PhysicalOperatorPtr plan = collect(unionOf(std::move(children)));
  std::vector<OperatorChain> pipelines = buildOperatorChains(*plan);
  EXPECT_EQ(describeOperatorChains(pipelines),
            "Range -> Result\nRange -> Result\nRange -> Result\n");
  EXPECT_LT(pipelines[0].index_base, pipelines[1].index_base);
  EXPECT_LT(pipelines[1].index_base, pipelines[2].index_base);
}

TEST(SetOperationPipelineTest, ChildPipelinesOfOneSinkComeTogether) {
  // The second child has a breaker below it: its pipeline into the limit must run first, and
  // the union's two pipelines into the collector come after it, side by side.
  std::vector<PhysicalOperatorPtr> children;
  children.push_back(range(0, 10));
  auto limit = std::make_unique<PhysicalLimit>(std::vector<DataType>{DataType::longType()}, 2, 0);
  limit->children.push_back(range(0, 10));
  children.push_back(std::move(limit));
  PhysicalOperatorPtr plan = collect(unionOf(std::move(children)));
  EXPECT_EQ(describeOperatorChains(buildOperatorChains(*plan)),
            "Range -> Limit\nRange -> Result\nLimit -> Result\n");
}

class SetOperationExecutorTest : public testing::Test {
 protected:
  std::vector<int64_t> run(const PhysicalOperator& plan) {
    return values(PlanExecutor(context_, scheduler_).run(plan));
  }
  ExecContext context_;
  TaskScheduler scheduler_{4};
};

TEST_F(SetOperationExecutorTest, UnionKeepsTheOrderOfItsChildren) {
  std::vector<PhysicalOperatorPtr> children;
  children.push_back(range(0, 300000));
  children.push_back(range(1000000, 1000003));
  children.push_back(range(-5, 0));
  PhysicalOperatorPtr plan = collect(unionOf(std::move(children)));
  std::vector<int64_t> ids = run(*plan);
  ASSERT_EQ(ids.size(), 300008u);
  for (size_t i = 0; i < 300000; ++i)
    ASSERT_EQ(ids[i], static_cast<int64_t>(i));
  EXPECT_EQ(ids[300000], 1000000);
  EXPECT_EQ(ids[300002], 1000002);
  EXPECT_EQ(ids[300003], -5);
  EXPECT_EQ(ids[300007], -1);
}

TEST_F(SetOperationExecutorTest, NestedUnionsKeepTheirOrder) {
  std::vector<PhysicalOperatorPtr> inner;
  inner.push_back(range(10, 12));
  inner.push_back(range(20, 22));
  std::vector<PhysicalOperatorPtr> outer;
  outer.push_back(range(0, 2));
  outer.push_back(unionOf(std::move(inner)));
  outer.push_back(range(30, 31));
  PhysicalOperatorPtr plan = collect(unionOf(std::move(outer)));
  EXPECT_EQ(run(*plan), (std::vector<int64_t>{0, 1, 10, 11, 20, 21, 30}));
}

TEST_F(SetOperationExecutorTest, LimitOverAUnionTakesTheFirstChildFirst) {
  std::vector<PhysicalOperatorPtr> children;
  children.push_back(range(0, 100000));
  children.push_back(range(-10, 0));
  auto limit =
      std::make_unique<PhysicalLimit>(std::vector<DataType>{DataType::longType()}, 3, 99998);
  limit->children.push_back(unionOf(std::move(children)));
  PhysicalOperatorPtr plan = collect(std::move(limit));
  EXPECT_EQ(run(*plan), (std::vector<int64_t>{99998, 99999, -10}));
}

// A batch of one value column and its two counts.
Batch countsBatch(const std::vector<int64_t>& keys, const std::vector<int64_t>& left,
                  const std::vector<int64_t>& right) {
  Batch batch;
  batch.num_rows = keys.size();
  for (const auto* column : {&keys, &left, &right}) {
    Vector vector(DataType::longType(), keys.size());
    for (idx_t row = 0; row < keys.size(); ++row)
      vector.mutableData<int64_t>()[row] = (*column)[row];
    batch.columns.push_back(std::move(vector));
  }
  return batch;
}

// Runs the operator over `input` until it asks for more, gathering every output batch.
std::vector<int64_t> replicate(ReplicateMode mode, const Batch& input, size_t* calls = nullptr) {
  ReplicateRowsSpec spec;
  spec.mode = mode;
  spec.left_count = 1;
  spec.right_count = 2;
  PhysicalReplicateRows op({DataType::longType()}, spec);
  ExecContext context;
  auto state = op.makeOperatorState(context);
  std::vector<Batch> outputs;
  size_t count = 0;
  while (true) {
    Batch output;
    OperatorResult result = op.execute(context, input, output, *state);
    ++count;
    EXPECT_LE(output.num_rows, kVectorSize);
    EXPECT_EQ(output.columns.size(), 1u);
    outputs.push_back(std::move(output));
    if (result == OperatorResult::kNeedMoreInput)
      break;
  }
  if (calls != nullptr)
    *calls = count;
  return values(outputs);
}

TEST(ReplicateRowsTest, EachModeKeepsItsCopies) {
  Batch input = countsBatch({1, 2, 3, 4}, {3, 1, 0, 2}, {2, 0, 4, 2});
  EXPECT_EQ(replicate(ReplicateMode::kIntersectDistinct, input), (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(replicate(ReplicateMode::kIntersectAll, input), (std::vector<int64_t>{1, 1, 4, 4}));
  EXPECT_EQ(replicate(ReplicateMode::kExceptDistinct, input), (std::vector<int64_t>{2}));
  EXPECT_EQ(replicate(ReplicateMode::kExceptAll, input), (std::vector<int64_t>{1, 2}));
}

TEST(ReplicateRowsTest, ManyCopiesSpanSeveralBatches) {
  Batch input = countsBatch({7, 8, 9}, {5000, 1, 3000}, {0, 0, 0});
  size_t calls = 0;
  std::vector<int64_t> out = replicate(ReplicateMode::kExceptAll, input, &calls);
  ASSERT_EQ(out.size(), 8001u);
  EXPECT_EQ(calls, 4u);  // 8,001 rows in vectors of 2,048
  EXPECT_EQ(std::count(out.begin(), out.end(), 7), 5000);
  EXPECT_EQ(out[5000], 8);
  EXPECT_EQ(std::count(out.begin(), out.end(), 9), 3000);
  // The state starts over with the next input.
  EXPECT_EQ(replicate(ReplicateMode::kExceptAll, countsBatch({5}, {2}, {1})),
            (std::vector<int64_t>{5}));
}

TEST(ReplicateRowsTest, NoCopiesGivesAnEmptyBatch) {
  EXPECT_TRUE(replicate(ReplicateMode::kIntersectAll, countsBatch({1, 2}, {0, 3}, {4, 0})).empty());
}

TEST(SetOperationPlanTest, IntersectCountsBothSidesInOneAggregate) {
  auto side = [](int64_t end) {
    auto op = std::make_unique<LogicalOperator>();
    op->kind = LogicalOperatorKind::kScan;
    op->column_names = {"id"};
    op->column_types = {DataType::longType()};
    op->source = makeRangeSource(0, end, 1);
    return op;
  };
  LogicalOperatorPtr plan = makeIntersectOrExcept(side(5), side(3), ReplicateMode::kExceptAll);
  EXPECT_EQ(plan->column_names, std::vector<std::string>{"id"});
  EXPECT_EQ(plan->explain(),
            "ReplicateRows [EXCEPT ALL: (#1 - #2) copies]\n"
            "  Aggregate [#0] [count(#1), count(#2)]\n"
            "    Union [id, left_tag, right_tag]\n"
            "      Project [#0, INT 1, NULL]\n"
            "        Range [BIGINT 0, BIGINT 5, BIGINT 1]\n"
            "      Project [#0, NULL, INT 1]\n"
            "        Range [BIGINT 0, BIGINT 3, BIGINT 1]\n");
  std::vector<LogicalOperatorPtr> inputs;
  inputs.push_back(side(1));
  inputs.push_back(makeUnionAll([&] {
    std::vector<LogicalOperatorPtr> inner;
    inner.push_back(side(2));
    inner.push_back(side(3));
    return inner;
  }()));
  LogicalOperatorPtr flat = makeUnionAll(std::move(inputs));
  EXPECT_EQ(flat->children.size(), 3u);
  LogicalOperatorPtr distinct = makeDistinctRows(std::move(flat));
  EXPECT_EQ(distinct->kind, LogicalOperatorKind::kAggregate);
  EXPECT_TRUE(distinct->aggregates.empty());
}

TEST(SetOperationSessionTest, ExplainShowsTheUnionAndTheRowReplication) {
  Session session;
  std::string plan = session.execute("EXPLAIN SELECT 1 AS a UNION ALL SELECT 2 UNION ALL SELECT 3")
                         .back()
                         .displayValue(0, 0);
  // The two unions are one, of three inputs.
  EXPECT_EQ(plan.find("Union [a]"), 0u) << plan;
  EXPECT_EQ(plan.find("Union", 1), std::string::npos) << plan;

  plan = session.execute("EXPLAIN SELECT 1 INTERSECT ALL SELECT 2").back().displayValue(0, 0);
  EXPECT_EQ(plan.find("ReplicateRows [INTERSECT ALL: least(#1, #2) copies]"), 0u) << plan;
  EXPECT_NE(plan.find("Aggregate [#0] [count(#1), count(#2)]"), std::string::npos) << plan;

  plan = session.execute("EXPLAIN SELECT 1 UNION SELECT 2").back().displayValue(0, 0);
  EXPECT_EQ(plan.find("Aggregate [#0] []"), 0u) << plan;
}

TEST(SetOperationSessionTest, ACteIsBoundAtEachReference) {
  Session session;
  auto results = session.execute(
      "WITH t AS (SELECT id FROM range(4)) "
      "SELECT count(*) FROM (SELECT id FROM t UNION ALL SELECT id FROM t INTERSECT SELECT 2)");
  // t UNION ALL (t INTERSECT 2): 4 rows and 1.
  EXPECT_EQ(results.back().displayValue(0, 0), "5");
}

}  // namespace
}  // namespace sluice
