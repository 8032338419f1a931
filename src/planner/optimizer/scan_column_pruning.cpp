// src/planner/optimizer/scan_column_pruning.cpp
//
// Column pruning down to the readers: walking down from the root, each operator says which
// columns of its input it needs (those its parent needs that it passes on, and those its own
// expressions read); each scan learns which of its columns are needed and reads only those.
// Operators this rule does not know need every input column.
#include "planner/optimizer/expression_rewriting.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

std::vector<bool> allColumns(const LogicalOperator& plan) {
  return std::vector<bool>(plan.column_names.size(), true);
}

//! `needed` has one flag per output column of `plan`.
void prune(LogicalOperator& plan, std::vector<bool> needed) {
  switch (plan.kind) {
    case LogicalOperatorKind::kFileScan:
    case LogicalOperatorKind::kTableScan: {
      bool all = true;
      for (bool flag : needed)
        all &= flag;
      plan.pushdown.used_columns = all ? std::vector<bool>{} : std::move(needed);
      return;
    }
    case LogicalOperatorKind::kProject: {
      // The projection keeps computing all its expressions; their inputs are needed.
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (const BoundExpressionPtr& expr : plan.expressions)
        markColumns(*expr, input);
      prune(*plan.children[0], std::move(input));
      return;
    }
    case LogicalOperatorKind::kFilter:
      markColumns(*plan.expressions[0], needed);
      prune(*plan.children[0], std::move(needed));
      return;
    case LogicalOperatorKind::kSort:
    case LogicalOperatorKind::kTopN:
      for (const SortSpec& key : plan.sort_keys)
        needed[key.column] = true;
      prune(*plan.children[0], std::move(needed));
      return;
    case LogicalOperatorKind::kLimit:
      prune(*plan.children[0], std::move(needed));
      return;
    case LogicalOperatorKind::kAggregate: {
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (const BoundExpressionPtr& key : plan.expressions)
        markColumns(*key, input);
      for (const BoundAggregate& aggregate : plan.aggregates) {
        for (const BoundExpressionPtr& argument : aggregate.arguments) {
          markColumns(*argument, input);
        }
        if (aggregate.filter)
          markColumns(*aggregate.filter, input);
      }
      prune(*plan.children[0], std::move(input));
      return;
    }
    default:
      for (LogicalOperatorPtr& child : plan.children)
        prune(*child, allColumns(*child));
      return;
  }
}

}  // namespace

void pruneScanColumns(LogicalOperator& plan) {
  prune(plan, allColumns(plan));
}

}  // namespace sluice
