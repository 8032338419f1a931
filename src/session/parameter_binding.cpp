#include "session/parameter_binding.hpp"

#include <fmt/format.h>

#include <memory>

#include "common/error/error.hpp"
#include "function/cast/cast.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "session/session_variables.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice {

namespace {

// The source name of the text EXECUTE IMMEDIATE runs, in the locations of its errors.
constexpr std::string_view kExecuteImmediateSource = "<execute immediate>";

//! The first name `expr` reads, or nullptr.
const sql::ColumnRefExpr* findName(const sql::Expr& expr) {
  if (expr.is<sql::ColumnRefExpr>())
    return &expr.as<sql::ColumnRefExpr>();
  const sql::ColumnRefExpr* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = findName(child);
  });
  return found;
}

//! `expr` bound with no columns in scope (session variables are read). A name that is no
//! variable fails as `on_name` says (UNRESOLVED_VARIABLE for EXECUTE IMMEDIATE).
BoundExpressionPtr bindWithoutColumns(
    const sql::Expr& expr, const sql::Statement& statement, const BindContext& context,
    const std::function<void(const sql::ColumnRefExpr&)>& on_name) {
  Scope no_columns;
  ExpressionBinder binder(context, statement, no_columns);
  try {
    return binder.bind(expr);
  } catch (const Error& error) {
    const sql::ColumnRefExpr* name = findName(expr);
    if (error.errorClass() == ErrorClass::UNRESOLVED_COLUMN && name != nullptr)
      on_name(*name);
    throw;
  }
}

[[noreturn]] void failUnresolvedVariable(const sql::ColumnRefExpr& name,
                                         const sql::Statement& statement) {
  throw unresolvedVariableError(name.name).withLocation(statement.locate(name.position));
}

//! The text of a constant USING value, for the parser to put in place of its marker.
std::string usingValueText(const sql::Expr& value, const sql::ExecuteImmediateStatement& execute,
                           const BindContext& context) {
  auto unsupported = [&](const sql::Expr& at) {
    throw Error(ErrorClass::UNSUPPORTED_EXPR_FOR_PARAMETER,
                fmt::format("A query parameter contains unsupported expression. Parameters can "
                            "either be variables or literals. Invalid expression: \"{}\".",
                            sql::printExpression(at)))
        .withLocation(execute.locate(at.position));
  };
  if (containsSubquery(value))
    unsupported(value);
  BoundExpressionPtr bound = bindWithoutColumns(
      value, execute, context, [&](const auto& name) { failUnresolvedVariable(name, execute); });
  if (!bound->isFoldable())
    unsupported(value);
  return sql::printExpression(value);
}

//! EXECUTE IMMEDIATE's query text: a constant, non-NULL STRING.
std::string queryText(const sql::ExecuteImmediateStatement& execute, const BindContext& context) {
  const sql::Expr& expr = *execute.query_text;
  auto located = [&](Error error) { return error.withLocation(execute.locate(expr.position)); };
  if (containsSubquery(expr)) {
    throw located(Error(ErrorClass::NOT_A_CONSTANT_STRING, "NOT_CONSTANT",
                        fmt::format("The expression {} used for the query string of EXECUTE "
                                    "IMMEDIATE must be a constant STRING which is NOT NULL.",
                                    sql::printExpression(expr))));
  }
  BoundExpressionPtr bound = bindWithoutColumns(
      expr, execute, context, [&](const auto& name) { failUnresolvedVariable(name, execute); });
  TypeId type = bound->type.id();
  if (type != TypeId::kString && type != TypeId::kVoid) {
    throw located(Error(
        ErrorClass::INVALID_EXPR_TYPE_FOR_QUERY_EXECUTE_IMMEDIATE,
        fmt::format("Expression type must be string type but got \"{}\".", bound->type.sql())));
  }
  std::optional<Value> value;
  if (bound->isFoldable()) {
    try {
      value = foldBoundConstant(*bound, context.exec);
    } catch (Error& error) {
      throw located(std::move(error));
    }
  }
  if (!value) {
    throw located(Error(ErrorClass::NOT_A_CONSTANT_STRING, "NOT_CONSTANT",
                        fmt::format("The expression {} used for the query string of EXECUTE "
                                    "IMMEDIATE must be a constant STRING which is NOT NULL.",
                                    sql::printExpression(expr))));
  }
  if (value->isNull()) {
    throw located(Error(ErrorClass::NULL_QUERY_STRING_EXECUTE_IMMEDIATE,
                        fmt::format("Execute immediate requires a non-null variable as the query "
                                    "string, but the provided variable {} is null.",
                                    sql::printExpression(expr))));
  }
  return value->getString();
}

}  // namespace

