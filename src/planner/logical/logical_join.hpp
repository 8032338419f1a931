// src/planner/logical/logical_join.hpp
//
// What a join operator of the logical plan carries: its type, the equi-key pairs taken from
// the top-level AND of its condition (`=` and `<=>` between one expression of each side), and
// the rest of the condition (the residual), which a pair of rows must also satisfy to match.
#pragma once

#include <string>
#include <vector>

#include "planner/expression/bound_expression.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

//! A CROSS JOIN is an inner join without condition; RIGHT joins keep their type here, the
//! physical planner decides which side is built. A MARK join (Spark's existence join, which
//! subqueries used as values become) outputs every left row once, with one BOOLEAN column
//! more: TRUE when a right row matches, else NULL when a pair's residual is NULL (or, when
//! `null_aware`, the key comparison is unknown), else FALSE.
enum class LogicalJoinType : uint8_t { kInner, kLeft, kRight, kFull, kSemi, kAnti, kMark };

//! left = right (or left <=> right when `null_safe`): `left` reads the left child's columns,
//! `right` the right child's (numbered from 0); both have the same (common) type.
struct JoinKey {
  BoundExpressionPtr left;
  BoundExpressionPtr right;
  bool null_safe = false;
};

struct LogicalJoin {
  LogicalJoinType type = LogicalJoinType::kInner;
  std::vector<JoinKey> keys;
  //! Over the left child's columns followed by the right child's; null when none.
  BoundExpressionPtr residual;
  //! ANTI and MARK joins of NOT IN / IN with one key and no residual: the key compares with
  //! SQL's three values. A left row whose key is NULL, or any left row once the right side
  //! holds a NULL key, has an unknown comparison: ANTI drops it and MARK gives NULL, unless the
  //! right side is empty.
  bool null_aware = false;
  //! LEFT joins of scalar subqueries: the right side must have at most one row, else the
  //! query fails with SCALAR_SUBQUERY_TOO_MANY_ROWS.
  bool single_row = false;
  //! Over the left child's columns followed by the right child's: those the operators above
  //! or the residual read (set by column pruning; empty when all are). The others need not
  //! be carried through the join.
  std::vector<bool> used_columns;

  //! The left and right columns make the output, except for SEMI and ANTI (the left ones only)
  //! and MARK (the left ones and the mark).
  bool keepsRightColumns() const {
    return type != LogicalJoinType::kSemi && type != LogicalJoinType::kAnti &&
           type != LogicalJoinType::kMark;
  }
  //! "INNER keys [#0 = #0] residual (#1 < #3)" for EXPLAIN.
  std::string describe() const;
};

std::string_view joinTypeName(LogicalJoinType type);

//! Splits `condition` (over left ++ right columns, `left_width` of them left) into equi keys
//! and a residual; adds to what `join` already has. A null condition adds nothing.
void addJoinCondition(BoundExpressionPtr condition, idx_t left_width, LogicalJoin& join);

}  // namespace sluice
