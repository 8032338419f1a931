// src/planner/expression/bound_aggregate.hpp
//
// An aggregate call after binding, as the aggregate operator computes it: the resolved
// function, its arguments (bound over the aggregate's input and cast to the function's
// argument types), its FILTER condition and whether it aggregates DISTINCT values.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "function/aggregate/aggregate_function.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

struct BoundAggregate {
  AggregateFunctionPtr function;
  std::vector<BoundExpressionPtr> arguments;
  BoundExpressionPtr filter;  // null without FILTER (WHERE ...)
  bool distinct = false;

  //! The call for plans: "sum(DISTINCT #1) FILTER (WHERE (#0 > 1))".
  std::string toString() const {
    std::string text = function->name() + "(" + (distinct ? "DISTINCT " : "");
    for (size_t i = 0; i < arguments.size(); ++i)
      text += (i > 0 ? ", " : "") + arguments[i]->toString();
    text += ")";
    if (filter)
      text += " FILTER (WHERE " + filter->toString() + ")";
    return text;
  }
};

//! The function of each aggregate, in order.
std::vector<const AggregateFunction*> functionsOf(const std::vector<BoundAggregate>& aggregates);

//! The aggregate that merges results of `aggregate` over parts of a group's rows into its result
//! over all of them: sum for count and sum, min and max for themselves. None for the others
//! (avg, DISTINCT, order-dependent ones, ...). A merged sum may be of a wider type than the
//! aggregate's (sum over decimal(20, 2) is decimal(30, 2)): cast it back.
std::optional<std::string> mergeAggregateName(const BoundAggregate& aggregate);

//! The built-in aggregate `name` over one column, `column` of type `type`, which plans show as
//! `column_name`.
BoundAggregate aggregateOverColumn(const std::string& name, size_t column, const DataType& type,
                                   const std::string& column_name);

}  // namespace sluice
