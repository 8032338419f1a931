// src/exec/aggregate/aggregate_call_input.hpp
//
// One aggregate call's input for one batch: its arguments evaluated over the batch and the rows
// its FILTER (WHERE ...) keeps (TRUE only; NULL and FALSE drop the row).
#pragma once

#include <vector>

#include "exec/expression/expression_evaluator.hpp"
#include "function/aggregate/aggregate_function.hpp"
#include "planner/expression/bound_aggregate.hpp"

namespace sluice {

class AggregateCallInput {
 public:
  //! Evaluates `aggregate`'s arguments and filter over `batch`. `flat` turns constant arguments
  //! into flat vectors (DISTINCT stores them as keys).
  void evaluate(ExpressionEvaluator& evaluator, const BoundAggregate& aggregate, const Batch& batch,
                bool flat);

  const AggregateInput& input() const { return input_; }
  const std::vector<Vector>& arguments() const { return arguments_; }

 private:
  std::vector<Vector> arguments_;
  std::vector<uint32_t> selection_;
  AggregateInput input_;
};

//! Makes a constant vector flat over `count` rows; a flat vector is left alone.
void flattenVector(Vector& vector, idx_t count);

}  // namespace sluice
