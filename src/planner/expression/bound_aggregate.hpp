// src/planner/expression/bound_aggregate.hpp
//
// An aggregate call after binding, as the aggregate operator computes it: the resolved
// function, its arguments (bound over the aggregate's input and cast to the function's
// argument types), its FILTER condition and whether it aggregates DISTINCT values.
#pragma once

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

}  // namespace sluice
