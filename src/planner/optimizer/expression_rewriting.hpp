// src/planner/optimizer/expression_rewriting.hpp
//
// Helpers the optimizer rules share to take bound expressions apart and put them back
// together: copies, the input columns an expression reads, column substitution, and the
// conjuncts of a condition.
#pragma once

#include <functional>
#include <vector>

#include "planner/expression/bound_expression.hpp"

namespace sluice {

//! A deep copy of `expr`.
BoundExpressionPtr copyExpression(const BoundExpression& expr);

//! Adds the input columns `expr` reads to `columns` (indexed by column, grown as needed).
void markColumns(const BoundExpression& expr, std::vector<bool>& columns);

//! True when `expr` reads only input columns for which `allowed` is true.
bool readsOnly(const BoundExpression& expr, const std::function<bool(idx_t)>& allowed);

//! `expr` with every input column `i` replaced by a copy of `replacements[i]`.
BoundExpressionPtr substituteColumns(const BoundExpression& expr,
                                     const std::vector<BoundExpressionPtr>& replacements);

//! True when `expr` and everything under it is deterministic (no rand(), uuid()).
bool isDeterministic(const BoundExpression& expr);

//! The operands of the top-level ANDs of `condition`, moved out of it.
std::vector<BoundExpressionPtr> splitConjuncts(BoundExpressionPtr condition);

//! The AND of `conjuncts` (which must not be empty), left-deep in their order.
BoundExpressionPtr joinConjuncts(std::vector<BoundExpressionPtr> conjuncts);

}  // namespace sluice
