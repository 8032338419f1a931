// src/exec/physical/physical_generate.hpp
//
// Spark's Generate: each input row becomes the rows its generator makes (planner/logical/
// generator_spec.hpp), each carrying the input row's columns. The arguments are evaluated
// once per input batch and the row counts computed from them in one pass; the input columns
// are then gathered by row index and the generated ones copied out of the collections' child
// vectors. A batch that expands to many rows comes out over several batches of at most a
// vector each.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/generator_spec.hpp"

namespace sluice {

class PhysicalGenerate : public PhysicalOperator {
 public:
  //! `types`: the input's `input_width` column types, then the generated ones.
  PhysicalGenerate(std::vector<DataType> types, idx_t input_width, GeneratorSpec spec,
                   std::vector<BoundExpressionPtr> arguments);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 protected:
  std::string details() const override;

 private:
  //! How many rows input row `row` generates, given the evaluated arguments.
  idx_t rowCount(const std::vector<Vector>& arguments, idx_t row) const;
  //! Appends the generated columns of the output rows: `rows[i]` is the input row of output
  //! row i and `steps[i]` its place among that row's generated rows.
  void generateColumns(const std::vector<Vector>& arguments, const std::vector<uint32_t>& rows,
                       const std::vector<uint32_t>& steps, std::vector<Vector>& out) const;
  void generateJsonTuple(const std::vector<Vector>& arguments, const std::vector<uint32_t>& rows,
                         std::vector<Vector>& out) const;
  //! variant_explode's pos, key (NULL for an array's elements) and value columns.
  void generateVariantFields(const Vector& variants, const std::vector<uint32_t>& rows,
                             const std::vector<uint32_t>& steps, std::vector<Vector>& out) const;

  idx_t input_width_;
  GeneratorSpec spec_;
  std::vector<BoundExpressionPtr> arguments_;
};

}  // namespace sluice
