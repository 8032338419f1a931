// src/exec/plan_optimization.hpp
//
// Runs the planner's optimizer on a bound plan, giving it the expression evaluator it needs
// to fold constants (with the session's time zone and settings).
#pragma once

#include "function/function.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

LogicalOperatorPtr optimizePlan(LogicalOperatorPtr plan, const ExecContext& context);

}  // namespace sluice
