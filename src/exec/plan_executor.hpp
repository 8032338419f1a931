// src/exec/plan_executor.hpp
//
// Runs a logical plan operator by operator on one thread, materializing each operator's
// batches. This is the first execution path, for VALUES, projections, filters and limits over
// small inputs; the morsel-driven pipelines of the physical operators take over from it for
// scans, joins, aggregates and sorts.
#pragma once

#include <vector>

#include "function/function.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

std::vector<Batch> executePlan(const LogicalOperator& plan, const ExecContext& context);

}  // namespace sluice
