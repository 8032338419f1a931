// src/planner/binder/window_binder.hpp
//
// Binds window function calls (f(...) OVER (...)) of a SELECT, with Spark's rules: the ranking
// functions, lag / lead, first_value / last_value / nth_value and every aggregate function over
// a frame; named windows (WINDOW w AS (...)); Spark's default frames; QUALIFY. Windows are
// evaluated after GROUP BY / HAVING and before the select list, DISTINCT and ORDER BY:
//
//   input [-> Project(input + computed keys and arguments)] -> Window(spec 1) -> Window(spec 2)
//         [-> Filter(QUALIFY)] -> Project(select items)
//
// While the select list is bound, each window call becomes a placeholder column; attach()
// builds the window operators (one per distinct PARTITION BY / ORDER BY) and points the
// placeholders at their result columns.
#pragma once

#include <string>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/query.hpp"

namespace sluice {

class WindowBinder {
 public:
  //! Whether `expr` is a call with an OVER clause.
  static bool isWindowCall(const sql::Expr& expr);
  //! The first window call in `expr`, depth first, or null.
  static const sql::Expr* findWindowCall(const sql::Expr& expr);
  //! Raises Spark's error when a WHERE condition contains a window call.
  static void checkWhere(const sql::Expr& condition, const sql::Statement& statement);
  //! Raises an error when a GROUP BY or HAVING expression contains a window call.
  static void checkGroupBy(const sql::SelectBody& select, const sql::Statement& statement);

  //! Whether `select` is SELECT DISTINCT with window calls and no aggregation: its windows are
  //! computed over the rows first, and DISTINCT deduplicates their results.
  static bool isDistinctOverWindows(const sql::SelectBody& select);
  //! `plan` without duplicate rows.
  static LogicalOperatorPtr distinctRows(LogicalOperatorPtr plan, const sql::Statement& statement,
                                         sql::SourcePosition position);

  WindowBinder(const BindContext& context, const sql::Statement& statement,
               const sql::SelectBody& select, const std::vector<sql::NamedWindow>* query_windows);

  //! Makes `binder` bind window calls as placeholders; `binder` binds their arguments and keys.
  void install(ExpressionBinder& binder);
  bool empty() const { return calls_.empty(); }
  //! QUALIFY bound with `binder` (installed), or null without QUALIFY. A name that no input
  //! column of `scope` has may be a select alias: `aliases` and `aliased` are the select
  //! items' names and bound expressions (null when the binder resolves aliases itself).
  BoundExpressionPtr bindQualify(ExpressionBinder& binder, const Scope* scope = nullptr,
                                 const std::vector<std::string>* aliases = nullptr,
                                 const std::vector<BoundExpressionPtr>* aliased = nullptr);
  //! The window operators over `input` (and the QUALIFY filter); rewrites the placeholders in
  //! `consumers` (expressions over the result) into columns of the result.
  LogicalOperatorPtr attach(LogicalOperatorPtr input,
                            const std::vector<BoundExpression*>& consumers,
                            BoundExpressionPtr qualify);

 private:
  struct OrderKey {
    BoundExpressionPtr expr;
    bool ascending = true;
    bool nulls_first = true;
  };
  struct PendingCall {
    BoundWindowFunction function;
    std::vector<BoundExpressionPtr> arguments;
    BoundExpressionPtr default_value;
    std::vector<BoundExpressionPtr> partition;
    std::vector<OrderKey> order;
    std::string spec_key;  // equal for calls that share PARTITION BY and ORDER BY
    std::string name;
  };
  //! A window specification with a named window's parts filled in.
  struct ResolvedSpec {
    const std::vector<sql::ExprPtr>* partition = nullptr;
    const std::vector<sql::SortItem>* order = nullptr;
    const sql::WindowFrame* frame = nullptr;
  };

  BoundExpressionPtr bindCall(const sql::FunctionCallExpr& call, ExpressionBinder& binder);
  ResolvedSpec resolveSpec(const sql::WindowSpec& spec, const sql::FunctionCallExpr& call,
                           int depth) const;
  const sql::NamedWindow* findNamedWindow(const std::string& name) const;
  //! Whether `spec` has no ORDER BY and its frame is the whole partition.
  bool overWholePartition(const sql::WindowSpec& spec, const sql::FunctionCallExpr& call) const;
  WindowFrameSpec bindFrame(const ResolvedSpec& spec, const PendingCall& pending,
                            const sql::FunctionCallExpr& call);
  WindowBound bindBound(const sql::WindowFrameBound& bound, bool rows, const PendingCall& pending,
                        const sql::FunctionCallExpr& call, std::string_view location);
  [[noreturn]] void raise(Error error, sql::SourcePosition position) const;

  const BindContext& context_;
  const sql::Statement& statement_;
  const sql::SelectBody& select_;
  const std::vector<sql::NamedWindow>* query_windows_;
  std::vector<PendingCall> calls_;
  bool inside_window_ = false;
};

}  // namespace sluice
