// src/planner/binder/query_binder.hpp
//
// Binds a parsed query into a logical plan: FROM items and views into relations, the select
// list into a projection, WHERE into a filter, VALUES into an inline table.
#pragma once

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

class QueryBinder {
 public:
  QueryBinder(const BindContext& context, const sql::Statement& statement)
      : context_(context), statement_(statement) {}

  LogicalOperatorPtr bindQuery(const sql::Query& query);

 private:
  LogicalOperatorPtr bindBody(const sql::QueryBody& body);
  LogicalOperatorPtr bindSelect(const sql::SelectBody& select);
  LogicalOperatorPtr bindValues(const std::vector<std::vector<sql::ExprPtr>>& rows,
                                const sql::TableAlias& alias, sql::SourcePosition position);
  //! range(end), range(start, end), range(start, end, step[, numPartitions]).
  LogicalOperatorPtr bindRange(const sql::FunctionCallExpr& call);
  //! Binds a FROM item; fills `scope` with its columns.
  LogicalOperatorPtr bindTableRef(const sql::TableRef& ref, Scope& scope);
  [[noreturn]] void notSupported(sql::SourcePosition position, std::string_view what);

  const BindContext& context_;
  const sql::Statement& statement_;
};

}  // namespace sluice
