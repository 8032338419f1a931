// src/planner/binder/aggregate_binder.hpp
//
// Binds a SELECT that aggregates, with Spark's rules: GROUP BY expressions, ordinals
// (GROUP BY 1), select aliases (a name that is no FROM column), GROUP BY ALL (the select items
// without aggregates); aggregate calls with DISTINCT and FILTER; HAVING (which makes a global
// aggregate without GROUP BY, and may name select aliases); ORDER BY over aliases, group keys
// and aggregates; and SELECT DISTINCT, which groups by every select item; ROLLUP, CUBE and
// GROUPING SETS with grouping() and grouping_id() (grouping_sets.hpp). The plan is
//
//   input [-> Expand] -> Aggregate(group keys; aggregates) [-> Filter(HAVING)] -> Project(select
//   items
//         [+ hidden ORDER BY keys]) [-> Aggregate(DISTINCT)] [-> Sort -> Project(visible)]
//
// Select items, HAVING and ORDER BY are bound over the aggregate's output: every aggregate
// call becomes a column of the aggregate, and so does every subexpression equal to a group key
// (after binding, as Spark's semanticEquals matches them: `a + 1` matches GROUP BY a + 1). A
// column that is left over is neither grouped nor aggregated: MISSING_AGGREGATION (or
// MISSING_GROUP_BY without GROUP BY), naming it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/grouping_sets.hpp"
#include "planner/binder/lateral_aliases.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/query.hpp"

namespace sluice {

class WindowBinder;

class AggregateBinder {
 public:
  //! Whether `select` aggregates: GROUP BY, HAVING, SELECT DISTINCT, or an aggregate call in the
  //! select list.
  static bool needsAggregate(const sql::SelectBody& select);
  //! Whether `expr` is a call of an aggregate function (not a window function).
  static bool isAggregateCall(const sql::Expr& expr);
  //! Whether `expr` or any expression inside it is an aggregate call.
  static bool containsAggregateCall(const sql::Expr& expr);
  //! The column name Spark gives `expr` as a select item ("count(1)" for count(*)).
  static std::string aggregateColumnName(const sql::Expr& expr);
  //! Raises Spark's error when a WHERE condition contains an aggregate call.
  static void checkWhere(const sql::Expr& condition, const sql::Statement& statement);

  AggregateBinder(const BindContext& context, const sql::Statement& statement, const Scope& scope);

  //! The plan of `select` over `input` (its FROM and WHERE, whose columns `scope` names), with
  //! `order` (ORDER BY / SORT BY of the enclosing query, or null) applied.
  //! Window calls are bound by `windows` (if any) over the aggregate's output.
  LogicalOperatorPtr bind(const sql::SelectBody& select, LogicalOperatorPtr input,
                          const std::vector<sql::SortItem>* order, WindowBinder* windows = nullptr);

  //! `pivot` over `input` (whose columns `scope` names): grouped by the input columns neither
  //! pivoted nor read by the aggregates, each aggregate computed once per pivot value over the
  //! rows holding that value (pivot_binder.cpp).
  LogicalOperatorPtr bindPivot(const sql::PivotRef& pivot, LogicalOperatorPtr input);

 private:
  //! One select item after star expansion: an expression, or a FROM column of a star.
  struct SelectEntry {
    const sql::Expr* expr = nullptr;  // null for a star's column
    idx_t star_column = 0;
    std::string name;
    bool aliased = false;  // named by AS
    bool has_aggregate = false;
    sql::SourcePosition position;
  };

  void expandSelectItems(const sql::SelectBody& select);
  void bindGroupBy(const sql::SelectBody& select);
  BoundExpressionPtr bindGroupExpression(const sql::Expr& expr);
  void addGroupKey(BoundExpressionPtr key, std::string name, sql::SourcePosition position);
  //! The index of the group key of `expr` (a ROLLUP / CUBE / GROUPING SETS item), added if new.
  idx_t groupKeyIndex(const sql::Expr& expr);
  //! The aggregate's output column of the first aggregate call: after the keys and, over
  //! grouping sets, the hidden ones.
  idx_t firstAggregateColumn() const;
  //! grouping(key) or grouping_id(keys...) over the aggregate's output.
  BoundExpressionPtr bindGroupingCall(const sql::FunctionCallExpr& call);
  //! The grouping id (grouping_id(), grouping__id) over the aggregate's output.
  BoundExpressionPtr groupingId() const;
  //! Whether `expr` reads a FROM column outside its aggregate calls (GROUP BY ALL).
  bool hasColumnOutsideAggregates(const sql::Expr& expr) const;

