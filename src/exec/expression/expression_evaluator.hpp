// src/exec/expression/expression_evaluator.hpp
//
// Evaluates bound expressions a vector at a time. Results are aligned with the input batch;
// only the rows asked for are computed, which is how CASE, AND, OR and COALESCE skip the
// rows that do not reach a branch (so an error there is never raised, as in Spark). A call
// whose arguments are all constant is computed once and stays a constant vector.
#pragma once

#include "function/function.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

class ExpressionEvaluator {
 public:
  explicit ExpressionEvaluator(const ExecContext& context) : context_(context) {}

  //! Evaluates `expr` over `rows` of `batch`.
  Vector evaluate(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  //! Evaluates over every row of the batch.
  Vector evaluate(const BoundExpression& expr, const Batch& batch) {
    return evaluate(expr, batch, RowSet{nullptr, batch.num_rows});
  }

 private:
  Vector evaluateCall(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  Vector evaluateCast(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  Vector evaluateLogic(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  Vector evaluateCase(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  Vector evaluateField(const BoundExpression& expr, const Batch& batch, const RowSet& rows);
  Vector evaluateCoalesce(const BoundExpression& expr, const Batch& batch, const RowSet& rows);

  const ExecContext& context_;
  //! The values of the enclosing lambdas' parameters by slot, aligned with the batch whose
  //! rows are those lambdas' elements (lambda_evaluation.cpp).
  std::vector<Vector> lambda_values_;

  friend class LambdaEvaluation;
};

}  // namespace sluice
