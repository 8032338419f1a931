// src/exec/physical/physical_expand.hpp
//
// Spark's Expand, the input of an aggregate over grouping sets: each input batch comes out
// once per projection, each time as that projection's columns. A projection passes most
// columns on as they are (no copy) and puts a constant in the others: NULL for the group
// keys its grouping set leaves out, and the set's grouping id.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

class PhysicalExpand : public PhysicalOperator {
 public:
  PhysicalExpand(std::vector<DataType> types,
                 std::vector<std::vector<BoundExpressionPtr>> projections);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 protected:
  std::string details() const override;

 private:
  std::vector<std::vector<BoundExpressionPtr>> projections_;
};

}  // namespace sluice
