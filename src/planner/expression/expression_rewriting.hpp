// src/planner/expression/expression_rewriting.hpp
//
// Helpers the binder and the optimizer share to take bound expressions apart and put them back
// together: copies, the input columns an expression reads, column substitution and shifting,
// the conjuncts of a condition, and the key encodings of nested values.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
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

//! Structural equality of bound expressions, as Spark's semanticEquals decides it (a select
//! expression is a group key, an operand repeats another). Non-deterministic calls never
//! match.
bool sameExpression(const BoundExpression& a, const BoundExpression& b);

//! `expr`'s key encoding when it is a STRUCT or ARRAY (function/scalar/nested_key_encoding.hpp),
//! so that it can be grouped, sorted or partitioned by; other expressions are returned as
//! they are.
BoundExpressionPtr encodeNestedKey(BoundExpressionPtr expr);
//! The value of type `type` that the key encoding `encoding` holds.
BoundExpressionPtr decodeNestedKey(BoundExpressionPtr encoding, const DataType& type);

//! The smallest and largest input column `expr` reads; {max, 0} when it reads none.
std::pair<idx_t, idx_t> columnRange(const BoundExpression& expr);

//! Adds `delta` to every input column index `expr` reads.
void shiftColumns(BoundExpression& expr, int64_t delta);

//! Appends the operands of the top-level ANDs of `condition` (moved out of it), in order, to
//! `conjuncts`; a null condition adds nothing.
void appendConjuncts(BoundExpressionPtr condition, std::vector<BoundExpressionPtr>& conjuncts);

//! The operands of the top-level ANDs of `condition`, moved out of it.
std::vector<BoundExpressionPtr> splitConjuncts(BoundExpressionPtr condition);

//! The AND of `conjuncts`, left-deep in their order; null when there are none.
BoundExpressionPtr combineConjuncts(std::vector<BoundExpressionPtr> conjuncts);

}  // namespace sluice
