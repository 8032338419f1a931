// src/exec/physical/physical_expectations.hpp
//
// A pipeline's expectations over the rows that pass (planner/logical/expectation_spec.hpp):
// each condition is evaluated a vector at a time, its passes and failures added to its
// counters once per batch; rows failing a DROP ROW expectation are left out of the output
// batch, which is otherwise handed on as it is; the first row failing a FAIL UPDATE
// expectation raises EXPECTATION_VIOLATION with the row's values. Nothing is allocated per row.
#pragma once

#include <memory>

#include "exec/physical/physical_operator.hpp"
#include "planner/logical/expectation_spec.hpp"

namespace sluice {

class PhysicalExpectations : public PhysicalOperator {
 public:
  PhysicalExpectations(std::vector<DataType> types, std::shared_ptr<ExpectationCheck> check);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 protected:
  std::string details() const override;

 private:
  [[noreturn]] void raiseViolation(const BoundExpectation& expectation, const Batch& input,
                                   idx_t row, const ExecContext& context) const;

  std::shared_ptr<ExpectationCheck> check_;
};

}  // namespace sluice
