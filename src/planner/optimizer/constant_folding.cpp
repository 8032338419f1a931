// src/planner/optimizer/constant_folding.cpp
//
// Constant folding, as Spark's ConstantFolding: an expression that fails to compute raises its
// error now, unless it sits in a branch that may never be taken (a THEN or ELSE of CASE, a
// later argument of COALESCE): `CASE WHEN x > 0 THEN 1 / 0 END` fails only if a row gets there.
#include "common/error/error.hpp"
#include "planner/logical/logical_join.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

//! Whether child `index` of `expr` is evaluated only for some rows.
bool isConditionalBranch(const BoundExpression& expr, size_t index) {
  bool conditional_kind =
      expr.kind == BoundExpressionKind::kCase || expr.kind == BoundExpressionKind::kCoalesce;
  // A lambda body runs only for the elements there are.
  bool lambda_body = expr.kind == BoundExpressionKind::kLambdaCall && index > 0;
  return (conditional_kind && index > 0) || lambda_body;
}

void foldExpression(BoundExpressionPtr& expr, const OptimizerContext& context, bool conditional) {
  if (expr->kind == BoundExpressionKind::kConstant)
    return;
  if (expr->isFoldable()) {
    try {
      Value value = context.evaluate_constant(*expr);
      if (value.type() == expr->type) {
        expr = BoundExpression::makeConstant(std::move(value));
        return;
      }
    } catch (const Error&) {
      // Kept as written: evaluated per row, it raises the error only where a row reaches it.
      if (!conditional)
        throw;
    }
  }
  for (size_t i = 0; i < expr->children.size(); ++i) {
    foldExpression(expr->children[i], context, conditional || isConditionalBranch(*expr, i));
  }
}

void foldExpression(BoundExpressionPtr& expr, const OptimizerContext& context) {
  foldExpression(expr, context, false);
}

}  // namespace

void foldConstants(LogicalOperator& plan, const OptimizerContext& context) {
  for (BoundExpressionPtr& expr : plan.expressions)
    foldExpression(expr, context);
  for (BoundAggregate& aggregate : plan.aggregates) {
    for (BoundExpressionPtr& argument : aggregate.arguments)
      foldExpression(argument, context);
    if (aggregate.filter)
      foldExpression(aggregate.filter, context);
  }
  if (plan.join) {
    for (JoinKey& key : plan.join->keys) {
      foldExpression(key.left, context);
      foldExpression(key.right, context);
    }
    if (plan.join->residual)
      foldExpression(plan.join->residual, context);
  }
  for (LogicalOperatorPtr& child : plan.children)
    foldConstants(*child, context);
}

}  // namespace sluice
