// src/planner/optimizer/scan_column_pruning.cpp
//
// Column pruning down to the readers: walking down from the root, each operator says which
// columns of its input it needs (those its parent needs that it passes on, and those its own
// expressions read); each scan learns which of its columns are needed and reads only those,
// and each join which columns it need not carry.
// Operators this rule does not know need every input column.
#include <algorithm>

#include "planner/expression/expression_rewriting.hpp"
#include "planner/logical/logical_join.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

std::vector<bool> allColumns(const LogicalOperator& plan) {
  return std::vector<bool>(plan.column_names.size(), true);
}

void prune(LogicalOperator& plan, std::vector<bool> needed);

//! A join needs the columns of each side that its output, keys and residual use.
void pruneJoin(LogicalOperator& plan, const std::vector<bool>& needed) {
  LogicalJoin& join = *plan.join;
  size_t left_width = plan.children[0]->column_names.size();
  size_t right_width = plan.children[1]->column_names.size();
  // Flags over the left columns followed by the right ones, as the residual reads them.
  std::vector<bool> both(left_width + right_width, false);
  for (size_t column = 0; column < needed.size(); ++column) {
    if (needed[column])
      both[column] = true;
  }
  if (join.residual)
    markColumns(*join.residual, both);
  if (!join.keepsRightColumns()) {
    // The output past the left columns is MARK's mark, not a right column.
    std::fill(both.begin() + static_cast<std::ptrdiff_t>(left_width), both.end(), false);
    if (join.residual)
      markColumns(*join.residual, both);
  }
  bool all = std::find(both.begin(), both.end(), false) == both.end();
  plan.join->used_columns = all ? std::vector<bool>{} : both;
  std::vector<bool> left(both.begin(), both.begin() + static_cast<std::ptrdiff_t>(left_width));
  std::vector<bool> right(both.begin() + static_cast<std::ptrdiff_t>(left_width), both.end());
  for (const JoinKey& key : join.keys) {
    markColumns(*key.left, left);
    markColumns(*key.right, right);
  }
  prune(*plan.children[0], std::move(left));
  prune(*plan.children[1], std::move(right));
}

//! `needed` has one flag per output column of `plan`.
void prune(LogicalOperator& plan, std::vector<bool> needed) {
  switch (plan.kind) {
    case LogicalOperatorKind::kScan: {
      bool all = true;
      for (bool flag : needed)
        all &= flag;
      plan.pushdown.used_columns = all ? std::vector<bool>{} : std::move(needed);
      return;
    }
    case LogicalOperatorKind::kProject: {
      // The projection keeps computing all its expressions (one may raise an error), so
      // their inputs are needed; a column it only passes on, unread above, is not.
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (size_t column = 0; column < plan.expressions.size(); ++column) {
        const BoundExpression& expr = *plan.expressions[column];
        if (needed[column] || expr.kind != BoundExpressionKind::kColumn)
          markColumns(expr, input);
      }
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
    case LogicalOperatorKind::kJoin:
      pruneJoin(plan, needed);
      return;
    case LogicalOperatorKind::kWindow: {
      // The input columns pass through; the keys and the functions' arguments are read.
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (size_t column = 0; column < input.size(); ++column)
        input[column] = needed[column];
      for (idx_t column : plan.partition_columns)
        input[column] = true;
      for (const SortSpec& key : plan.order_keys)
        input[key.column] = true;
      for (const BoundWindowFunction& function : plan.window_functions) {
        for (idx_t column : function.arguments)
          input[column] = true;
        if (function.default_column != BoundWindowFunction::kNoColumn) {
          input[function.default_column] = true;
        }
      }
      prune(*plan.children[0], std::move(input));
      return;
    }
    case LogicalOperatorKind::kGenerate: {
      // The input columns pass through; the generator's arguments read some more.
      std::vector<bool> input(
          needed.begin(),
          needed.begin() + static_cast<std::ptrdiff_t>(plan.children[0]->column_names.size()));
      for (const BoundExpressionPtr& argument : plan.expressions)
        markColumns(*argument, input);
      prune(*plan.children[0], std::move(input));
      return;
    }
    case LogicalOperatorKind::kUnion:
      // Output column i is column i of every child.
      for (LogicalOperatorPtr& child : plan.children)
        prune(*child, needed);
      return;
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
