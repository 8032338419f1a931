// src/exec/physical/physical_values.hpp
//
// VALUES and the single row of a SELECT without FROM: a source of one morsel, computed when
// the query starts.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

class PhysicalValues : public PhysicalOperator {
 public:
  //! `rows[i][j]` is the expression of column j in row i; a row may have no columns (the
  //! single row of SELECT without FROM).
  PhysicalValues(std::vector<DataType> types, std::vector<std::vector<BoundExpressionPtr>> rows);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  std::vector<std::vector<BoundExpressionPtr>> rows_;
};

}  // namespace sluice
