// src/planner/binder/sql_function_binder.hpp
//
// SQL functions (CREATE [TEMPORARY] FUNCTION f(x INT) RETURN x + 1): a call is bound
// by binding the body with the parameters as its only columns, then putting the call's
// arguments, cast to the parameter types, in place of those columns. The body is inlined, so
// the optimizer sees through it.
#pragma once

#include <functional>
#include <optional>
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

//! The function `name` names (as written: one part, or qualified): the one `context.functions`
//! holds (session, pipeline), else the catalog's (one part: in the current schema), parsed
//! from its stored definition; nullopt when there is none.
std::optional<SqlFunction> findSqlFunction(const BindContext& context,
                                           const std::vector<std::string>& name);

//! A function as the catalog stores it (FunctionEntry::definition), parsed; `name` is its
//! qualified name, for messages and for parsing errors.
SqlFunction parseStoredFunction(const std::string& definition, const std::string& name);

//! The first call in `body` of a temporary function: a one-part name that no built-in function
//! has and `is_temporary` accepts; null when none. A persistent function may not call one.
const sql::FunctionCallExpr* findTemporaryFunctionCall(
    const sql::Expr& body,
    const std::function<bool(const std::vector<std::string>&)>& is_temporary);

//! INVALID_TEMP_OBJ_REFERENCE: the persistent function `persistent` (quoted) calls the
//! temporary function `temporary`.
Error temporaryFunctionReference(const std::string& persistent, const std::string& temporary);

//! Binds a call of `function` with `positional` arguments, then `named` ones (name => value);
//! parameters left out take their DEFAULT. Raises WRONG_NUM_ARGS, UNRECOGNIZED_PARAMETER_NAME,
//! DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT, REQUIRED_PARAMETER_NOT_FOUND and
//! CYCLIC_FUNCTION_REFERENCE.
BoundExpressionPtr bindSqlFunctionCall(const BindContext& context, const SqlFunction& function,
                                       std::vector<BoundExpressionPtr> positional,
                                       std::vector<NamedArgument> named);

//! Checks a definition before it is registered, as Spark does at CREATE: unique parameter
//! names, defaults only at the end and castable to their parameter, a body that binds over the
//! parameters and calls no aggregate or window function.
void checkSqlFunctionDefinition(const BindContext& context, const SqlFunction& function);

}  // namespace sluice
