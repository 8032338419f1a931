// src/exec/physical/physical_filter.cpp
//
// The condition's conjuncts run one after the other, each over the rows the ones before it
// left undecided (TRUE or NULL), as AND evaluates its right side: a selective first conjunct
// spares the later ones most rows. The rows all conjuncts hold for are gathered into a compact
// batch; a batch whose rows all pass is handed on as it is.
#include "exec/physical/physical_filter.hpp"

#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

struct FilterState : OperatorState {
  explicit FilterState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  std::vector<uint32_t> selection;
  std::vector<uint8_t> unknown;  // by row: a conjunct was NULL, so the row cannot pass
};

void collectConjuncts(const BoundExpression& expr, std::vector<const BoundExpression*>& out) {
  if (expr.kind == BoundExpressionKind::kAnd) {
    collectConjuncts(*expr.children[0], out);
    collectConjuncts(*expr.children[1], out);
    return;
  }
  out.push_back(&expr);
}

}  // namespace

PhysicalFilter::PhysicalFilter(std::vector<DataType> types, BoundExpressionPtr condition)
    : PhysicalOperator("Filter", std::move(types)), condition_(std::move(condition)) {
  collectConjuncts(*condition_, conjuncts_);
}

std::unique_ptr<OperatorState> PhysicalFilter::makeOperatorState(const ExecContext& context) const {
  return std::make_unique<FilterState>(context);
}

OperatorResult PhysicalFilter::execute(const ExecContext&, const Batch& input, Batch& output,
                                       OperatorState& operator_state) const {
  auto& state = static_cast<FilterState&>(operator_state);
  std::vector<uint32_t>& selection = state.selection;
  selection.resize(input.num_rows);
  for (idx_t row = 0; row < input.num_rows; ++row)
    selection[row] = static_cast<uint32_t>(row);
  bool any_unknown = false;
  for (size_t index = 0; index < conjuncts_.size() && !selection.empty(); ++index) {
    // The first conjunct sees every row, without a selection to follow.
    RowSet rows =
        index == 0 ? RowSet{nullptr, input.num_rows} : RowSet{selection.data(), selection.size()};
    Vector value = state.evaluator.evaluate(*conjuncts_[index], input, rows);
    const auto* truth = value.data<uint8_t>();
    idx_t kept = 0;
    if (!value.mayHaveNulls()) {
      if (value.isConstant()) {
        kept = truth[0] != 0 ? selection.size() : 0;
      } else {
        for (uint32_t row : selection) {
          selection[kept] = row;
          kept += truth[row] != 0 ? 1 : 0;
        }
      }
    } else {
      if (!any_unknown)
        state.unknown.assign(input.num_rows, 0);
      any_unknown = true;
      for (uint32_t row : selection) {
        bool is_null = value.isNull(row);
        if (!is_null && value.at<uint8_t>(row) == 0)
          continue;
        state.unknown[row] |= is_null ? 1 : 0;
        selection[kept++] = row;
      }
    }
    selection.resize(kept);
  }
  if (any_unknown) {
    idx_t kept = 0;
    for (uint32_t row : selection) {
      selection[kept] = row;
      kept += state.unknown[row] == 0 ? 1 : 0;
    }
    selection.resize(kept);
  }
  if (selection.size() == input.num_rows) {
    output.columns = input.columns;
    output.num_rows = input.num_rows;
    return OperatorResult::kNeedMoreInput;
  }
  output = gatherBatch(input.columns, RowSet{selection.data(), selection.size()});
  return OperatorResult::kNeedMoreInput;
}

}  // namespace sluice
