// src/planner/binder/order_by_all.hpp
//
// ORDER BY ALL (Spark's ResolveOrderByAll): the single item ALL, when no column of the select
// list or of the FROM is named `all`, orders by every column of the select list, in order,
// each with ALL's direction and NULLS placement. GROUP BY ALL likewise means a FROM column
// named `all` when there is one.
#pragma once

#include <string>
#include <vector>

#include "common/text/ascii_case.hpp"
#include "planner/binder/bind_context.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

//! Whether `order` is the single item ALL (the name, any case, one part). The caller still
//! checks that no column is named `all`, which then is what ALL means.
inline bool isOrderByAll(const std::vector<sql::SortItem>& order) {
  if (order.size() != 1 || !order[0].expr->is<sql::ColumnRefExpr>())
    return false;
  const auto& name = order[0].expr->as<sql::ColumnRefExpr>().name;
  return name.size() == 1 && sameIdentifier(name[0], "all");
}

//! Whether a column of `scope` (the FROM) or one of `names` (the select list) is `all`.
inline bool hasColumnNamedAll(const Scope& scope, const std::vector<std::string>& names) {
  for (const ScopeColumn& column : scope) {
    if (sameIdentifier(column.name, "all"))
      return true;
  }
  for (const std::string& name : names) {
    if (sameIdentifier(name, "all"))
      return true;
  }
  return false;
}

}  // namespace sluice
