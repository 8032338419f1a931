// src/exec/physical_planner.hpp
//
// Chooses the physical operator for each logical operator and puts a result collector on top.
// Arguments that must be known before the query runs (range's bounds) are computed here.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! The physical plan of `plan`, whose expressions move into the operators.
PhysicalOperatorPtr createPhysicalPlan(LogicalOperator& plan, const ExecContext& context);

}  // namespace sluice
