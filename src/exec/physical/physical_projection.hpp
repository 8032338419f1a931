// src/exec/physical/physical_projection.hpp
//
// Computes the output columns from the input batch, a vector at a time.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

class PhysicalProjection : public PhysicalOperator {
 public:
  PhysicalProjection(std::vector<DataType> types, std::vector<BoundExpressionPtr> expressions);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 private:
  std::vector<BoundExpressionPtr> expressions_;
};

}  // namespace sluice
