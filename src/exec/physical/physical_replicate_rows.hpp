// src/exec/physical/physical_replicate_rows.hpp
//
// The end of INTERSECT / EXCEPT: the input holds each distinct row with its count of copies
// on the left and on the right (two BIGINT columns after the row's own); each row comes out
// as many times as the operation says (planner/logical/replicate_rows_spec.hpp), without the
// counts. A row of many copies comes out over several batches of at most a vector each.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "planner/logical/replicate_rows_spec.hpp"

namespace sluice {

class PhysicalReplicateRows : public PhysicalOperator {
 public:
  PhysicalReplicateRows(std::vector<DataType> types, ReplicateRowsSpec spec);

  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;

 protected:
  std::string details() const override { return spec_.toString(); }

 private:
  ReplicateRowsSpec spec_;
};

}  // namespace sluice
