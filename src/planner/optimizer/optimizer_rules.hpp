// src/planner/optimizer/optimizer_rules.hpp
//
// The optimizer's rules, in the order optimize() runs them. Each takes the plan and gives
// back an equivalent one.
#pragma once

#include "planner/optimizer/optimizer.hpp"

namespace sluice {

//! Plans every subquery expression as a join below the operator that holds it (semi, anti,
//! mark, single-row or outer joins); runs first.
void planSubqueries(LogicalOperatorPtr& plan);

//! Replaces every deterministic expression without column references by its value (one that
//! raises an error is left as it is, so the error surfaces only if a row needs it).
void foldConstants(LogicalOperator& plan, const OptimizerContext& context);

//! Simplifies the conditions of filters and joins (AND / OR with constants, NOT NOT, repeated
//! operands, conjuncts common to every branch of an OR); drops filters left with TRUE.
void simplifyPredicates(LogicalOperatorPtr& plan);

//! Moves filter conditions down, towards the scans: below projections (substituting the
//! projected expressions), sorts and other filters, and below aggregates when they read only
//! grouping keys.
LogicalOperatorPtr pushDownFilters(LogicalOperatorPtr plan);

//! Hands the simple conditions of a filter right above a Parquet or Delta scan to the scan,
//! which skips the files and row groups whose statistics rule them out.
void pushPredicatesIntoScans(LogicalOperator& plan);

//! Removes projections below the root that pass their input on unchanged.
void removeIdentityProjections(LogicalOperator& plan);

//! Rebuilds each chain of three or more inner joins as a left-deep tree that starts from the
//! largest input and adds the smallest connected input next (join_order.cpp).
void reorderJoins(LogicalOperatorPtr& plan);

//! Swaps the inputs of inner equi joins whose right (build) input is estimated much larger
//! than the left, with a projection above that keeps the query's column order.
void chooseJoinBuildSides(LogicalOperatorPtr& plan);

//! Turns a LIMIT right above a sort into a TopN.
void useTopN(LogicalOperatorPtr& plan);

//! Tells a recursive CTE under a LIMIT (through projections) how many rows are wanted, so that
//! its recursion stops once it has made them.
void pushLimitsIntoRecursions(LogicalOperator& plan);

//! Stops computing the projected expressions and aggregates nobody reads (they become NULLs) and
//! tells each scan and join which of its columns anything above reads.
void pruneColumns(LogicalOperator& plan);

}  // namespace sluice
