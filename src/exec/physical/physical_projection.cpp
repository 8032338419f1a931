// src/exec/physical/physical_projection.cpp
#include "exec/physical/physical_projection.hpp"

#include "exec/expression/expression_evaluator.hpp"

namespace sluice {

namespace {

struct ProjectionState : OperatorState {
  explicit ProjectionState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
};

}  // namespace

PhysicalProjection::PhysicalProjection(std::vector<DataType> types,
                                       std::vector<BoundExpressionPtr> expressions)
    : PhysicalOperator("Project", std::move(types)), expressions_(std::move(expressions)) {}

std::unique_ptr<OperatorState> PhysicalProjection::makeOperatorState(
    const ExecContext& context) const {
  return std::make_unique<ProjectionState>(context);
}

OperatorResult PhysicalProjection::execute(const ExecContext&, const Batch& input, Batch& output,
                                           OperatorState& state) const {
  auto& evaluator = static_cast<ProjectionState&>(state).evaluator;
  output.columns.clear();
  output.num_rows = input.num_rows;
  for (const auto& expression : expressions_) {
    Vector value = evaluator.evaluate(*expression, input);
    // Computed results leave as flat vectors so that consumers never see a constant; a column
    // passed on stays as its input had it (a constant NULL for a column nobody reads).
    if (expression->kind != BoundExpressionKind::kColumn)
      value.flatten(input.num_rows);
    output.columns.push_back(std::move(value));
  }
  return OperatorResult::kNeedMoreInput;
}

}  // namespace sluice
