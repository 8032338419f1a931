// src/planner/optimizer/size_estimate.cpp
#include "planner/optimizer/size_estimate.hpp"

#include <algorithm>

#include "storage/delta/snapshot.hpp"

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
    case LogicalOperatorKind::kRange: {
      // start, end and step are constants once folded.
      auto constant = [&](size_t index) -> double {
        const BoundExpression& expr = *plan.expressions[index];
        if (expr.kind != BoundExpressionKind::kConstant || expr.constant.isNull())
          return 0;
        return static_cast<double>(expr.constant.getInt64());
      };
      double step = plan.expressions.size() > 2 ? constant(2) : 1;
      double rows = step == 0 ? 0 : (constant(1) - constant(0)) / step;
      return rowWidth(plan) * std::max(rows, 1.0);
    }
    case LogicalOperatorKind::kFileScan: {
      double bytes = 0;
      for (const InputFile& file : plan.file_scan->files)
        bytes += static_cast<double>(file.size);
      return std::max(bytes, 1.0);
    }
    case LogicalOperatorKind::kTableScan: {
      double bytes = 0;
      for (const auto& [path, file] : plan.table_scan->snapshot->files)
        bytes += static_cast<double>(file.size);
      return std::max(bytes, 1.0);
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
