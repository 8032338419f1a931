// src/planner/optimizer/size_estimate.cpp
#include "planner/optimizer/size_estimate.hpp"

#include <algorithm>

namespace sluice {

namespace {

//! Bytes a row of `plan`'s output takes, roughly.
double rowWidth(const LogicalOperator& plan) {
  return 8.0 * static_cast<double>(std::max<size_t>(plan.column_types.size(), 1));
}

double childrenSum(const LogicalOperator& plan) {
  double total = 0;
  for (const LogicalOperatorPtr& child : plan.children)
    total += estimateSize(*child);
  return total;
}

}  // namespace

double estimateSize(const LogicalOperator& plan) {
  switch (plan.kind) {
    case LogicalOperatorKind::kSingleRow:
      return rowWidth(plan);
    case LogicalOperatorKind::kValues:
      return rowWidth(plan) * static_cast<double>(std::max<size_t>(plan.rows.size(), 1));
    case LogicalOperatorKind::kScan: {
      if (std::optional<double> bytes = plan.source->storedBytes())
        return std::max(*bytes, 1.0);
      return rowWidth(plan) * std::max(plan.source->rowCount().value_or(1.0), 1.0);
    }
    case LogicalOperatorKind::kFilter:
      return estimateSize(*plan.children[0]) / 2;
    case LogicalOperatorKind::kLimit:
    case LogicalOperatorKind::kTopN:
      if (plan.limit >= 0)
        return std::min(estimateSize(*plan.children[0]),
                        rowWidth(plan) * static_cast<double>(plan.limit + plan.offset + 1));
      return estimateSize(*plan.children[0]);
    case LogicalOperatorKind::kJoin: {
      double left = estimateSize(*plan.children[0]);
      double right = estimateSize(*plan.children[1]);
      switch (plan.join->type) {
        case LogicalJoinType::kSemi:
        case LogicalJoinType::kAnti:
        case LogicalJoinType::kMark:
          return left;
        case LogicalJoinType::kFull:
          return left + right;
        default:
          return plan.join->keys.empty() ? left * right : std::max(left, right);
      }
    }
    default:
      return childrenSum(plan);
  }
}

}  // namespace sluice
