// src/exec/physical/physical_expectations.cpp
#include "exec/physical/physical_expectations.hpp"

#include <fmt/format.h>

#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"
#include "function/cast/cast.hpp"

namespace sluice {

namespace {

struct ExpectationsState : OperatorState {
  explicit ExpectationsState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  std::vector<uint8_t> keep;  // by row: no DROP ROW expectation failed it
  std::vector<uint32_t> selection;
};

}  // namespace

PhysicalExpectations::PhysicalExpectations(std::vector<DataType> types,
                                           std::shared_ptr<ExpectationCheck> check)
    : PhysicalOperator("Expectations", std::move(types)), check_(std::move(check)) {}

std::unique_ptr<OperatorState> PhysicalExpectations::makeOperatorState(
    const ExecContext& context) const {
  return std::make_unique<ExpectationsState>(context);
}

std::string PhysicalExpectations::details() const {
  std::string names;
  for (const BoundExpectation& expectation : check_->expectations)
    names += (names.empty() ? "" : ", ") + expectation.counts->name;
  return names;
}

OperatorResult PhysicalExpectations::execute(const ExecContext& context, const Batch& input,
                                             Batch& output, OperatorState& operator_state) const {
  auto& state = static_cast<ExpectationsState&>(operator_state);
  bool any_dropped = false;
  for (const BoundExpectation& expectation : check_->expectations) {
    Vector value =
        state.evaluator.evaluate(*expectation.condition, input, RowSet{nullptr, input.num_rows});
    // A NULL condition fails: nothing shows the row valid.
    int64_t passed = 0;
    for (idx_t row = 0; row < input.num_rows; ++row)
      passed += isTrue(value, row) ? 1 : 0;
    int64_t failed = static_cast<int64_t>(input.num_rows) - passed;
    expectation.counts->passed.fetch_add(passed, std::memory_order_relaxed);
    expectation.counts->failed.fetch_add(failed, std::memory_order_relaxed);
    if (failed == 0)
      continue;
    if (expectation.counts->action == ExpectationAction::kFailUpdate) {
      for (idx_t row = 0; row < input.num_rows; ++row) {
        if (!isTrue(value, row))
          raiseViolation(expectation, input, row, context);
      }
    }
    if (expectation.counts->action == ExpectationAction::kDropRow) {
      if (!any_dropped)
        state.keep.assign(input.num_rows, 1);
      any_dropped = true;
      for (idx_t row = 0; row < input.num_rows; ++row)
        state.keep[row] &= isTrue(value, row) ? 1 : 0;
    }
  }
  if (!any_dropped) {
    output.columns = input.columns;
    output.num_rows = input.num_rows;
    return OperatorResult::kNeedMoreInput;
  }
  state.selection.clear();
  for (idx_t row = 0; row < input.num_rows; ++row) {
    if (state.keep[row])
      state.selection.push_back(static_cast<uint32_t>(row));
  }
  check_->tally->dropped.fetch_add(static_cast<int64_t>(input.num_rows - state.selection.size()),
                                   std::memory_order_relaxed);
  output = gatherBatch(input.columns, RowSet{state.selection.data(), state.selection.size()});
  return OperatorResult::kNeedMoreInput;
}

void PhysicalExpectations::raiseViolation(const BoundExpectation& expectation, const Batch& input,
                                          idx_t row, const ExecContext& context) const {
  std::string values;
  for (size_t column = 0; column < input.columns.size() && column < check_->column_names.size();
       ++column) {
    Value value = input.columns[column].getValue(row);
    values += fmt::format("{}{}: {}", values.empty() ? "" : ", ", check_->column_names[column],
                          value.isNull() ? std::string("NULL") : sqlValueText(value, context));
  }
  throw Error(ErrorClass::EXPECTATION_VIOLATION, "VERBOSITY_ALL",
              fmt::format("Flow failed due to the expectation violation of '{}' on the dataset "
                          "'{}': ({}) is not TRUE for the row {{{}}}.",
                          expectation.counts->name, expectation.counts->dataset,
                          expectation.condition_text, values));
}

}  // namespace sluice
