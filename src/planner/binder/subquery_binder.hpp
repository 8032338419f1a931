// src/planner/binder/subquery_binder.hpp
//
// Binds subquery expressions: `x [NOT] IN (SELECT ...)`, `(a, b) IN (SELECT x, y ...)`,
// `[NOT] EXISTS (SELECT ...)` and scalar `(SELECT ...)`, into kSubquery nodes
// (planner/expression/bound_subquery.hpp) that the optimizer later plans as joins.
//
// A name the subquery cannot resolve in its own FROM is looked up in the query around it, as
// Spark does (innermost scope first). Such outer references may appear in the conjuncts of the
// subquery's own WHERE: those conjuncts (the correlation) leave the subquery's filter and become
// the condition of the join, over the outer columns and the subquery's columns, which the
// subquery's plan is widened to carry (past its projections and DISTINCT; a correlated scalar
// subquery's aggregate is grouped by the inner sides of its equalities instead, as Spark's
// decorrelation does). Outer references anywhere else are refused with Spark's errors.
#pragma once

#include <string>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

class ExpressionBinder;

//! The query around a subquery being bound, as the subquery's binders see it.
struct OuterQuery {
  //! Binds names in the outer query (its scope, its aggregate's substitution).
  ExpressionBinder* binder = nullptr;
  //! The subquery's own SELECT, whose WHERE may read outer columns; null for other bodies.
  const sql::SelectBody* select = nullptr;
  //! The scope of that WHERE while it is bound; outer references resolve only there.
  const Scope* where_scope = nullptr;
  idx_t where_width = 0;
  //! The outer values the WHERE reads, bound in the outer query, and their texts (to share
  //! one parameter between references to the same column). In the WHERE, parameter p is
  //! column where_width + p.
  std::vector<BoundExpressionPtr> parameters;
  std::vector<std::string> parameter_keys;
  //! The correlated conjuncts, over the WHERE's columns then the parameters.
  std::vector<BoundExpressionPtr> correlation;
  //! The operator whose columns the WHERE read (the FROM, its local filter).
  LogicalOperator* from_plan = nullptr;

  //! A LATERAL subquery (planner/binder/lateral_binder.cpp) reads the columns of the FROM items
  //! to its left directly: its SELECT runs over its own FROM joined with them. kProbe only
  //! finds out whether it reads any (LateralReferenceFound); kBind binds such a name, in
  //! `lateral_scope` (the SELECT's own FROM scope) only, as the left's column shifted by
  //! `lateral_offset`.
  enum class Lateral : uint8_t { kNone, kProbe, kBind };
  Lateral lateral = Lateral::kNone;
  const Scope* lateral_scope = nullptr;
  idx_t lateral_offset = 0;
  //! Set while a subquery expression inside the LATERAL subquery looks up an outer name: Spark
  //! does not let it reach through to the left of the LATERAL join.
  bool lateral_blocked = false;
  //! Why a name of the left read where the LATERAL subquery cannot read it is refused.
  std::string lateral_refusal;

  //! Called by the query binder as a SELECT starts its WHERE over `scope`.
  void enterWhere(const sql::SelectBody& body, const Scope& scope);
  //! Takes the conjuncts that read parameters out of `predicate` (the WHERE of `body`); returns
  //! the rest, or null when nothing is left.
  BoundExpressionPtr takeCorrelation(const sql::SelectBody& body, BoundExpressionPtr predicate);
  //! Called once `body`'s FROM and WHERE are planned as `plan`.
  void leaveWhere(const sql::SelectBody& body, LogicalOperator* plan);
};

//! Thrown by a LATERAL subquery's probe (OuterQuery::Lateral::kProbe) at its first name that
//! only the left of the join has.
struct LateralReferenceFound {};

//! Binds an InSubqueryExpr, ExistsExpr or ScalarSubqueryExpr; `outer` binds the values of the
//! query around it.
BoundExpressionPtr bindSubqueryExpression(const sql::Expr& expr, const BindContext& context,
                                          const sql::Statement& statement, ExpressionBinder& outer);

//! Makes `exprs` (over the columns of `from`, an operator inside `slot`'s plan) columns of
//! `slot`'s output, appended to every operator between; an aggregate on the way is grouped by
//! them as well. Returns them as columns of `slot`; raises `unsupported` at an operator that
//! cannot carry them (a window, a set operation, a limit).
std::vector<BoundExpressionPtr> exposeColumns(LogicalOperatorPtr& slot, const LogicalOperator* from,
                                              const std::vector<BoundExpressionPtr>& exprs,
                                              const Error& unsupported);

//! Whether `expr` holds an IN / EXISTS / scalar subquery (subqueries are not entered).
bool containsSubquery(const sql::Expr& expr);

//! `name` of the built-in functions bound to `arguments`, which are cast as it asks.
BoundExpressionPtr callBuiltin(std::string_view name, std::vector<BoundExpressionPtr> arguments);

//! CASE WHEN `condition` THEN `value` END.
BoundExpressionPtr caseWhen(BoundExpressionPtr condition, BoundExpressionPtr value);

//! For a name the binder could not resolve in `scope`: the outer query's column as a parameter
//! of the subquery's WHERE, or null when the outer query has no such column either.
BoundExpressionPtr bindOuterColumn(const sql::ColumnRefExpr& expr, const Scope& scope,
                                   OuterQuery& outer);

}  // namespace sluice
