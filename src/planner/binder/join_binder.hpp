// src/planner/binder/join_binder.hpp
//
// Binds joins: `a [INNER | LEFT | RIGHT | FULL | SEMI | ANTI | CROSS] JOIN b [ON c | USING (k)]`,
// NATURAL joins and comma-separated FROM lists, into kJoin operators whose conditions are split
// into equi keys and a residual. USING and NATURAL joins output their join columns first and
// once, as Spark does (for FULL OUTER the coalesce of both sides), then the other columns of
// each side; each side's own copy of a join column stays reachable by its qualified name.
#pragma once

#include <functional>

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/table_ref.hpp"

namespace sluice {

class JoinBinder {
 public:
  //! Binds a FROM item that is not a join (the query binder's own) and fills its scope.
  using RelationBinder = std::function<LogicalOperatorPtr(const sql::TableRef& ref, Scope& scope)>;

  //! Joins a LATERAL subquery or function to `left` (whose columns `scope` names; on return,
  //! the join's): `left_outer` for LEFT [OUTER] JOIN, else an inner or cross join, with
  //! `condition` (null when none) over the output.
  using LateralBinder = std::function<LogicalOperatorPtr(
      LogicalOperatorPtr left, Scope& scope, const sql::TableRef& right, bool left_outer,
      const sql::Expr* condition)>;

  JoinBinder(const BindContext& context, const sql::Statement& statement,
             RelationBinder bind_relation, LateralBinder bind_lateral)
      : context_(context),
        statement_(statement),
        bind_relation_(std::move(bind_relation)),
        bind_lateral_(std::move(bind_lateral)) {}

  //! The kJoin of `left` and `right`; `condition` over the columns of both (may be null).
  static LogicalOperatorPtr makeJoin(LogicalJoinType type, LogicalOperatorPtr left,
                                     LogicalOperatorPtr right, BoundExpressionPtr condition);
  //! A join's ON condition over `scope`: BOOLEAN, or NULL cast to it.
  static BoundExpressionPtr bindCondition(const sql::Expr& condition, const BindContext& context,
                                          const sql::Statement& statement, const Scope& scope);

  //! A JoinRef; fills `scope` with the join's output columns.
  LogicalOperatorPtr bindJoin(const sql::JoinRef& join, Scope& scope);
  //! FROM a, b, c: cross joins, left-deep; WHERE supplies their conditions (see
  //! pushFilterIntoJoins).
  LogicalOperatorPtr bindFromList(const std::vector<sql::TableRefPtr>& from, Scope& scope);

  //! Moves the deterministic conjuncts of `filter` (a kFilter) into the inner joins below it,
  //! each into the lowest join that sees all the columns it reads, where it becomes an equi key
  //! or part of the residual. Returns the filter with what is left, or its child.
  static LogicalOperatorPtr pushFilterIntoJoins(LogicalOperatorPtr filter);

 private:
  LogicalOperatorPtr bindSide(const sql::TableRef& ref, Scope& scope);
  LogicalOperatorPtr bindUsing(const sql::JoinRef& join, LogicalJoinType type,
                               const std::vector<std::string>& columns, LogicalOperatorPtr left,
                               Scope left_scope, LogicalOperatorPtr right, Scope right_scope,
                               Scope& scope);
  //! Binds `build(l, r)` where l is left column `left_index` and r right column `right_index`,
  //! and rewrites it to read them at `left_at` and `right_at` of the join's output.
  BoundExpressionPtr bindPair(const ScopeColumn& left, const ScopeColumn& right, idx_t left_at,
                              idx_t right_at, sql::SourcePosition position,
                              const std::function<sql::ExprPtr(sql::ExprPtr, sql::ExprPtr)>& build);

  const BindContext& context_;
  const sql::Statement& statement_;
  RelationBinder bind_relation_;
  LateralBinder bind_lateral_;
};

//! Whether `ref` is a LATERAL subquery or LATERAL table-valued function.
bool isLateralRef(const sql::TableRef& ref);

}  // namespace sluice