sql::ParameterValues bindQueryParameters(const QueryParameters& parameters,
                                         const BindContext& context) {
  auto check = [&](const std::string& label, const std::string& text) {
    std::string source_name = fmt::format("--param {}", label);
    sql::ExprPtr value = sql::parseExpression(text, source_name);
    sql::QueryStatement statement(value->position);
    statement.source = std::make_shared<sql::SourceText>(source_name, text);
    statement.end_offset = static_cast<uint32_t>(text.size());
    auto invalid = [&]() {
      throw Error(ErrorClass::INVALID_SQL_ARG,
                  fmt::format("The argument {} of `sql()` is invalid. Consider to replace it "
                              "either by a SQL literal or by collection constructor functions "
                              "such as `map()`, `array()`, `struct()`.",
                              label))
          .withLocation(statement.locate(value->position));
    };
    if (containsSubquery(*value) || value->is<sql::AliasExpr>())
      invalid();
    BoundExpressionPtr bound =
        bindWithoutColumns(*value, statement, context, [&](const auto&) { invalid(); });
    if (!bound->isFoldable())
      invalid();
  };
  sql::ParameterValues values;
  for (const auto& [name, text] : parameters.named) {
    check(name, text);
    values.named[name] = text;
  }
  for (size_t i = 0; i < parameters.positional.size(); ++i) {
    check(fmt::format("#{}", i + 1), parameters.positional[i]);
    values.positional.push_back(parameters.positional[i]);
  }
  return values;
}

void bindIdentifierVariables(sql::ParameterValues& values, const BindContext& context) {
  const VariableResolver* variables = context.variables;
  if (variables == nullptr)
    return;
  values.variable_text =
      [variables](const std::vector<std::string>& name) -> std::optional<std::string> {
    std::optional<std::string> folded = sessionVariableName(name);
    const Value* value = folded ? variables->findVariable(*folded) : nullptr;
    if (value == nullptr)
      return std::nullopt;
    // As a literal: a STRING is quoted; any other value fails as no constant string.
    ExecContext text_context;
    return sqlValueText(*value, text_context);
  };
}

sql::StatementPtr parseExecuteImmediate(const sql::ExecuteImmediateStatement& execute,
                                        const BindContext& context) {
  std::string text = queryText(execute, context);
  sql::ParameterValues values;
  for (const sql::ExecuteImmediateArgument& argument : execute.arguments) {
    std::string value = usingValueText(*argument.value, execute, context);
    if (argument.name) {
      values.named[*argument.name] = value;
    } else {
      values.unnamed.push_back(fmt::format("\"{}\"", value));
    }
    values.positional.push_back(std::move(value));
  }
  bindIdentifierVariables(values, context);
  sql::StatementPtr statement = sql::parseSingleStatement(text, kExecuteImmediateSource, &values);
  if (statement->kind() == sql::StatementKind::kExecuteImmediate) {
    throw Error(ErrorClass::NESTED_EXECUTE_IMMEDIATE,
                fmt::format("Nested EXECUTE IMMEDIATE commands are not allowed. Please ensure "
                            "that the SQL query provided ({}) does not contain another EXECUTE "
                            "IMMEDIATE command.",
                            text))
        .withLocation(execute.locate(execute.query_text->position));
  }
  return statement;
}

}  // namespace sluice
