// src/planner/binder/sql_function_binder.cpp

#include "planner/binder/sql_function_binder.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {
namespace {

//! The functions whose bodies are being inlined, outermost first: a body that reaches its own
//! function again would never finish.
thread_local std::vector<std::string> expanding;

class ExpansionGuard {
 public:
  explicit ExpansionGuard(const std::string& name) {
    if (std::find(expanding.begin(), expanding.end(), name) != expanding.end()) {
      std::string path;
      for (const std::string& step : expanding)
        path += fmt::format("`{}` -> ", step);
      throw Error(ErrorClass::CYCLIC_FUNCTION_REFERENCE,
                  fmt::format("Cyclic function reference detected: {}`{}`.", path, name));
    }
    expanding.push_back(name);
  }
  ~ExpansionGuard() { expanding.pop_back(); }
  ExpansionGuard(const ExpansionGuard&) = delete;
  ExpansionGuard& operator=(const ExpansionGuard&) = delete;
};

//! `value` cast to `type` for `what` (a parameter or the result), which Spark's ANSI casts must
//! allow.
BoundExpressionPtr castFor(BoundExpressionPtr value, const DataType& type,
                           const std::string& what) {
  if (!canAnsiCast(value->type, type)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast "
                            "\"{}\" to \"{}\".",
                            what, value->type.sql(), type.sql()));
  }
  return ExpressionBinder::castTo(std::move(value), type);
}

//! The parameters as the body sees them: columns named after them, qualified by the
//! function's name (`area.x` or `x`).
Scope parameterScope(const SqlFunction& function) {
  Scope scope;
  for (const sql::FunctionParameter& parameter : function.definition->parameters)
    scope.push_back(ScopeColumn{function.name, parameter.name, parameter.type});
  return scope;
}

//! The body bound over the parameter columns, cast to RETURNS when given.
BoundExpressionPtr bindBody(const BindContext& context, const SqlFunction& function) {
  ExpansionGuard guard(foldIdentifier(function.name));
  Scope scope = parameterScope(function);
  ExpressionBinder binder(context, *function.statement, scope);
  BoundExpressionPtr body = binder.bind(*function.definition->body);
  if (function.definition->returns)
    body = castFor(std::move(body), *function.definition->returns, function.name);
  return body;
}

BoundExpressionPtr bindDefault(const BindContext& context, const SqlFunction& function,
                               const sql::FunctionParameter& parameter) {
  Scope no_columns;
  ExpressionBinder binder(context, *function.statement, no_columns);
  return castFor(binder.bind(*parameter.default_value), parameter.type,
                 function.name + "." + parameter.name);
}

std::string parameterCountText(const sql::CreateFunctionStatement& definition) {
  size_t required = 0;
  for (const sql::FunctionParameter& parameter : definition.parameters)
    required += parameter.default_value ? 0 : 1;
  size_t all = definition.parameters.size();
  return required == all ? fmt::format("{}", all) : fmt::format("[{}, {}]", required, all);
}

//! The first aggregate or window call in `expr`, or null.
const sql::Expr* findComplexCall(const sql::Expr& expr) {
  if (AggregateBinder::isAggregateCall(expr))
    return &expr;
  if (expr.is<sql::FunctionCallExpr>() && expr.as<sql::FunctionCallExpr>().over)
    return &expr;
  const sql::Expr* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = findComplexCall(child);
  });
  return found;
}

}  // namespace

std::optional<SqlFunction> findSqlFunction(const BindContext& context,
                                           const std::vector<std::string>& name) {
  if (context.functions != nullptr) {
    if (const SqlFunction* function = context.functions->findFunction(name))
      return *function;
  }
  if (context.catalog == nullptr || name.size() > 3)
    return std::nullopt;
  QualifiedTableName qualified = context.catalog->qualify(name);
  std::optional<FunctionEntry> entry = context.catalog->findFunction(qualified);
  if (!entry)
    return std::nullopt;
  return parseStoredFunction(entry->definition, qualified.toString());
}

const sql::FunctionCallExpr* findTemporaryFunctionCall(
    const sql::Expr& body,
    const std::function<bool(const std::vector<std::string>&)>& is_temporary) {
  if (body.is<sql::FunctionCallExpr>()) {
    const auto& call = body.as<sql::FunctionCallExpr>();
    // Built-in functions come before temporary ones on the search path.
    if (call.name.size() == 1 &&
        FunctionRegistry::builtin().findScalar(foldIdentifier(call.name[0])) == nullptr &&
        is_temporary(call.name)) {
      return &call;
    }
  }
  const sql::FunctionCallExpr* found = nullptr;
  sql::forEachChild(body, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = findTemporaryFunctionCall(child, is_temporary);
  });
  return found;
}

Error temporaryFunctionReference(const std::string& persistent, const std::string& temporary) {
  return Error(ErrorClass::INVALID_TEMP_OBJ_REFERENCE,
               fmt::format("Cannot create the persistent object {} of the type FUNCTION because "
                           "it references to the temporary object `{}` of the type FUNCTION. "
                           "Please make the temporary object `{}` persistent, or make the "
                           "persistent object {} temporary.",
                           persistent, temporary, temporary, persistent));
}

