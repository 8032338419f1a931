// src/planner/optimizer/column_pruning.cpp
//
// Column pruning (Spark's ColumnPruning): walking down from the root, each operator says which
// columns of its input it needs (those its parent needs that it passes on, and those its own
// expressions read). A projected expression or an aggregate nobody reads is not computed, so
// it can raise no error (`SELECT count(*) FROM (SELECT a - 2147483600 AS x FROM t)` counts),
// while a filter, a join condition or anything read still is. Each scan learns which of its
// columns are needed and reads only those, and each join which columns it need not carry.
// Column positions never change: what is pruned becomes a NULL of its type.
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

//! An aggregate nobody reads keeps its place in the output but aggregates NULLs over every row,
//! which reads no column and can fail on none (its constant arguments stay as they were bound).
void aggregateNothing(BoundAggregate& aggregate) {
  for (BoundExpressionPtr& argument : aggregate.arguments) {
    if (argument->kind != BoundExpressionKind::kConstant)
      argument = BoundExpression::makeConstant(Value::null(argument->type));
  }
  aggregate.filter = nullptr;
}

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
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (size_t column = 0; column < plan.expressions.size(); ++column) {
        BoundExpressionPtr& expr = plan.expressions[column];
        // A column passed on costs nothing and fails never; it stays, its input unread.
        if (needed[column])
          markColumns(*expr, input);
        else if (expr->kind != BoundExpressionKind::kConstant &&
                 expr->kind != BoundExpressionKind::kColumn)
          expr = BoundExpression::makeConstant(Value::null(expr->type));
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
      size_t first_aggregate = plan.expressions.size();
      for (size_t index = 0; index < plan.aggregates.size(); ++index) {
        if (!needed[first_aggregate + index])
          aggregateNothing(plan.aggregates[index]);
      }
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
    case LogicalOperatorKind::kExpand: {
      // Every projection computes each output column from the input in its own way.
      std::vector<bool> input(plan.children[0]->column_names.size(), false);
      for (const auto& projection : plan.rows) {
        for (size_t column = 0; column < projection.size(); ++column) {
          if (needed[column])
            markColumns(*projection[column], input);
        }
      }
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

void pruneColumns(LogicalOperator& plan) {
  prune(plan, allColumns(plan));
}

}  // namespace sluice
