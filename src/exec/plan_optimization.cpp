// src/exec/plan_optimization.cpp
#include "exec/plan_optimization.hpp"

#include "exec/expression/expression_evaluator.hpp"
#include "planner/optimizer/optimizer.hpp"

namespace sluice {

LogicalOperatorPtr optimizePlan(LogicalOperatorPtr plan, const ExecContext& context) {
  OptimizerContext optimizer;
  optimizer.evaluate_constant = [&context](const BoundExpression& expr) {
    Batch single_row;
    single_row.num_rows = 1;
    return ExpressionEvaluator(context).evaluate(expr, single_row).getValue(0);
  };
  return optimize(std::move(plan), optimizer);
}

}  // namespace sluice