SqlFunction parseStoredFunction(const std::string& definition, const std::string& name) {
  std::vector<sql::StatementPtr> statements = sql::parseStatements(definition, name);
  if (statements.size() != 1 || statements[0]->kind() != sql::StatementKind::kCreateFunction) {
    throwError(ErrorClass::INTERNAL_ERROR, "The catalog's function {} is not one CREATE FUNCTION.",
               name);
  }
  std::shared_ptr<const sql::Statement> statement = std::move(statements[0]);
  const auto* create = &statement->as<sql::CreateFunctionStatement>();
  return SqlFunction{create->name.back(), std::move(statement), create};
}

BoundExpressionPtr bindSqlFunctionCall(const BindContext& context, const SqlFunction& function,
                                       std::vector<BoundExpressionPtr> positional,
                                       std::vector<NamedArgument> named) {
  const sql::CreateFunctionStatement& definition = *function.definition;
  const std::vector<sql::FunctionParameter>& parameters = definition.parameters;
  if (positional.size() > parameters.size()) {
    throw Error(
        ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
        fmt::format("The `{}` requires {} parameters but the actual number is {}.", function.name,
                    parameterCountText(definition), positional.size() + named.size()));
  }
  std::vector<BoundExpressionPtr> arguments(parameters.size());
  for (size_t i = 0; i < positional.size(); ++i)
    arguments[i] = std::move(positional[i]);
  for (NamedArgument& argument : named) {
    auto parameter = std::find_if(parameters.begin(), parameters.end(),
                                  [&](const sql::FunctionParameter& candidate) {
                                    return sameIdentifier(candidate.name, argument.name);
                                  });
    if (parameter == parameters.end()) {
      throw Error(ErrorClass::UNRECOGNIZED_PARAMETER_NAME,
                  fmt::format("Cannot invoke routine `{}` because the routine call included a "
                              "named argument reference for the argument named `{}`, but this "
                              "routine does not include any signature containing an argument "
                              "with this name.",
                              function.name, argument.name));
    }
    size_t index = static_cast<size_t>(parameter - parameters.begin());
    if (arguments[index]) {
      bool was_positional = index < positional.size();
      throw Error(ErrorClass::DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT,
                  was_positional ? "BOTH_POSITIONAL_AND_NAMED" : "DOUBLE_NAMED_ARGUMENT_REFERENCE",
                  fmt::format("Call to routine `{}` is invalid because it includes multiple "
                              "argument assignments to the same parameter name `{}`.",
                              function.name, parameter->name));
    }
    arguments[index] = std::move(argument.value);
  }
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (!arguments[i]) {
      if (!parameters[i].default_value) {
        throw Error(ErrorClass::REQUIRED_PARAMETER_NOT_FOUND,
                    fmt::format("Cannot invoke routine `{}` because the parameter named `{}` is "
                                "required, but the routine call did not supply a value.",
                                function.name, parameters[i].name));
      }
      arguments[i] = bindDefault(context, function, parameters[i]);
      continue;
    }
    arguments[i] = castFor(std::move(arguments[i]), parameters[i].type,
                           function.name + "." + parameters[i].name);
  }
  return substituteColumns(*bindBody(context, function), arguments);
}

void checkSqlFunctionDefinition(const BindContext& context, const SqlFunction& function) {
  const sql::CreateFunctionStatement& definition = *function.definition;
  auto locate = [&](sql::SourcePosition position) { return function.statement->locate(position); };
  bool seen_default = false;
  for (size_t i = 0; i < definition.parameters.size(); ++i) {
    const sql::FunctionParameter& parameter = definition.parameters[i];
    for (size_t j = 0; j < i; ++j) {
      if (sameIdentifier(definition.parameters[j].name, parameter.name)) {
        throw Error(ErrorClass::DUPLICATE_ROUTINE_PARAMETER_NAMES,
                    fmt::format("Found duplicate name(s) in the parameter list of the "
                                "user-defined routine `{}`: `{}`.",
                                function.name, parameter.name))
            .withLocation(locate(parameter.position));
      }
    }
    if (parameter.default_value) {
      seen_default = true;
      bindDefault(context, function, parameter);
    } else if (seen_default) {
      throw Error(ErrorClass::USER_DEFINED_FUNCTIONS, "NOT_A_VALID_DEFAULT_PARAMETER_POSITION",
                  fmt::format("User defined function is invalid: in routine `{}` parameter `{}` "
                              "has no DEFAULT but follows one that has; the parameters after a "
                              "parameter with a DEFAULT must have one too.",
                              function.name, parameter.name))
          .withLocation(locate(parameter.position));
    }
  }
  if (const sql::Expr* call = findComplexCall(*definition.body)) {
    throw Error(ErrorClass::USER_DEFINED_FUNCTIONS, "CANNOT_CONTAIN_COMPLEX_FUNCTIONS",
                fmt::format("User defined function is invalid: SQL scalar function cannot "
                            "contain aggregate/window/generate functions: {}",
                            ExpressionBinder::autoName(*call)))
        .withLocation(locate(call->position));
  }
  bindBody(context, function);
}

}  // namespace sluice
