// src/planner/binder/sql_function_binder.hpp
//
// SQL functions of a session (CREATE TEMPORARY FUNCTION f(x INT) RETURN x + 1): a call is bound
// by binding the body with the parameters as its only columns, then putting the call's
// arguments, cast to the parameter types, in place of those columns. The body is inlined, so
// the optimizer sees through it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

struct NamedArgument {
  std::string name;
  BoundExpressionPtr value;
};

//! Binds a call of `function` with `positional` arguments, then `named` ones (name => value);
//! parameters left out take their DEFAULT. Raises WRONG_NUM_ARGS, UNRECOGNIZED_PARAMETER_NAME,
//! DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT, REQUIRED_PARAMETER_NOT_FOUND and
//! CYCLIC_FUNCTION_REFERENCE.
BoundExpressionPtr bindSqlFunctionCall(const BindContext& context,
                                       const TemporaryFunction& function,
                                       std::vector<BoundExpressionPtr> positional,
                                       std::vector<NamedArgument> named);

//! Checks a definition before it is registered, as Spark does at CREATE: unique parameter
//! names, defaults only at the end and castable to their parameter, a body that binds over the
//! parameters and calls no aggregate or window function.
void checkSqlFunctionDefinition(const BindContext& context, const TemporaryFunction& function);

}  // namespace sluice
