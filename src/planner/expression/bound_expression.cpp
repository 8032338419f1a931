#include "planner/expression/bound_expression.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "planner/expression/bound_lambda.hpp"

namespace sluice {

namespace {

//! isFoldable, where lambda variables from slot `bound_from` on belong to a call inside the
//! expression being folded.
bool foldable(const BoundExpression& expr, idx_t bound_from) {
  if (expr.kind == BoundExpressionKind::kColumn)
    return false;
  if (expr.kind == BoundExpressionKind::kLambdaVariable)
    return expr.column_index >= bound_from;
  if (expr.kind == BoundExpressionKind::kCall && !expr.function.deterministic)
    return false;
  if (expr.kind == BoundExpressionKind::kLambdaCall)
    bound_from = std::min(bound_from, expr.lambda->first_variable);
  for (const auto& child : expr.children) {
    if (!foldable(*child, bound_from))
      return false;
  }
  return true;
}

}  // namespace

bool BoundExpression::isFoldable() const {
  return foldable(*this, std::numeric_limits<idx_t>::max());
}

std::string BoundExpression::toString() const {
  switch (kind) {
    case BoundExpressionKind::kConstant:
      return constant.isNull() ? "NULL" : constant.debugString();
    case BoundExpressionKind::kColumn:
      return fmt::format("#{}", column_index);
    case BoundExpressionKind::kCast:
      return fmt::format("{}({} AS {})", try_cast ? "TRY_CAST" : "CAST", children[0]->toString(),
                         type.sql());
    case BoundExpressionKind::kCall: {
      bool is_operator =
          !function.name.empty() && !std::isalpha(static_cast<unsigned char>(function.name[0]));
      if (is_operator && children.size() == 2) {
        return fmt::format("({} {} {})", children[0]->toString(), function.name,
                           children[1]->toString());
      }
      std::string out = function.name + "(";
      for (size_t i = 0; i < children.size(); ++i) {
        if (i > 0)
          out += ", ";
        out += children[i]->toString();
      }
      return out + ")";
    }
    case BoundExpressionKind::kCase: {
      std::string out = "CASE";
      size_t pairs = (children.size() - (has_else ? 1 : 0)) / 2;
      for (size_t i = 0; i < pairs; ++i) {
        out += fmt::format(" WHEN {} THEN {}", children[2 * i]->toString(),
                           children[2 * i + 1]->toString());
      }
      if (has_else)
        out += " ELSE " + children.back()->toString();
      return out + " END";
    }
    case BoundExpressionKind::kAnd:
      return fmt::format("({} AND {})", children[0]->toString(), children[1]->toString());
    case BoundExpressionKind::kOr:
      return fmt::format("({} OR {})", children[0]->toString(), children[1]->toString());
    case BoundExpressionKind::kField:
      return fmt::format("{}.{}", children[0]->toString(),
                         children[0]->type.fields()[field_index].name);
    case BoundExpressionKind::kLambdaVariable:
      return fmt::format("lambda#{}", column_index);
    case BoundExpressionKind::kLambdaCall: {
      std::string out = lambda->name + "(";
      for (size_t i = 0; i < children.size(); ++i) {
        if (i > 0)
          out += ", ";
        out += children[i]->toString();
      }
      return out + ")";
    }
    case BoundExpressionKind::kCoalesce: {
      std::string out = "coalesce(";
      for (size_t i = 0; i < children.size(); ++i) {
        if (i > 0)
          out += ", ";
        out += children[i]->toString();
      }
      return out + ")";
    }
  }
  return "?";
}

BoundExpressionPtr BoundExpression::makeConstant(Value value, bool from_literal) {
  auto expr = std::make_unique<BoundExpression>();
  expr->kind = BoundExpressionKind::kConstant;
  expr->type = value.type();
  expr->constant = std::move(value);
  expr->from_literal = from_literal;
  return expr;
}

BoundExpressionPtr BoundExpression::makeColumn(idx_t index, DataType type) {
  auto expr = std::make_unique<BoundExpression>();
  expr->kind = BoundExpressionKind::kColumn;
  expr->type = std::move(type);
  expr->column_index = index;
  return expr;
}

BoundExpressionPtr BoundExpression::makeField(BoundExpressionPtr base, idx_t field_index) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kField;
  node->type = base->type.fields()[field_index].type;
  node->field_index = field_index;
  node->children.push_back(std::move(base));
  return node;
}

BoundExpressionPtr BoundExpression::makeCast(BoundExpressionPtr child, DataType type,
                                             bool try_cast) {
  auto expr = std::make_unique<BoundExpression>();
  expr->kind = BoundExpressionKind::kCast;
  expr->type = std::move(type);
  expr->try_cast = try_cast;
  expr->children.push_back(std::move(child));
  return expr;
}

BoundExpressionPtr BoundExpression::makeCall(BoundScalarFunction function,
                                             std::vector<BoundExpressionPtr> arguments) {
  auto expr = std::make_unique<BoundExpression>();
  expr->kind = BoundExpressionKind::kCall;
  expr->type = function.return_type;
  expr->function = std::move(function);
  expr->children = std::move(arguments);
  return expr;
}

std::vector<DataType> typesOf(const std::vector<BoundExpressionPtr>& expressions) {
  std::vector<DataType> types;
  for (const auto& expression : expressions)
    types.push_back(expression->type);
  return types;
}

}  // namespace sluice
