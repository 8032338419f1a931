// src/planner/binder/constant_folding.cpp

#include "planner/binder/constant_folding.hpp"

#include "function/cast/cast.hpp"

namespace sluice {

std::optional<Value> foldBoundConstant(const BoundExpression& expr, const ExecContext& query) {
  // An expression keeps the time zone of the statement that wrote it (bound_expression.hpp).
  ExecContext context = query;
  if (expr.time_zone != nullptr)
    context.time_zone = expr.time_zone;
  switch (expr.kind) {
    case BoundExpressionKind::kConstant:
      return expr.constant;
    case BoundExpressionKind::kCast: {
      std::optional<Value> operand = foldBoundConstant(*expr.children[0], context);
      if (!operand)
        return std::nullopt;
      return castValue(context, *operand, expr.type, expr.try_cast);
    }
    case BoundExpressionKind::kCall: {
      if (!expr.function.deterministic)
        return std::nullopt;
      std::vector<Vector> inputs;
      inputs.reserve(expr.children.size());
      for (const BoundExpressionPtr& child : expr.children) {
        std::optional<Value> value = foldBoundConstant(*child, context);
        if (!value)
          return std::nullopt;
        inputs.push_back(Vector::constant(*value));
      }
      ArgumentVectors arguments;
      for (const Vector& input : inputs)
        arguments.push_back(&input);
      Vector result(expr.type, 1);
      expr.function.kernel(context, arguments, RowSet{nullptr, 1}, result);
      return result.getValue(0);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace sluice
