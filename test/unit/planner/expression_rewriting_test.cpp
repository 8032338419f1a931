// test/unit/planner/expression_rewriting_test.cpp
//
// The optimizer's expression helpers: conjuncts taken apart and put back in order, columns
// read, substitution of projected expressions, determinism.
#include "planner/expression/expression_rewriting.hpp"

#include <gtest/gtest.h>

#include "function/function_registry.hpp"

namespace sluice {
namespace {

BoundExpressionPtr column(idx_t index) {
  return BoundExpression::makeColumn(index, DataType::intType());
}

BoundExpressionPtr constant(int32_t value) {
  return BoundExpression::makeConstant(Value::intValue(value));
}

BoundExpressionPtr both(BoundExpressionPtr left, BoundExpressionPtr right) {
  std::vector<BoundExpressionPtr> conjuncts;
  conjuncts.push_back(std::move(left));
  conjuncts.push_back(std::move(right));
  return combineConjuncts(std::move(conjuncts));
}

TEST(ExpressionRewritingTest, ConjunctsKeepTheirOrder) {
  BoundExpressionPtr condition = both(both(column(0), column(1)), both(column(2), column(3)));
  EXPECT_EQ(condition->toString(), "((#0 AND #1) AND (#2 AND #3))");
  std::vector<BoundExpressionPtr> conjuncts = splitConjuncts(std::move(condition));
  ASSERT_EQ(conjuncts.size(), 4u);
  for (idx_t i = 0; i < 4; ++i)
    EXPECT_EQ(conjuncts[i]->column_index, i);
  EXPECT_EQ(combineConjuncts(std::move(conjuncts))->toString(), "(((#0 AND #1) AND #2) AND #3)");
}

TEST(ExpressionRewritingTest, ASingleConditionIsOneConjunct) {
  std::vector<BoundExpressionPtr> conjuncts = splitConjuncts(column(5));
  ASSERT_EQ(conjuncts.size(), 1u);
  EXPECT_EQ(conjuncts[0]->toString(), "#5");
}

TEST(ExpressionRewritingTest, MarksTheColumnsRead) {
  std::vector<bool> columns(2, false);
  markColumns(*both(column(1), column(4)), columns);
  EXPECT_EQ(columns, (std::vector<bool>{false, true, false, false, true}));
  EXPECT_TRUE(readsOnly(*both(column(1), constant(3)), [](idx_t c) { return c == 1; }));
  EXPECT_FALSE(readsOnly(*both(column(1), column(2)), [](idx_t c) { return c == 1; }));
}

TEST(ExpressionRewritingTest, SubstitutesCopiesOfTheReplacements) {
  std::vector<BoundExpressionPtr> projected;
  projected.push_back(constant(7));
  projected.push_back(column(3));
  BoundExpressionPtr original = both(column(1), column(0));
  BoundExpressionPtr substituted = substituteColumns(*original, projected);
  EXPECT_EQ(substituted->toString(), "(#3 AND INT 7)");
  // The original and the replacements are left as they were.
  EXPECT_EQ(original->toString(), "(#1 AND #0)");
  EXPECT_EQ(projected[1]->toString(), "#3");
  BoundExpressionPtr copy = copyExpression(*substituted);
  EXPECT_EQ(copy->toString(), substituted->toString());
  EXPECT_NE(copy->children[0].get(), substituted->children[0].get());
}

TEST(ExpressionRewritingTest, RandIsNotDeterministic) {
  const FunctionRegistry& registry = FunctionRegistry::builtin();
  const ScalarFunctionEntry* rand = registry.findScalar("rand");
  ASSERT_NE(rand, nullptr);
  BindRequest request;
  request.name = "rand";
  BoundScalarFunction function = rand->bind(request);
  BoundExpressionPtr call = BoundExpression::makeCall(function, {});
  EXPECT_FALSE(isDeterministic(*call));
  EXPECT_FALSE(isDeterministic(*both(column(0), std::move(call))));
  EXPECT_TRUE(isDeterministic(*both(column(0), constant(1))));
}

}  // namespace
}  // namespace sluice
