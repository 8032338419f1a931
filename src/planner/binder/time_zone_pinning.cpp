// src/planner/binder/time_zone_pinning.cpp
#include "planner/binder/time_zone_pinning.hpp"

#include "planner/expression/bound_subquery.hpp"
#include "planner/logical/expectation_spec.hpp"
#include "planner/logical/logical_join.hpp"

namespace sluice {

namespace {

void pinExpression(BoundExpressionPtr& expr, const TimeZone* zone) {
  if (expr == nullptr)
    return;
  bool zone_aware =
      expr->kind == BoundExpressionKind::kCall || expr->kind == BoundExpressionKind::kCast;
  if (zone_aware && expr->time_zone == nullptr)
    expr->time_zone = zone;
  if (BoundSubquery* subquery = subqueryOf(*expr)) {
    if (subquery->plan != nullptr)
      pinTimeZone(*subquery->plan, zone);
    for (BoundExpressionPtr& equality : subquery->in_equalities)
      pinExpression(equality, zone);
    pinExpression(subquery->correlation, zone);
    pinExpression(subquery->empty_value, zone);
  }
  for (BoundExpressionPtr& child : expr->children)
    pinExpression(child, zone);
}

}  // namespace

void pinTimeZone(LogicalOperator& plan, const TimeZone* zone) {
  for (BoundExpressionPtr& expr : plan.expressions)
    pinExpression(expr, zone);
  for (std::vector<BoundExpressionPtr>& row : plan.rows) {
    for (BoundExpressionPtr& expr : row)
      pinExpression(expr, zone);
  }
  for (BoundAggregate& aggregate : plan.aggregates) {
    for (BoundExpressionPtr& argument : aggregate.arguments)
      pinExpression(argument, zone);
    pinExpression(aggregate.filter, zone);
  }
  if (plan.join != nullptr) {
    for (JoinKey& key : plan.join->keys) {
      pinExpression(key.left, zone);
      pinExpression(key.right, zone);
    }
    pinExpression(plan.join->residual, zone);
  }
  if (plan.expectation_check != nullptr) {
    for (BoundExpectation& expectation : plan.expectation_check->expectations)
      pinExpression(expectation.condition, zone);
  }
  for (LogicalOperatorPtr& child : plan.children)
    pinTimeZone(*child, zone);
}

}  // namespace sluice
