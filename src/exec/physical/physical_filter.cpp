// src/exec/physical/physical_filter.cpp
//
// The selected rows are gathered into a compact batch; a batch whose rows all pass is handed
// on as it is.
#include "exec/physical/physical_filter.hpp"

#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

struct FilterState : OperatorState {
  explicit FilterState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  std::vector<uint32_t> selection;
};

}  // namespace

PhysicalFilter::PhysicalFilter(std::vector<DataType> types, BoundExpressionPtr condition)
    : PhysicalOperator("Filter", std::move(types)), condition_(std::move(condition)) {}

std::unique_ptr<OperatorState> PhysicalFilter::makeOperatorState(const ExecContext& context) const {
  return std::make_unique<FilterState>(context);
}

OperatorResult PhysicalFilter::execute(const ExecContext&, const Batch& input, Batch& output,
                                       OperatorState& operator_state) const {
  auto& state = static_cast<FilterState&>(operator_state);
  Vector predicate = state.evaluator.evaluate(*condition_, input);
  state.selection.clear();
  for (idx_t row = 0; row < input.num_rows; ++row) {
    if (!predicate.isNull(row) && predicate.at<uint8_t>(row) != 0)
      state.selection.push_back(static_cast<uint32_t>(row));
  }
  output.columns.clear();
  output.num_rows = state.selection.size();
  if (state.selection.size() == input.num_rows) {
    output.columns = input.columns;
    return OperatorResult::kNeedMoreInput;
  }
  RowSet rows{state.selection.data(), state.selection.size()};
  for (const Vector& column : input.columns)
    output.columns.push_back(gatherColumn(column, rows));
  return OperatorResult::kNeedMoreInput;
}

}  // namespace sluice
