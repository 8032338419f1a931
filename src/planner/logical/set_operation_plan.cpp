// src/planner/logical/set_operation_plan.cpp
#include "planner/logical/set_operation_plan.hpp"

#include "common/check.hpp"

namespace sluice {

namespace {

LogicalOperatorPtr makeOperator(LogicalOperatorKind kind, const LogicalOperator& shape) {
  auto op = std::make_unique<LogicalOperator>();
  op->kind = kind;
  op->column_names = shape.column_names;
  op->column_types = shape.column_types;
  return op;
}

//! `input`'s columns, then two INT tags: (1, NULL) for the left side, (NULL, 1) for the right.
LogicalOperatorPtr tagSide(LogicalOperatorPtr input, bool left) {
  auto project = makeOperator(LogicalOperatorKind::kProject, *input);
  for (idx_t column = 0; column < input->column_types.size(); ++column) {
    project->expressions.push_back(
        BoundExpression::makeColumn(column, input->column_types[column]));
  }
  Value one = Value::intValue(1);
  Value null = Value::null(DataType::intType());
  project->expressions.push_back(BoundExpression::makeConstant(left ? one : null));
  project->expressions.push_back(BoundExpression::makeConstant(left ? null : one));
  project->column_names.push_back("left_tag");
  project->column_names.push_back("right_tag");
  project->column_types.push_back(DataType::intType());
  project->column_types.push_back(DataType::intType());
  project->children.push_back(std::move(input));
  return project;
}

}  // namespace

LogicalOperatorPtr makeUnionAll(std::vector<LogicalOperatorPtr> children) {
  SLUICE_CHECK(!children.empty());
  auto which = makeOperator(LogicalOperatorKind::kUnion, *children[0]);
  for (LogicalOperatorPtr& child : children) {
    SLUICE_CHECK(child->column_types == which->column_types);
    if (child->kind != LogicalOperatorKind::kUnion) {
      which->children.push_back(std::move(child));
      continue;
    }
    for (LogicalOperatorPtr& grandchild : child->children)
      which->children.push_back(std::move(grandchild));
  }
  return which;
}

LogicalOperatorPtr makeDistinctRows(LogicalOperatorPtr input) {
  auto aggregate = makeOperator(LogicalOperatorKind::kAggregate, *input);
  for (idx_t column = 0; column < input->column_types.size(); ++column) {
    aggregate->expressions.push_back(
        BoundExpression::makeColumn(column, input->column_types[column]));
  }
  aggregate->children.push_back(std::move(input));
  return aggregate;
}

LogicalOperatorPtr makeIntersectOrExcept(LogicalOperatorPtr left, LogicalOperatorPtr right,
                                         ReplicateMode mode) {
  SLUICE_CHECK(left->column_types == right->column_types);
  auto output = makeOperator(LogicalOperatorKind::kReplicateRows, *left);
  idx_t width = left->column_types.size();
  std::vector<LogicalOperatorPtr> sides;
  sides.push_back(tagSide(std::move(left), true));
  sides.push_back(tagSide(std::move(right), false));
  LogicalOperatorPtr tagged = makeUnionAll(std::move(sides));

  auto counts = makeOperator(LogicalOperatorKind::kAggregate, *output);
  for (idx_t column = 0; column < width; ++column) {
    counts->expressions.push_back(
        BoundExpression::makeColumn(column, tagged->column_types[column]));
  }
  counts->aggregates.push_back(
      aggregateOverColumn("count", width, DataType::intType(), "left_tag"));
  counts->aggregates.push_back(
      aggregateOverColumn("count", width + 1, DataType::intType(), "right_tag"));
  counts->column_names.push_back("left_count");
  counts->column_names.push_back("right_count");
  counts->column_types.push_back(DataType::longType());
  counts->column_types.push_back(DataType::longType());
  counts->children.push_back(std::move(tagged));

  output->replicate.mode = mode;
  output->replicate.left_count = width;
  output->replicate.right_count = width + 1;
  output->children.push_back(std::move(counts));
  return output;
}

}  // namespace sluice
