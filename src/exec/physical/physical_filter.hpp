// src/exec/physical/physical_filter.hpp
//
// Keeps the rows for which the condition is true (not false, not NULL). A condition of
// conjuncts (a AND b AND ...) is evaluated a conjunct at a time over the rows still in play.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

class PhysicalFilter : public PhysicalOperator {
 public:
  PhysicalFilter(std::vector<DataType> types, BoundExpressionPtr condition);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 private:
  BoundExpressionPtr condition_;
  std::vector<const BoundExpression*> conjuncts_;  // the AND tree's leaves, left to right
};

}  // namespace sluice
