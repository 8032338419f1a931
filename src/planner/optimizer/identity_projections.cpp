// src/planner/optimizer/identity_projections.cpp
//
// Removes projections that hand their input on unchanged (#0, #1, ... of all its columns), as
// views and subqueries leave them; below the root only, since the root's column names are the
// result's.
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

bool isIdentity(const LogicalOperator& plan) {
  if (plan.kind != LogicalOperatorKind::kProject)
    return false;
  const LogicalOperator& input = *plan.children[0];
  if (plan.expressions.size() != input.column_names.size())
    return false;
  for (size_t i = 0; i < plan.expressions.size(); ++i) {
    const BoundExpression& expr = *plan.expressions[i];
    if (expr.kind != BoundExpressionKind::kColumn || expr.column_index != i)
      return false;
  }
  return true;
}

void removeBelow(LogicalOperator& plan) {
  for (LogicalOperatorPtr& child : plan.children) {
    while (isIdentity(*child))
      child = std::move(child->children[0]);
    removeBelow(*child);
  }
}

}  // namespace

void removeIdentityProjections(LogicalOperator& plan) {
  removeBelow(plan);
}

}  // namespace sluice
