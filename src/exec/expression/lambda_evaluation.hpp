// src/exec/expression/lambda_evaluation.hpp
//
// Evaluates calls of higher-order functions a vector at a time: the elements of every selected
// row's array (or map) are gathered into one vector, the outer columns the body reads are
// repeated once per element, the body runs once over all of them, and the results are cut back
// into rows by the arrays' offsets. aggregate runs its merge once per element position (all
// rows' k-th elements together), and array_sort's comparator once over every pair of elements.
#pragma once

#include "exec/expression/expression_evaluator.hpp"

namespace sluice {

class LambdaEvaluation {
 public:
  //! Evaluates the kLambdaCall `expr` over `rows` of `batch`.
  static Vector evaluate(ExpressionEvaluator& evaluator, const BoundExpression& expr,
                         const Batch& batch, const RowSet& rows);

 private:
  //! Evaluates `body` over one row per entry of `parents` (rows of `batch`), with the lambda
  //! parameters `params` in slots from `first_slot`.
  static Vector runBody(ExpressionEvaluator& evaluator, const BoundExpression& body,
                        const Batch& batch, const std::vector<uint32_t>& parents,
                        std::vector<Vector> params, idx_t first_slot);

  friend struct LambdaCallRunner;
};

}  // namespace sluice