  //! The substitution of the output binder (see ExpressionBinder::setSubstitution).
  BoundExpressionPtr substitute(const sql::Expr& expr);
  //! An aggregate call as a column of the aggregate's output (equal calls share one column).
  BoundExpressionPtr bindAggregateCall(const sql::FunctionCallExpr& call);
  //! A select entry bound over the aggregate's output.
  BoundExpressionPtr bindEntry(const SelectEntry& entry);
  BoundExpressionPtr bindHaving(const sql::Expr& condition);
  //! The index of the group key equal to `expr`, if any.
  std::optional<idx_t> matchGroupKey(const BoundExpression& expr) const;
  //! A field of a group key (s.name when grouping by s) read from the key's column; null when
  //! `expr` is not one.
  BoundExpressionPtr fieldOfGroupKey(const BoundExpression& expr) const;
  //! `window` (and `window.start`, ...) where the FROM columns have no such name: the
  //! window(...) group key, as Spark names a time window's column; `session_window` the same
  //! for a session_window(...) key; null otherwise.
  BoundExpressionPtr timeWindowReference(const sql::Expr& expr) const;
  //! GROUP BY session_window(ts, gap): `input` with the rows whose session is empty (a NULL ts
  //! or gap, a gap of at most 0) dropped and each row's session [ts, ts + gap) merged with the
  //! overlapping sessions of its group by a window over the other keys ordered by the start;
  //! the session key then reads the merged session. `input` itself when no key is one.
  LogicalOperatorPtr mergeSessions(LogicalOperatorPtr input);
  //! GROUP BY window(ts, duration, slide) with a slide shorter than the duration: `input` with
  //! each row once per window that holds its time (an Expand, then a filter of the windows that
  //! do not), the key reading the window; `input` itself when no key is one.
  LogicalOperatorPtr expandSlidingWindows(LogicalOperatorPtr input);
  //! Raises NOT_SUPPORTED when the GROUP BY has more than one time or session window, or one
  //! beside GROUPING SETS that it would have to multiply or merge rows under.
  void checkTimeWindowKeys() const;
  //! The select entry a name in HAVING / ORDER BY refers to when no FROM column has that name.
  std::optional<idx_t> aliasEntry(const sql::Expr& expr) const;
  bool resolvesInScope(const std::string& name) const;
  //! Whether `expr` is a name that only an earlier select item's alias has (a lateral alias).
  bool isLateralReference(const sql::Expr& expr) const;
  //! True when `expr` holds an aggregate call or (in HAVING / ORDER BY) a select alias.
  bool needsRewriteBelow(const sql::Expr& expr) const;
  //! PIVOT as Spark's PivotFirst plan when every aggregate gives a number or a boolean: the
  //! aggregates grouped by the other columns and the pivot columns, then each group's result
  //! of each value picked into its column; null (and nothing changed) otherwise.
  LogicalOperatorPtr bindPivotFirst(const sql::PivotRef& pivot, LogicalOperatorPtr& input,
                                    const std::vector<BoundExpressionPtr>& columns,
                                    const std::vector<std::vector<Value>>& values,
                                    const std::vector<std::string>& output_names);
  //! PIVOT: the rows of one pivot value, `pivot` <=> value for each pivot column, as a
  //! condition over the input.
  BoundExpressionPtr pivotValueCondition(const std::vector<BoundExpressionPtr>& columns,
                                         const std::vector<Value>& value) const;
  [[noreturn]] void raiseMissingAggregation(const std::string& column,
                                            sql::SourcePosition position) const;

  enum class DistinctMode : uint8_t {
    kNone,
    kGroupBy,  // SELECT DISTINCT groups by the select items
    kOnTop,    // SELECT DISTINCT deduplicates the rows of an aggregate
  };
  //! The sort keys of `order` over the projection: ordinals and names of its `visible`
  //! columns, or expressions, added to it as hidden columns unless they equal a visible one
  //! (over a deduplicated aggregate they must).
  std::vector<SortSpec> bindOrderKeys(LogicalOperator& project, size_t visible,
                                      const std::vector<sql::SortItem>& order,
                                      DistinctMode distinct);

  const BindContext& context_;
  const sql::Statement& statement_;
  const Scope& scope_;
  Scope no_columns_;
  //! Binds over the FROM columns (group keys, aggregate arguments); an aggregate call inside is
  //! NESTED_AGGREGATE_FUNCTION.
  ExpressionBinder input_binder_;
  //! Binds over the aggregate's output through substitute().
  ExpressionBinder output_binder_;

  std::vector<SelectEntry> entries_;
  //! The field references that `s.*` items of a struct expand to, which entries_ point at.
  std::vector<std::unique_ptr<sql::ColumnRefExpr>> star_fields_;
  std::vector<BoundExpressionPtr> group_keys_;
  std::vector<std::string> group_names_;
  std::vector<sql::SourcePosition> group_positions_;  // where each key is written
  //! ROLLUP / CUBE / GROUPING SETS, when the GROUP BY clause has them.
  std::optional<GroupingSets> grouping_sets_;
  std::vector<BoundAggregate> aggregates_;
  std::vector<std::string> aggregate_names_;
  //! Projection expressions of the select entries, once bound (HAVING and ORDER BY may name
  //! their aliases).
  std::vector<BoundExpressionPtr> entry_expressions_;
  //! The aliases of the select entries bound so far, which later entries may name.
  LateralAliases lateral_aliases_;
  //! PIVOT: the rows of the pivot value being bound; every aggregate call is filtered by it.
  BoundExpressionPtr pivot_filter_;
  bool has_group_by_ = false;
  bool aliases_visible_ = false;  // binding HAVING or ORDER BY
};

}  // namespace sluice
