// src/planner/optimizer/join_build_side.cpp
//
// The build side of an inner join by size: the hash join builds its right input, so an inner
// join whose right input is estimated (size_estimate.hpp) much larger than its left swaps
// them, and a projection above puts the columns back in the order the query wrote. Only equi
// joins swap (a nested loop pairs everything either way), and never the special ones of
// subqueries (single-row, null-aware).
#include "planner/expression/expression_rewriting.hpp"
#include "planner/optimizer/optimizer_rules.hpp"
#include "planner/optimizer/size_estimate.hpp"

namespace sluice {

namespace {

//! How much larger the right input must look before the sides swap: estimates are rough, and
//! the order the query wrote is a hint worth keeping when they are close.
constexpr double kSwapFactor = 4.0;

//! Column i of left ++ right becomes column i of right ++ left.
void remapToSwapped(BoundExpression& expr, idx_t left_width, idx_t right_width) {
  if (expr.kind == BoundExpressionKind::kColumn) {
    expr.column_index = expr.column_index < left_width ? expr.column_index + right_width
                                                       : expr.column_index - left_width;
  }
  for (BoundExpressionPtr& child : expr.children)
    remapToSwapped(*child, left_width, right_width);
}

bool shouldSwap(const LogicalOperator& join) {
  const LogicalJoin& spec = *join.join;
  if (spec.type != LogicalJoinType::kInner || spec.keys.empty() || spec.single_row ||
      spec.null_aware) {
    return false;
  }
  return estimateSize(*join.children[1]) > kSwapFactor * estimateSize(*join.children[0]);
}

LogicalOperatorPtr swapSides(LogicalOperatorPtr join) {
  idx_t left_width = join->children[0]->column_names.size();
  idx_t right_width = join->children[1]->column_names.size();
  LogicalJoin& spec = *join->join;
  for (JoinKey& key : spec.keys)
    std::swap(key.left, key.right);
  if (spec.residual)
    remapToSwapped(*spec.residual, left_width, right_width);
  std::swap(join->children[0], join->children[1]);
  std::vector<std::string> names = join->column_names;
  std::vector<DataType> types = join->column_types;
  join->column_names.assign(names.begin() + static_cast<std::ptrdiff_t>(left_width), names.end());
  join->column_names.insert(join->column_names.end(), names.begin(),
                            names.begin() + static_cast<std::ptrdiff_t>(left_width));
  join->column_types.assign(types.begin() + static_cast<std::ptrdiff_t>(left_width), types.end());
  join->column_types.insert(join->column_types.end(), types.begin(),
                            types.begin() + static_cast<std::ptrdiff_t>(left_width));
  auto project = std::make_unique<LogicalOperator>();
  project->kind = LogicalOperatorKind::kProject;
  project->column_names = std::move(names);
  project->column_types = std::move(types);
  project->location = join->location;
  for (idx_t column = 0; column < left_width + right_width; ++column) {
    idx_t source = column < left_width ? column + right_width : column - left_width;
    project->expressions.push_back(
        BoundExpression::makeColumn(source, project->column_types[column]));
  }
  project->children.push_back(std::move(join));
  return project;
}

}  // namespace

void chooseJoinBuildSides(LogicalOperatorPtr& plan) {
  for (LogicalOperatorPtr& child : plan->children)
    chooseJoinBuildSides(child);
  if (plan->kind == LogicalOperatorKind::kJoin && shouldSwap(*plan))
    plan = swapSides(std::move(plan));
}

}  // namespace sluice
