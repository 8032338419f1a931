// src/planner/binder/expression_binder.hpp
//
// Binds AST expressions: resolves column names in a scope, types literals, applies Spark's
// ANSI coercions by inserting casts, and resolves functions through the registry. Errors carry
// the position of the expression that caused them.
#pragma once

#include <functional>
#include <string>
#include <utility>

#include "planner/binder/bind_context.hpp"
#include "planner/expression/bound_expression.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

class LateralAliases;
struct ScalarFunctionEntry;

class ExpressionBinder {
 public:
  ExpressionBinder(const BindContext& context, const sql::Statement& statement, const Scope& scope)
      : context_(context), statement_(statement), scope_(scope) {}

  BoundExpressionPtr bind(const sql::Expr& expr);
  //! The query around the subquery this binder binds in, or null.
  OuterQuery* outerQuery() const { return context_.outer; }

  //! Binds some expressions differently: called before each (sub)expression is bound, it
  //! returns the bound form to use, or null to bind the expression as usual. The aggregate
  //! binder uses it to turn aggregate calls and group keys into columns of the aggregate.
  using Substitution = std::function<BoundExpressionPtr(const sql::Expr& expr)>;
  void setSubstitution(Substitution substitution) { substitution_ = std::move(substitution); }
  const Substitution& substitution() const { return substitution_; }
  //! The binder binds over an aggregate's output (its scope holds no input columns).
  void markOverAggregateOutput() { over_aggregate_output_ = true; }

  //! Lets names that no column of the scope has resolve to the aliases of earlier select items.
  void setLateralAliases(const LateralAliases* aliases) { lateral_aliases_ = aliases; }

  //! Binds the built-in scalar function `entry` to `arguments` (their count already checked),
  //! casting them to the types it asks for.
  static BoundExpressionPtr bindBuiltinCall(const ScalarFunctionEntry& entry, std::string_view name,
                                            std::vector<BoundExpressionPtr> arguments);
  //! bindBuiltinCall of the built-in scalar function named `name`, which must exist: for the
  //! calls a rewrite builds (isnotnull, >, &, ...).
  static BoundExpressionPtr bindBuiltin(std::string_view name,
                                        std::vector<BoundExpressionPtr> arguments);

  //! Casts `expr` to `type` (nothing when it already has that type).
  static BoundExpressionPtr castTo(BoundExpressionPtr expr, const DataType& type);

  //! The column name Spark gives an unaliased select item: "(1 + 1)", "CAST(x AS INT)", "a".
  static std::string autoName(const sql::Expr& expr);

 private:
  BoundExpressionPtr bindNode(const sql::Expr& expr);
  BoundExpressionPtr bindColumn(const sql::ColumnRefExpr& expr);
  BoundExpressionPtr bindUnary(const sql::UnaryExpr& expr);
  BoundExpressionPtr bindBinary(const sql::BinaryExpr& expr);
  BoundExpressionPtr bindIs(const sql::IsExpr& expr);
  BoundExpressionPtr bindBetween(const sql::BetweenExpr& expr);
  BoundExpressionPtr bindInList(const sql::InListExpr& expr);
  BoundExpressionPtr bindCase(const sql::CaseExpr& expr);
  //! The columns a star argument of a function call names, with their names: the scope's
  //! (all, or a relation's), or a struct column's fields.
  std::vector<std::pair<std::string, BoundExpressionPtr>> expandStarArgument(
      const sql::StarExpr& star);
  //! and, or, in, between, when and cast called as functions, as Spark's registry names its
  //! operators; null for any other name.
  BoundExpressionPtr bindOperatorFunction(const std::string& name,
                                          const sql::FunctionCallExpr& expr,
                                          std::vector<BoundExpressionPtr>& arguments);
  BoundExpressionPtr bindCast(const sql::CastExpr& expr);
  BoundExpressionPtr bindFunction(const sql::FunctionCallExpr& expr);
  //! named_struct(name1, value1, ...): the names must be constant strings.
  BoundExpressionPtr bindNamedStruct(std::vector<BoundExpressionPtr> arguments);
  BoundExpressionPtr bindCoalesce(std::vector<BoundExpressionPtr> arguments);
  //! The SQL function `expr` calls when it passes named arguments (name => value), which
  //! built-in scalar functions do not take; else nullopt.
  std::optional<SqlFunction> sqlFunctionWithNamedArguments(const sql::FunctionCallExpr& expr) const;
  BoundExpressionPtr bindSqlFunction(const SqlFunction& function,
                                     const sql::FunctionCallExpr& expr);
  BoundExpressionPtr bindRow(const sql::RowExpr& expr);
  //! base.field, the field's name compared case-insensitively; an error when `base` is not
  //! a STRUCT or has no such field. `base_name` is the base as written, for the error.
  BoundExpressionPtr extractField(BoundExpressionPtr base, const std::string& field,
                                  const std::string& base_name);

  //! Resolves `name` in the registry and binds it to `arguments`, casting them as it asks.
  BoundExpressionPtr call(std::string_view name, std::vector<BoundExpressionPtr> arguments);
  //! The operators as bound nodes, for their SQL forms and for the functions that name them
  //! (`and`(a, b), `between`(x, l, h), ...). `operand` binds the tested value afresh for each
  //! comparison that reads it.
  BoundExpressionPtr logical(bool is_and, BoundExpressionPtr left, BoundExpressionPtr right);
  BoundExpressionPtr between(const std::function<BoundExpressionPtr()>& operand,
                             BoundExpressionPtr low, BoundExpressionPtr high, bool negated);
  BoundExpressionPtr inList(const std::function<BoundExpressionPtr()>& operand,
                            std::vector<BoundExpressionPtr> values, bool negated);
  //! CASE WHEN conditions[i] THEN results[i] ... [ELSE else_result] END.
  BoundExpressionPtr caseWhen(std::vector<BoundExpressionPtr> conditions,
                              std::vector<BoundExpressionPtr> results,
                              BoundExpressionPtr else_result);
  BoundExpressionPtr booleanOperand(BoundExpressionPtr operand, std::string_view op);

  const BindContext& context_;
  const sql::Statement& statement_;
  const Scope& scope_;
  Substitution substitution_;
  bool over_aggregate_output_ = false;
  const LateralAliases* lateral_aliases_ = nullptr;
  //! Lambda parameter slots taken by the lambdas this binder's expressions are nested in.
  idx_t lambda_slots_ = 0;

  friend class LambdaBinder;       // higher-order functions and subscripts (lambda_binder.cpp)
  friend class ConditionalBinder;  // nullif, nvl2, assert_true, int(x), ...
                                   // (conditional_binder.cpp)
};

//! Types a literal as Spark does (INT, then BIGINT, then DECIMAL for integers; DECIMAL for
//! 1.5; DOUBLE for 1e3; typed DATE/TIMESTAMP/INTERVAL literals parsed now).
Value bindLiteral(const sql::LiteralExpr& literal, const ExecContext& context);

}  // namespace sluice
