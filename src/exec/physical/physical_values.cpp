// src/exec/physical/physical_values.cpp
#include "exec/physical/physical_values.hpp"

#include <fmt/format.h>

#include <mutex>

#include "exec/expression/expression_evaluator.hpp"

namespace sluice {

namespace {

struct ValuesState : GlobalSourceState {
  std::mutex mutex;
  bool emitted = false;
};

}  // namespace

PhysicalValues::PhysicalValues(std::vector<DataType> types,
                               std::vector<std::vector<BoundExpressionPtr>> rows)
    : PhysicalOperator("Values", std::move(types)), rows_(std::move(rows)) {}

std::unique_ptr<GlobalSourceState> PhysicalValues::makeGlobalSourceState(const ExecContext&,
                                                                         GlobalSinkState*) const {
  return std::make_unique<ValuesState>();
}

bool PhysicalValues::getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
                             LocalSourceState&) const {
  auto& state = static_cast<ValuesState&>(global);
  {
    std::lock_guard lock(state.mutex);
    if (state.emitted)
      return false;
    state.emitted = true;
  }
  // Each value is computed on its own (one row, no columns): rows are few and their
  // expressions differ from row to row.
  ExpressionEvaluator evaluator(context);
  Batch single_row;
  single_row.num_rows = 1;
  idx_t num_rows = rows_.size();
  morsel.index = 0;
  morsel.partition = 0;
  morsel.batch = Batch();
  morsel.batch.num_rows = num_rows;
  for (size_t column = 0; column < types().size(); ++column) {
    Vector vector(types()[column], std::max<idx_t>(num_rows, 1));
    for (idx_t row = 0; row < num_rows; ++row) {
      Vector value = evaluator.evaluate(*rows_[row][column], single_row);
      vector.setValue(row, value.getValue(0));
    }
    morsel.batch.columns.push_back(std::move(vector));
  }
  return true;
}

std::string PhysicalValues::details() const {
  return fmt::format("{} rows", rows_.size());
}

}  // namespace sluice
