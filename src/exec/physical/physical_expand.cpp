// src/exec/physical/physical_expand.cpp
#include "exec/physical/physical_expand.hpp"

#include <fmt/format.h>

#include "exec/expression/expression_evaluator.hpp"

namespace sluice {

namespace {

struct ExpandState : OperatorState {
  explicit ExpandState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  //! The projection the next call emits for the current input batch.
  size_t next_projection = 0;
};

}  // namespace

PhysicalExpand::PhysicalExpand(std::vector<DataType> types,
                               std::vector<std::vector<BoundExpressionPtr>> projections)
    : PhysicalOperator("Expand", std::move(types)), projections_(std::move(projections)) {}

std::unique_ptr<OperatorState> PhysicalExpand::makeOperatorState(const ExecContext& context) const {
  return std::make_unique<ExpandState>(context);
}

OperatorResult PhysicalExpand::execute(const ExecContext&, const Batch& input, Batch& output,
                                       OperatorState& state) const {
  auto& expand = static_cast<ExpandState&>(state);
  const std::vector<BoundExpressionPtr>& projection = projections_[expand.next_projection];
  output.columns.clear();
  output.num_rows = input.num_rows;
  for (const auto& expression : projection) {
    Vector value = expand.evaluator.evaluate(*expression, input);
    // The aggregate above reads its keys as flat vectors; passed-on columns stay as they are.
    if (expression->kind != BoundExpressionKind::kColumn)
      value.flatten(input.num_rows);
    output.columns.push_back(std::move(value));
  }
  if (++expand.next_projection < projections_.size())
    return OperatorResult::kHaveMoreOutput;
  expand.next_projection = 0;
  return OperatorResult::kNeedMoreInput;
}

std::string PhysicalExpand::details() const {
  return fmt::format("{} projections", projections_.size());
}

}  // namespace sluice
