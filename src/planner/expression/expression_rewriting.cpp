// src/planner/expression/expression_rewriting.cpp
#include "planner/expression/expression_rewriting.hpp"

#include <algorithm>
#include <limits>

#include "common/check.hpp"
#include "function/scalar/nested_key_encoding.hpp"
#include "planner/expression/bound_lambda.hpp"

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
  copy->lambda = expr.lambda;
  copy->time_zone = expr.time_zone;
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

std::pair<idx_t, idx_t> columnRange(const BoundExpression& expr) {
  if (expr.kind == BoundExpressionKind::kColumn)
    return {expr.column_index, expr.column_index};
  std::pair<idx_t, idx_t> range{std::numeric_limits<idx_t>::max(), 0};
  for (const BoundExpressionPtr& child : expr.children) {
    auto [low, high] = columnRange(*child);
    if (low <= high) {
      range.first = std::min(range.first, low);
      range.second = std::max(range.second, high);
    }
  }
  return range;
}

void shiftColumns(BoundExpression& expr, int64_t delta) {
  if (expr.kind == BoundExpressionKind::kColumn) {
    expr.column_index = static_cast<idx_t>(static_cast<int64_t>(expr.column_index) + delta);
  }
  for (BoundExpressionPtr& child : expr.children)
    shiftColumns(*child, delta);
}

void appendConjuncts(BoundExpressionPtr condition, std::vector<BoundExpressionPtr>& conjuncts) {
  if (!condition)
    return;
  if (condition->kind == BoundExpressionKind::kAnd) {
    appendConjuncts(std::move(condition->children[0]), conjuncts);
    appendConjuncts(std::move(condition->children[1]), conjuncts);
    return;
  }
  conjuncts.push_back(std::move(condition));
}

std::vector<BoundExpressionPtr> splitConjuncts(BoundExpressionPtr condition) {
  std::vector<BoundExpressionPtr> conjuncts;
  appendConjuncts(std::move(condition), conjuncts);
  return conjuncts;
}

BoundExpressionPtr combineConjuncts(std::vector<BoundExpressionPtr> conjuncts) {
  BoundExpressionPtr combined;
  for (BoundExpressionPtr& conjunct : conjuncts) {
    if (!combined) {
      combined = std::move(conjunct);
      continue;
    }
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = DataType::boolean();
    both->children.push_back(std::move(combined));
    both->children.push_back(std::move(conjunct));
    combined = std::move(both);
  }
  return combined;
}

namespace {

//! A deterministic binary operator whose operands may be swapped (with the same operand types,
//! which sameExpression checks before).
bool isCommutative(const BoundExpression& expr) {
  if (expr.children.size() != 2)
    return false;
  if (expr.kind == BoundExpressionKind::kAnd || expr.kind == BoundExpressionKind::kOr)
    return true;
  if (expr.kind != BoundExpressionKind::kCall || !expr.function.deterministic)
    return false;
  static constexpr std::string_view kCommutative[] = {"+", "*", "=", "!=", "<=>", "&", "|", "^"};
  for (std::string_view name : kCommutative) {
    if (expr.function.name == name)
      return true;
  }
  return false;
}

}  // namespace

bool sameExpression(const BoundExpression& a, const BoundExpression& b) {
  if (a.kind != b.kind || a.type != b.type || a.children.size() != b.children.size())
    return false;
  switch (a.kind) {
    case BoundExpressionKind::kConstant:
      if (a.constant != b.constant)
        return false;
      break;
    case BoundExpressionKind::kColumn:
      if (a.column_index != b.column_index)
        return false;
      break;
    case BoundExpressionKind::kCast:
      if (a.try_cast != b.try_cast || a.time_zone != b.time_zone)
        return false;
      break;
    case BoundExpressionKind::kField:
      if (a.field_index != b.field_index)
        return false;
      break;
    case BoundExpressionKind::kCall:
      if (a.function.name != b.function.name || !a.function.deterministic ||
          !b.function.deterministic || a.function.argument_types != b.function.argument_types ||
          a.time_zone != b.time_zone) {
        return false;
      }
      break;
    case BoundExpressionKind::kCase:
      if (a.has_else != b.has_else)
        return false;
      break;
    case BoundExpressionKind::kLambdaVariable:
      if (a.column_index != b.column_index)
        return false;
      break;
    case BoundExpressionKind::kLambdaCall:
      if (a.lambda->function != b.lambda->function || a.lambda->num_params != b.lambda->num_params)
        return false;
      break;
    default:
      break;
  }
  bool same_children = true;
  for (size_t i = 0; same_children && i < a.children.size(); ++i)
    same_children = sameExpression(*a.children[i], *b.children[i]);
  // `b + a` is the same expression as `a + b` (Spark canonicalizes commutative operators).
  if (!same_children && isCommutative(a)) {
    return sameExpression(*a.children[0], *b.children[1]) &&
           sameExpression(*a.children[1], *b.children[0]);
  }
  return same_children;
}

BoundExpressionPtr encodeNestedKey(BoundExpressionPtr expr) {
  if (!isEncodedKeyType(expr->type))
    return expr;
  DataType type = expr->type;
  std::vector<BoundExpressionPtr> value;
  value.push_back(std::move(expr));
  return BoundExpression::makeCall(keyEncoder(type), std::move(value));
}

BoundExpressionPtr decodeNestedKey(BoundExpressionPtr encoding, const DataType& type) {
  std::vector<BoundExpressionPtr> value;
  value.push_back(std::move(encoding));
  return BoundExpression::makeCall(keyDecoder(type), std::move(value));
}

}  // namespace sluice
