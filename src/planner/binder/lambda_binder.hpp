// src/planner/binder/lambda_binder.hpp
//
// Binds what the expression binder hands over for collections: calls of higher-order
// functions, whose lambdas bind in a scope nested in the row's (a lambda's parameters shadow
// columns of the same name; its body may read outer columns and the parameters of enclosing
// lambdas), arrays_zip (whose fields are named after its arguments) and subscripts
// (array[index], map[key], struct['field']).
#pragma once

#include <string>

#include "planner/binder/expression_binder.hpp"

namespace sluice {

class LambdaBinder {
 public:
  //! Binds `expr` when it needs this binder (a higher-order function, a lambda argument, or
  //! arrays_zip); null otherwise. `name` is the function name in lower case.
  static BoundExpressionPtr bindCall(ExpressionBinder& binder, const std::string& name,
                                     const sql::FunctionCallExpr& expr);
  static BoundExpressionPtr bindSubscript(ExpressionBinder& binder, const sql::SubscriptExpr& expr);

 private:
  //! Binds `lambda`'s body with its parameters typed `types` in slots from `first_slot`.
  static BoundExpressionPtr bindBody(ExpressionBinder& binder, const sql::LambdaExpr& lambda,
                                     const std::vector<DataType>& types, idx_t first_slot);
};

}  // namespace sluice
