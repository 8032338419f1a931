// src/planner/binder/within_group.hpp
//
// The WITHIN GROUP (ORDER BY ...) clause of an aggregate call, as Spark checks it for its
// inverse distribution functions (percentile_cont, percentile_disc): exactly one argument, one
// ordering, no DISTINCT, and the clause itself required; listagg takes it optionally (then
// ordering by a NULL constant); other aggregates refuse it. Shared by the aggregate and window
// binders.
#pragma once

#include <optional>

#include "function/aggregate/aggregate_registry.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

//! The ordering of `f(p) WITHIN GROUP (ORDER BY value [DESC])`.
struct WithinGroupOrdering {
  const sql::Expr* value = nullptr;
  bool descending = false;
};

//! Checks the WITHIN GROUP clause of `call`, a call of `entry`, with Spark's errors; returns its
//! ordering for a function that orders within its group, nothing for any other aggregate.
std::optional<WithinGroupOrdering> checkWithinGroup(const sql::FunctionCallExpr& call,
                                                    const AggregateFunctionEntry& entry);

//! " WITHIN GROUP (ORDER BY v DESC)" as Spark names the call's column; empty without it.
std::string withinGroupSql(const sql::FunctionCallExpr& call);

}  // namespace sluice
