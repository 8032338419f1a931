// src/planner/logical/set_operation_plan.hpp
//
// The logical plans of the set operations, written as Spark's optimizer rewrites them:
//   - UNION ALL is one n-ary kUnion;
//   - UNION (DISTINCT) is the distinct rows of that union: an aggregate with every column as a
//     key and no aggregate calls;
//   - INTERSECT and EXCEPT, DISTINCT or ALL, tag each side's rows, union them, count each
//     distinct row's copies on either side with one aggregate, and keep as many copies as the
//     operation says (kReplicateRows, Spark's ReplicateRows and the filter before it).
// Grouping compares NULLs as equal, -0.0 as 0.0 and NaN as NaN, which is what the set
// operations need.
#pragma once

#include <vector>

#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! The rows of all of `children`, whose column types must be equal; the output takes the first
//! child's column names. A child that is itself a union gives its children instead.
LogicalOperatorPtr makeUnionAll(std::vector<LogicalOperatorPtr> children);

//! The distinct rows of `input`.
LogicalOperatorPtr makeDistinctRows(LogicalOperatorPtr input);

//! INTERSECT [ALL] or EXCEPT [ALL] of `left` and `right`, whose column types must be equal.
LogicalOperatorPtr makeIntersectOrExcept(LogicalOperatorPtr left, LogicalOperatorPtr right,
                                         ReplicateMode mode);

}  // namespace sluice
