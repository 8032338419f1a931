// src/planner/binder/query_binder.hpp
//
// Binds a parsed query into a logical plan: FROM items and views into relations, the select
// list into a projection, WHERE into a filter, VALUES into an inline table.
#pragma once

#include <optional>

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

struct TableEntry;
class JoinBinder;
struct CteBinding;
struct SelfReference;

//! The version a VERSION AS OF / TIMESTAMP AS OF clause of `statement` names: a literal
//! version number, or a literal timestamp (a string in the session time zone of `exec`).
TableVersion bindTimeTravel(const sql::TimeTravel& time_travel, const ExecContext& exec,
                            const sql::Statement& statement);

//! A WHERE condition over `scope`: BOOLEAN (NULL and STRING are cast to it), without aggregate
//! or window calls.
BoundExpressionPtr bindWhere(const sql::Expr& where, const BindContext& context,
                             const sql::Statement& statement, const Scope& scope);

class QueryBinder {
 public:
  //! `ctes`: the common table expressions visible to the query (planner/binder/cte_scope.hpp).
  QueryBinder(const BindContext& context, const sql::Statement& statement,
              const CteBinding* ctes = nullptr)
      : context_(context), statement_(statement), ctes_(ctes) {
    context_.ctes = &ctes_;
  }
  QueryBinder(const QueryBinder&) = delete;
  QueryBinder& operator=(const QueryBinder&) = delete;

  LogicalOperatorPtr bindQuery(const sql::Query& query);
  //! Binds one FROM item (MERGE's source) and fills `scope` with its columns.
  LogicalOperatorPtr bindFromItem(const sql::TableRef& ref, Scope& scope) {
    return bindTableRef(ref, scope);
  }

 private:
  LogicalOperatorPtr bindBody(const sql::QueryBody& body);
  //! A SELECT; `order` (ORDER BY / SORT BY of the enclosing query, or null) may name select
  //! aliases, ordinals or expressions over the FROM columns, which ride along as hidden columns.
  LogicalOperatorPtr bindSelect(const sql::SelectBody& select,
                                const std::vector<sql::SortItem>* order);
  //! Orders a relation by keys that name its output columns (by name or ordinal).
  LogicalOperatorPtr sortByOutput(LogicalOperatorPtr plan, const std::vector<sql::SortItem>& order);
  //! The sort direction and NULL placement of `item` for column `column`, whose type must be
  //! The output column an ORDER BY ordinal (ORDER BY 2) names, or nullopt when `expr` is not one.
  std::optional<idx_t> sortOrdinal(const sql::Expr& expr, size_t columns);
  LogicalOperatorPtr bindValues(const std::vector<std::vector<sql::ExprPtr>>& rows,
                                const sql::TableAlias& alias, sql::SourcePosition position);
  //! range(end), range(start, end), range(start, end, step[, numPartitions]).
  //! A call of a registered table function (range, read_files).
  LogicalOperatorPtr bindTableFunctionCall(const TableFunction& function,
                                           const sql::TableFunctionRef& ref);
  //! The scan of what a table function or the stored-table reader bound.
  LogicalOperatorPtr scanOf(TableFunctionBinding binding, sql::SourcePosition position);
  //! The version that `ref`'s time travel clause asks for, or `from_name` (an @v5 suffix of
  //! the name); INVALID_TIME_TRAVEL_SPEC when both are given.
  TableVersion tableVersion(const sql::NamedTableRef& ref, std::optional<TableVersion> from_name);
  //! The Delta table at a folder: delta.`/path`, with time travel.
  LogicalOperatorPtr bindDeltaPath(const std::string& path, const sql::NamedTableRef& ref);
  //! The stored table that a table function's argument names (table_changes('t', 0)).
  StoredTableName resolveStoredTableName(std::string_view text) const;
  //! The Delta table at `location` (called `name` in plans and errors) at `version`.
  LogicalOperatorPtr bindStoredTable(const std::string& location, const std::string& name,
                                     TableVersion version, sql::SourcePosition position);
  //! A table of the catalog (a Delta table at a version) or a persistent view.
  //! `from_name`: the version an @ suffix of the name asks for.
  //! STREAM t in a pipeline, where t is a table of the catalog and no dataset of it.
  LogicalOperatorPtr bindCatalogTableStream(const sql::NamedTableRef& named,
                                            sql::SourcePosition position);
  LogicalOperatorPtr bindCatalogTable(const TableEntry& entry, const sql::NamedTableRef& ref,
                                      std::optional<TableVersion> from_name);
  //! Binds a FROM item; fills `scope` with its columns.
  LogicalOperatorPtr bindTableRef(const sql::TableRef& ref, Scope& scope);
  //! Binds joins, with bindTableRef for their sides.
  JoinBinder joinBinder();
  //! Joins the LATERAL subquery or function `right` to `left`, whose columns `scope` names (on
  //! return, the join's) (lateral_binder.cpp).
  LogicalOperatorPtr bindLateralJoin(LogicalOperatorPtr left, Scope& scope,
                                     const sql::TableRef& right, bool left_outer,
                                     const sql::Expr* condition);
  //! A LATERAL subquery that reads the left's columns, planned as a join under its SELECT.
  LogicalOperatorPtr bindCorrelatedLateral(LogicalOperatorPtr left, Scope& scope,
                                           const sql::SubqueryRef& ref, bool left_outer,
                                           const sql::Expr* condition);
  //! LATERAL f(args) for a generator f: the rows it makes of each left row.
  LogicalOperatorPtr bindLateralFunction(LogicalOperatorPtr left, Scope& scope,
                                         const sql::TableFunctionRef& ref, bool left_outer,
                                         const sql::Expr* condition);
  //! Renames `plan`'s columns by `ref`'s alias column list, if any, and adds them to `scope`
  //! under `qualifier`.
  void nameRelation(LogicalOperator& plan, const sql::TableRef& ref, const std::string& qualifier,
                    Scope& scope);
  //! A reference to a common table expression: its query, bound where the reference is.
  LogicalOperatorPtr bindCteReference(const CteBinding& cte, sql::SourcePosition position);
  //! `plan` with the names of the CTE's column list, when it has one.
  LogicalOperatorPtr withCteColumnNames(LogicalOperatorPtr plan, const CteBinding& cte);
  //! A CTE of WITH RECURSIVE: its query bound with itself visible; a kRecursiveCte when it
  //! reads itself (recursive_cte_binder.cpp).
  LogicalOperatorPtr bindRecursiveCte(const CteBinding& cte);
  //! The body of a recursive CTE's query that is `anchor UNION ALL step`.
  LogicalOperatorPtr bindRecursiveUnion(const sql::SetOperationBody& body, const CteBinding& cte,
                                        SelfReference& self);
  //! A reference of a CTE's query to the CTE itself.
  LogicalOperatorPtr bindSelfReference(SelfReference& self, sql::SourcePosition position);
  [[noreturn]] void notSupported(sql::SourcePosition position, std::string_view what);

  //! The caller's context, pointing at this binder's visible CTEs for subquery expressions.
  BindContext context_;
  const sql::Statement& statement_;
  const CteBinding* ctes_;
  //! The WINDOW clause after the ORDER BY of the query whose body is being bound.
  const std::vector<sql::NamedWindow>* query_windows_ = nullptr;
  //! The next bindSelect binds the rows of a SELECT DISTINCT over windows, without DISTINCT.
  bool distinct_rows_next_ = false;
};

}  // namespace sluice
