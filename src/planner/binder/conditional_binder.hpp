// src/planner/binder/conditional_binder.hpp
//
// Binds the conditional functions Spark defines by rewriting (RuntimeReplaceable): nullif,
// nvl2, zeroifnull, nullifzero and assert_true become CASE expressions, so their branches are
// evaluated lazily as CASE's are; and the type-name casts (int(x), date(x), ...) become casts.
#pragma once

#include <string>

#include "planner/binder/expression_binder.hpp"

namespace sluice {

class ConditionalBinder {
 public:
  //! Binds the call of `name` (lower case) to its bound `arguments` when it is one of this
  //! binder's functions; null otherwise. `expr` is the call as written, for names in messages.
  static BoundExpressionPtr bindCall(ExpressionBinder& binder, const std::string& name,
                                     std::vector<BoundExpressionPtr>& arguments,
                                     const sql::FunctionCallExpr& expr);
};

}  // namespace sluice
