// src/planner/optimizer/optimizer.hpp
//
// Rewrites a bound logical plan into an equivalent one that is cheaper to run. Each rule
// lives in its own file and keeps the plan's output (names, types, rows) unchanged; the rules
// run in a fixed order, each once, from constant folding to what the scans are handed.
#pragma once

#include <functional>

#include "planner/logical/logical_operator.hpp"

namespace sluice {

struct OptimizerContext {
  //! Computes a foldable expression; throws the error the expression raises. The planner
  //! cannot run expressions itself, so the execution layer provides this.
  std::function<Value(const BoundExpression&)> evaluate_constant;
};

LogicalOperatorPtr optimize(LogicalOperatorPtr plan, const OptimizerContext& context);

}  // namespace sluice
