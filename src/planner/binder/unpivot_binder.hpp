// src/planner/binder/unpivot_binder.hpp
//
// UNPIVOT, as Spark's Unpivot: each input row becomes one row per IN item, holding the input
// columns no item names (in their order), the item's name (its alias, or its columns' names
// joined by `_`) and its columns' values, cast to the widest type of each value column
// across the items. It is an Expand (one projection per item); EXCLUDE NULLS, the default,
// then drops the rows whose values are all NULL.
#pragma once

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/table_ref.hpp"

namespace sluice {

//! `unpivot` over `input`, whose columns `scope` names.
LogicalOperatorPtr bindUnpivot(const sql::UnpivotRef& unpivot, LogicalOperatorPtr input,
                               const Scope& scope, const BindContext& context,
                               const sql::Statement& statement);

}  // namespace sluice
