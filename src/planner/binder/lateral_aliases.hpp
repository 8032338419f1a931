// src/planner/binder/lateral_aliases.hpp
//
// Lateral column aliases (Spark 3.4+): a select item may name the alias of an earlier item of
// the same SELECT, `SELECT a + 1 AS x, x * 2 AS y FROM t`, in plain and in aggregating
// selects. A FROM column of that name wins over the alias; the alias wins over the columns of
// an enclosing query. The reference takes the earlier item's bound expression (computed again,
// which only shows with nondeterministic items such as rand()).
#pragma once

#include <string>
#include <vector>

#include "planner/expression/bound_expression.hpp"

namespace sluice {

class LateralAliases {
 public:
  //! Records the item just bound, aliased `alias` (items without AS are not recorded).
  void add(const std::string& alias, const BoundExpression& expr);
  //! Records an aliased item whose value later items may not read (one holding a window call).
  void addUnreadable(const std::string& alias);
  //! Whether an item recorded so far is aliased `name`.
  bool names(const std::string& name) const;
  //! A copy of the expression of the one earlier item aliased `name`; null when there is none,
  //! AMBIGUOUS_LATERAL_COLUMN_ALIAS when there are several.
  BoundExpressionPtr resolve(const std::string& name) const;

 private:
  struct Alias {
    std::string name;
    BoundExpressionPtr expr;  // null when unreadable
  };
  std::vector<Alias> aliases_;
};

}  // namespace sluice
