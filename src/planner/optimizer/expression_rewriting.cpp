// src/planner/optimizer/expression_rewriting.cpp
#include "planner/optimizer/expression_rewriting.hpp"

#include "common/check.hpp"

namespace sluice {

BoundExpressionPtr copyExpression(const BoundExpression& expr) {
  auto copy = std::make_unique<BoundExpression>();
  copy->kind = expr.kind;
  copy->type = expr.type;
  copy->constant = expr.constant;
  copy->from_literal = expr.from_literal;
  copy->column_index = expr.column_index;
  copy->try_cast = expr.try_cast;
  copy->function = expr.function;
  copy->has_else = expr.has_else;
  copy->field_index = expr.field_index;
  copy->children.reserve(expr.children.size());
  for (const BoundExpressionPtr& child : expr.children) {
    copy->children.push_back(copyExpression(*child));
  }
  return copy;
}

void markColumns(const BoundExpression& expr, std::vector<bool>& columns) {
  if (expr.kind == BoundExpressionKind::kColumn) {
    if (expr.column_index >= columns.size())
      columns.resize(expr.column_index + 1, false);
    columns[expr.column_index] = true;
    return;
  }
  for (const BoundExpressionPtr& child : expr.children)
    markColumns(*child, columns);
}

bool readsOnly(const BoundExpression& expr, const std::function<bool(idx_t)>& allowed) {
  if (expr.kind == BoundExpressionKind::kColumn)
    return allowed(expr.column_index);
  for (const BoundExpressionPtr& child : expr.children) {
    if (!readsOnly(*child, allowed))
      return false;
  }
  return true;
}

BoundExpressionPtr substituteColumns(const BoundExpression& expr,
                                     const std::vector<BoundExpressionPtr>& replacements) {
  if (expr.kind == BoundExpressionKind::kColumn) {
    SLUICE_CHECK_LT(expr.column_index, replacements.size());
    return copyExpression(*replacements[expr.column_index]);
  }
  BoundExpressionPtr copy = copyExpression(expr);
  for (size_t i = 0; i < copy->children.size(); ++i) {
    copy->children[i] = substituteColumns(*expr.children[i], replacements);
  }
  return copy;
}

bool isDeterministic(const BoundExpression& expr) {
  if (expr.kind == BoundExpressionKind::kCall && !expr.function.deterministic)
    return false;
  for (const BoundExpressionPtr& child : expr.children) {
    if (!isDeterministic(*child))
      return false;
  }
  return true;
}

std::vector<BoundExpressionPtr> splitConjuncts(BoundExpressionPtr condition) {
  std::vector<BoundExpressionPtr> conjuncts;
  std::vector<BoundExpressionPtr> pending;
  pending.push_back(std::move(condition));
  while (!pending.empty()) {
    BoundExpressionPtr next = std::move(pending.back());
    pending.pop_back();
    if (next->kind == BoundExpressionKind::kAnd) {
      // Right first, so that the left operand is taken apart next: the order is kept.
      pending.push_back(std::move(next->children[1]));
      pending.push_back(std::move(next->children[0]));
      continue;
    }
    conjuncts.push_back(std::move(next));
  }
  return conjuncts;
}

BoundExpressionPtr joinConjuncts(std::vector<BoundExpressionPtr> conjuncts) {
  SLUICE_CHECK(!conjuncts.empty());
  BoundExpressionPtr result = std::move(conjuncts[0]);
  for (size_t i = 1; i < conjuncts.size(); ++i) {
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = DataType::boolean();
    both->children.push_back(std::move(result));
    both->children.push_back(std::move(conjuncts[i]));
    result = std::move(both);
  }
  return result;
}

}  // namespace sluice
