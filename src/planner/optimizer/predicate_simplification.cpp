// src/planner/optimizer/predicate_simplification.cpp
//
// Predicate simplification, as Spark's BooleanSimplification: AND and OR with a TRUE or FALSE
// side, NOT NOT x, a conjunct or disjunct written twice, and the conjuncts every branch of an
// OR shares, which move out of it ((a AND b) OR (a AND c) is a AND (b OR c)) so that filter
// pushdown and join keys can use them. A filter left with TRUE goes away. Expressions count
// as the same when they print the same and are deterministic.
#include "planner/expression/expression_rewriting.hpp"
#include "planner/logical/logical_join.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

bool isBooleanConstant(const BoundExpression& expr, bool value) {
  return expr.kind == BoundExpressionKind::kConstant && expr.type.id() == TypeId::kBoolean &&
         !expr.constant.isNull() && expr.constant.getBoolean() == value;
}

bool isNot(const BoundExpression& expr) {
  return expr.kind == BoundExpressionKind::kCall && expr.function.name == "not" &&
         expr.children.size() == 1;
}

//! The operands of a chain of one logical operator: a AND (b AND c) gives a, b, c.
void flatten(BoundExpressionPtr expr, BoundExpressionKind kind,
             std::vector<BoundExpressionPtr>& out) {
  if (expr->kind == kind) {
    flatten(std::move(expr->children[0]), kind, out);
    flatten(std::move(expr->children[1]), kind, out);
    return;
  }
  out.push_back(std::move(expr));
}

BoundExpressionPtr combine(std::vector<BoundExpressionPtr> operands, BoundExpressionKind kind) {
  BoundExpressionPtr combined = std::move(operands[0]);
  for (size_t index = 1; index < operands.size(); ++index) {
    auto both = std::make_unique<BoundExpression>();
    both->kind = kind;
    both->type = DataType::boolean();
    both->children.push_back(std::move(combined));
    both->children.push_back(std::move(operands[index]));
    combined = std::move(both);
  }
  return combined;
}

//! Drops the later copies of operands written twice.
void removeRepeats(std::vector<BoundExpressionPtr>& operands) {
  std::vector<BoundExpressionPtr> kept;
  for (BoundExpressionPtr& operand : operands) {
    bool repeat = false;
    for (const BoundExpressionPtr& earlier : kept)
      repeat = repeat || sameExpression(*earlier, *operand);
    if (!repeat)
      kept.push_back(std::move(operand));
  }
  operands = std::move(kept);
}

BoundExpressionPtr simplify(BoundExpressionPtr expr);

//! AND / OR: `dominant` (FALSE for AND, TRUE for OR) decides the whole; the neutral value
//! (TRUE for AND, FALSE for OR) drops out.
BoundExpressionPtr simplifyLogic(BoundExpressionPtr expr) {
  BoundExpressionKind kind = expr->kind;
  bool is_and = kind == BoundExpressionKind::kAnd;
  std::vector<BoundExpressionPtr> operands;
  flatten(std::move(expr), kind, operands);
  std::vector<BoundExpressionPtr> kept;
  for (BoundExpressionPtr& operand : operands) {
    operand = simplify(std::move(operand));
    if (isBooleanConstant(*operand, !is_and))
      return BoundExpression::makeConstant(Value::boolean(!is_and));
    if (!isBooleanConstant(*operand, is_and))
      kept.push_back(std::move(operand));
  }
  if (kept.empty())
    return BoundExpression::makeConstant(Value::boolean(is_and));
  removeRepeats(kept);
  if (is_and || kept.size() < 2)
    return combine(std::move(kept), kind);
  // (a AND b) OR (a AND c): the conjuncts of the first branch that every other branch has too
  // move out of the OR.
  std::vector<std::vector<BoundExpressionPtr>> branches;
  for (BoundExpressionPtr& branch : kept) {
    branches.emplace_back();
    flatten(std::move(branch), BoundExpressionKind::kAnd, branches.back());
  }
  std::vector<BoundExpressionPtr> common;
  std::vector<BoundExpressionPtr>& first = branches[0];
  for (size_t index = 0; index < first.size();) {
    bool everywhere = true;
    for (size_t other = 1; other < branches.size() && everywhere; ++other) {
      bool found = false;
      for (const BoundExpressionPtr& conjunct : branches[other])
        found = found || sameExpression(*conjunct, *first[index]);
      everywhere = found;
    }
    if (!everywhere) {
      ++index;
      continue;
    }
    for (size_t other = 1; other < branches.size(); ++other) {
      auto& conjuncts = branches[other];
      for (auto it = conjuncts.begin(); it != conjuncts.end(); ++it) {
        if (sameExpression(**it, *first[index])) {
          conjuncts.erase(it);
          break;
        }
      }
    }
    common.push_back(std::move(first[index]));
    first.erase(first.begin() + static_cast<std::ptrdiff_t>(index));
  }
  // A branch left with no conjunct is TRUE: the OR of the rest is TRUE too.
  bool some_branch_empty = false;
  std::vector<BoundExpressionPtr> rest;
  for (auto& conjuncts : branches) {
    if (conjuncts.empty()) {
      some_branch_empty = true;
      continue;
    }
    rest.push_back(combine(std::move(conjuncts), BoundExpressionKind::kAnd));
  }
  if (!some_branch_empty)
    common.push_back(combine(std::move(rest), BoundExpressionKind::kOr));
  return combine(std::move(common), BoundExpressionKind::kAnd);
}

BoundExpressionPtr simplify(BoundExpressionPtr expr) {
  if (expr->kind == BoundExpressionKind::kAnd || expr->kind == BoundExpressionKind::kOr)
    return simplifyLogic(std::move(expr));
  if (isNot(*expr)) {
    expr->children[0] = simplify(std::move(expr->children[0]));
    if (isNot(*expr->children[0]))
      return std::move(expr->children[0]->children[0]);
    const BoundExpression& operand = *expr->children[0];
    if (operand.kind == BoundExpressionKind::kConstant && !operand.constant.isNull())
      return BoundExpression::makeConstant(Value::boolean(!operand.constant.getBoolean()));
  }
  return expr;
}

}  // namespace

void simplifyPredicates(LogicalOperatorPtr& plan) {
  for (LogicalOperatorPtr& child : plan->children)
    simplifyPredicates(child);
  if (plan->kind == LogicalOperatorKind::kFilter) {
    plan->expressions[0] = simplify(std::move(plan->expressions[0]));
    if (isBooleanConstant(*plan->expressions[0], true))
      plan = std::move(plan->children[0]);
    return;
  }
  if (plan->join && plan->join->residual) {
    // Equalities that come out of an OR become keys; not MARK's, whose comparisons with NULL
    // must make the mark NULL rather than no match.
    BoundExpressionPtr residual = simplify(std::move(plan->join->residual));
    if (isBooleanConstant(*residual, true))
      return;
    if (plan->join->type == LogicalJoinType::kMark) {
      plan->join->residual = std::move(residual);
      return;
    }
    addJoinCondition(std::move(residual), plan->children[0]->column_names.size(), *plan->join);
  }
}

}  // namespace sluice
