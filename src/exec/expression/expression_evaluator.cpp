#include "exec/expression/expression_evaluator.hpp"

#include <algorithm>

#include "exec/expression/lambda_evaluation.hpp"
#include "exec/expression/vector_copy.hpp"
#include "function/cast/cast.hpp"
#include "function/partition_state.hpp"

namespace sluice {

namespace {

idx_t capacityFor(const Batch& batch) {
  return std::max<idx_t>(batch.num_rows, 1);
}

//! The rows of `rows` for which `keep(row)` holds, as an index list.
template <typename Predicate>
std::vector<uint32_t> selectRows(const RowSet& rows, Predicate&& keep) {
  std::vector<uint32_t> selected;
  selected.reserve(rows.count);
  forEachRow(rows, [&](idx_t row) {
    if (keep(row))
      selected.push_back(static_cast<uint32_t>(row));
  });
  return selected;
}

//! The context `expr` runs in: the query's, or a copy in `pinned` with the time zone of the
//! statement that wrote the expression.
const ExecContext& contextFor(const BoundExpression& expr, const ExecContext& query,
                              ExecContext& pinned) {
  if (expr.time_zone == nullptr)
    return query;
  pinned = query;
  pinned.time_zone = expr.time_zone;
  return pinned;
}

}  // namespace

Vector ExpressionEvaluator::evaluate(const BoundExpression& expr, const Batch& batch,
                                     const RowSet& rows) {
  switch (expr.kind) {
    case BoundExpressionKind::kConstant:
      return Vector::constant(expr.constant);
    case BoundExpressionKind::kColumn:
      return batch.columns[expr.column_index];
    case BoundExpressionKind::kCast:
      return evaluateCast(expr, batch, rows);
    case BoundExpressionKind::kCall:
      return evaluateCall(expr, batch, rows);
    case BoundExpressionKind::kAnd:
    case BoundExpressionKind::kOr:
      return evaluateLogic(expr, batch, rows);
    case BoundExpressionKind::kCase:
      return evaluateCase(expr, batch, rows);
    case BoundExpressionKind::kCoalesce:
      return evaluateCoalesce(expr, batch, rows);
    case BoundExpressionKind::kField:
      return evaluateField(expr, batch, rows);
    case BoundExpressionKind::kLambdaCall:
      return LambdaEvaluation::evaluate(*this, expr, batch, rows);
    case BoundExpressionKind::kLambdaVariable:
      return lambda_values_[expr.column_index];
  }
  SLUICE_UNREACHABLE("unknown bound expression kind");
}

Vector ExpressionEvaluator::evaluateCall(const BoundExpression& expr, const Batch& batch,
                                         const RowSet& rows) {
  std::vector<Vector> values;
  values.reserve(expr.children.size());
  bool all_constant = expr.function.deterministic;
  for (const auto& child : expr.children) {
    values.push_back(evaluate(*child, batch, rows));
    all_constant = all_constant && values.back().isConstant();
  }
  ArgumentVectors arguments;
  for (const Vector& value : values)
    arguments.push_back(&value);
  // A non-deterministic kernel may keep state per call in the partition (rand, ids).
  if (!expr.function.deterministic && context_.partition != nullptr)
    context_.partition->enterCall(&expr);
  ExecContext pinned;
  const ExecContext& context = contextFor(expr, context_, pinned);
  if (all_constant) {
    Vector result(expr.type, 1);
    if (rows.count > 0)
      expr.function.kernel(context, arguments, RowSet{nullptr, 1}, result);
    return Vector::constantOf(std::move(result));
  }
  Vector result(expr.type, capacityFor(batch));
  expr.function.kernel(context, arguments, rows, result);
  return result;
}

Vector ExpressionEvaluator::evaluateCast(const BoundExpression& expr, const Batch& batch,
                                         const RowSet& rows) {
  Vector input = evaluate(*expr.children[0], batch, rows);
  ExecContext pinned;
  const ExecContext& context = contextFor(expr, context_, pinned);
  if (input.isConstant()) {
    Vector result(expr.type, 1);
    if (rows.count > 0)
      castVector(context, input, RowSet{nullptr, 1}, result, expr.try_cast);
    return Vector::constantOf(std::move(result));
  }
  Vector result(expr.type, capacityFor(batch));
  castVector(context, input, rows, result, expr.try_cast);
  return result;
}

Vector ExpressionEvaluator::evaluateLogic(const BoundExpression& expr, const Batch& batch,
                                          const RowSet& rows) {
  bool is_and = expr.kind == BoundExpressionKind::kAnd;
  // The left side decides a row when it is FALSE (AND) or TRUE (OR).
  uint8_t deciding = is_and ? 0 : 1;
  Vector left = evaluate(*expr.children[0], batch, rows);
  std::vector<uint32_t> undecided = selectRows(
      rows, [&](idx_t row) { return left.isNull(row) || left.at<uint8_t>(row) != deciding; });
  RowSet right_rows{undecided.data(), undecided.size()};
  Vector right = right_rows.count > 0 ? evaluate(*expr.children[1], batch, right_rows)
                                      : Vector::nullConstant(DataType::boolean());
  Vector result(DataType::boolean(), capacityFor(batch));
  uint8_t* out = result.mutableData<uint8_t>();
  forEachRow(rows, [&](idx_t row) {
    bool left_null = left.isNull(row);
    if (!left_null && left.at<uint8_t>(row) == deciding) {
      out[row] = deciding;
      return;
    }
    bool right_null = right.isNull(row);
    if (!right_null && right.at<uint8_t>(row) == deciding) {
      out[row] = deciding;
    } else if (left_null || right_null) {
      result.setNull(row);
    } else {
      out[row] = !deciding;
    }
  });
  if (left.isConstant() && right.isConstant() && rows.count > 0) {
    Vector single(DataType::boolean(), 1);
    single.setValue(0, result.getValue(rows.row(0)));
    return Vector::constantOf(std::move(single));
  }
  return result;
}

Vector ExpressionEvaluator::evaluateCase(const BoundExpression& expr, const Batch& batch,
                                         const RowSet& rows) {
  Vector result(expr.type, capacityFor(batch));
  std::vector<uint32_t> remaining(rows.count);
  for (idx_t i = 0; i < rows.count; ++i)
    remaining[i] = static_cast<uint32_t>(rows.row(i));
  size_t pairs = (expr.children.size() - (expr.has_else ? 1 : 0)) / 2;
  for (size_t pair = 0; pair < pairs && !remaining.empty(); ++pair) {
    RowSet current{remaining.data(), remaining.size()};
    Vector condition = evaluate(*expr.children[2 * pair], batch, current);
    std::vector<uint32_t> taken =
        selectRows(current, [&](idx_t row) { return isTrue(condition, row); });
    std::vector<uint32_t> rest =
        selectRows(current, [&](idx_t row) { return !isTrue(condition, row); });
    if (!taken.empty()) {
      RowSet taken_rows{taken.data(), taken.size()};
      Vector value = evaluate(*expr.children[2 * pair + 1], batch, taken_rows);
      copyRows(value, taken_rows, result);
    }
    remaining = std::move(rest);
  }
  if (!remaining.empty()) {
    RowSet rest{remaining.data(), remaining.size()};
    if (expr.has_else) {
      Vector value = evaluate(*expr.children.back(), batch, rest);
      copyRows(value, rest, result);
    } else {
      forEachRow(rest, [&](idx_t row) { result.setNull(row); });
    }
  }
  return result;
}

Vector ExpressionEvaluator::evaluateField(const BoundExpression& expr, const Batch& batch,
                                          const RowSet& rows) {
  Vector base = evaluate(*expr.children[0], batch, rows);
  const Vector& field = base.child(expr.field_index);
  if (base.isConstant()) {
    if (base.isNull(0))
      return Vector::nullConstant(expr.type);
    Vector single(expr.type, 1);
    copyRows(field, RowSet{nullptr, 1}, single);
    return Vector::constantOf(std::move(single));
  }
  // The field's own vector serves as it is unless the struct has NULL rows to mask.
  if (!base.mayHaveNulls())
    return field;
  Vector result(expr.type, capacityFor(batch));
  copyRows(field, rows, result);
  forEachRow(rows, [&](idx_t row) {
    if (base.isNull(row))
      result.setNull(row);
  });
  return result;
}

Vector ExpressionEvaluator::evaluateCoalesce(const BoundExpression& expr, const Batch& batch,
                                             const RowSet& rows) {
  Vector result(expr.type, capacityFor(batch));
  std::vector<uint32_t> remaining(rows.count);
  for (idx_t i = 0; i < rows.count; ++i)
    remaining[i] = static_cast<uint32_t>(rows.row(i));
  for (const auto& child : expr.children) {
    if (remaining.empty())
      break;
    RowSet current{remaining.data(), remaining.size()};
    Vector value = evaluate(*child, batch, current);
    std::vector<uint32_t> found =
        selectRows(current, [&](idx_t row) { return !value.isNull(row); });
    RowSet found_rows{found.data(), found.size()};
    copyRows(value, found_rows, result);
    remaining = selectRows(current, [&](idx_t row) { return value.isNull(row); });
  }
  for (uint32_t row : remaining)
    result.setNull(row);
  return result;
}

}  // namespace sluice
