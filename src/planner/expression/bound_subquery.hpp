// src/planner/expression/bound_subquery.hpp
//
// A subquery expression after binding: the subquery's plan and what joining it to the rows
// around it needs. The node is a nondeterministic call (so that nothing folds or moves it)
// whose kernel holds this and must never run. Its children are values of the outer rows: first
// the left operands of IN, then the outer columns a correlated subquery reads (its parameters).
// Conditions here read the plan's columns, then those children: column `width + i` is child
// i. The optimizer's first rule (planner/optimizer/subquery_joins.cpp) turns every such node
// into a join below the operator that holds it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "common/error/error.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

struct BoundSubquery {
  enum class Kind : uint8_t { kExists, kIn, kScalar };

  Kind kind = Kind::kExists;
  //! The subquery; moved into the join that replaces the node.
  LogicalOperatorPtr plan;
  //! The plan's columns that the query names (the rest carry correlation keys and markers).
  idx_t visible = 0;
  //! IN: how many children are left operands.
  idx_t operands = 0;
  //! IN: operand i = plan column i, one equality per operand.
  std::vector<BoundExpressionPtr> in_equalities;
  //! The correlation: the conditions of the subquery's WHERE that read outer columns; null
  //! when the subquery is not correlated.
  BoundExpressionPtr correlation;
  //! Correlated scalar subqueries: the plan's column that is TRUE on every row (NULL after
  //! the outer join when no group matched), and the value over no rows (count's 0).
  std::optional<idx_t> marker;
  BoundExpressionPtr empty_value;
  //! Correlated scalar subqueries with HAVING: the plan's column that says whether a group
  //! passes it (the groups that fail are kept, so that they do not count as "no rows").
  std::optional<idx_t> having;
  //! Where the subquery was written, for errors raised while it is planned.
  std::optional<SourceLocation> location;
  //! "exists", "in" or "scalar-subquery", for plans and messages.
  std::string_view name() const;
};

//! The node of `subquery`, of type `type`, over `children`.
BoundExpressionPtr makeSubqueryNode(std::shared_ptr<BoundSubquery> subquery, DataType type,
                                    std::vector<BoundExpressionPtr> children);

//! The subquery `expr` is, or null when it is not a subquery node.
BoundSubquery* subqueryOf(const BoundExpression& expr);

//! Whether `expr` or anything under it is a subquery.
bool containsSubquery(const BoundExpression& expr);

}  // namespace sluice
