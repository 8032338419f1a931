// src/planner/binder/within_group.cpp
#include "planner/binder/within_group.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

std::optional<WithinGroupOrdering> checkWithinGroup(const sql::FunctionCallExpr& call,
                                                    const AggregateFunctionEntry& entry) {
  if (!entry.orders_within_group) {
    if (call.within_group.empty())
      return std::nullopt;
    throw Error(ErrorClass::INVALID_SQL_SYNTAX, "FUNCTION_WITH_UNSUPPORTED_SYNTAX",
                fmt::format("Invalid SQL syntax: The function `{}` does not support WITHIN GROUP "
                            "(ORDER BY ...).",
                            entry.name));
  }
  auto count = static_cast<int>(call.args.size());
  if (count < entry.min_arguments || count > entry.max_arguments) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.",
                            entry.name, entry.min_arguments, count));
  }
  if (call.within_group.empty() && entry.within_group_optional) {
    // No ordering asked for: every value has the same (NULL) key.
    static const sql::LiteralExpr kNoOrdering{sql::SourcePosition{}};
    return WithinGroupOrdering{&kNoOrdering, false};
  }
  if (call.within_group.empty()) {
    throw Error(ErrorClass::INVALID_WITHIN_GROUP_EXPRESSION, "WITHIN_GROUP_MISSING",
                fmt::format("Invalid function `{}` with WITHIN GROUP. WITHIN GROUP is required "
                            "for inverse distribution function.",
                            entry.name));
  }
  if (call.distinct && !entry.within_group_optional) {
    throw Error(ErrorClass::INVALID_WITHIN_GROUP_EXPRESSION, "DISTINCT_UNSUPPORTED",
                fmt::format("Invalid function `{}` with WITHIN GROUP. The function does not "
                            "support DISTINCT with WITHIN GROUP.",
                            entry.name));
  }
  if (call.distinct) {
    // listagg(DISTINCT x) WITHIN GROUP (ORDER BY x): the ordering adds nothing to what is
    // distinct only when it orders by the value itself.
    std::string argument = call.args.empty() ? "" : ExpressionBinder::autoName(*call.args[0]);
    std::vector<std::string> orderings;
    for (const sql::SortItem& item : call.within_group)
      orderings.push_back(ExpressionBinder::autoName(*item.expr));
    if (orderings.size() != 1 || orderings[0] != argument) {
      throw Error(ErrorClass::INVALID_WITHIN_GROUP_EXPRESSION, "MISMATCH_WITH_DISTINCT_INPUT",
                  fmt::format("Invalid function `{}` with WITHIN GROUP. The function is invoked "
                              "with DISTINCT and WITHIN GROUP but expressions \"{}\" and \"{}\" "
                              "do not match. The WITHIN GROUP ordering expression must be picked "
                              "from the function inputs.",
                              entry.name, argument, fmt::join(orderings, "\", \"")));
    }
  }
  if (call.within_group.size() != 1) {
    throw Error(ErrorClass::INVALID_WITHIN_GROUP_EXPRESSION, "WRONG_NUM_ORDERINGS",
                fmt::format("Invalid function `{}` with WITHIN GROUP. The function requires 1 "
                            "orderings in WITHIN GROUP but got {}.",
                            entry.name, call.within_group.size()));
  }
  const sql::SortItem& item = call.within_group[0];
  return WithinGroupOrdering{item.expr.get(), item.direction == sql::SortDirection::kDescending};
}

std::string withinGroupSql(const sql::FunctionCallExpr& call) {
  if (call.within_group.empty())
    return "";
  std::string text = " WITHIN GROUP (ORDER BY ";
  for (size_t i = 0; i < call.within_group.size(); ++i) {
    const sql::SortItem& item = call.within_group[i];
    text += (i > 0 ? ", " : "") + ExpressionBinder::autoName(*item.expr);
    if (item.direction == sql::SortDirection::kDescending)
      text += " DESC";
  }
  return text + ")";
}

}  // namespace sluice
