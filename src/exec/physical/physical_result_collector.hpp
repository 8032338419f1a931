// src/exec/physical/physical_result_collector.hpp
//
// The sink at the top of a query: keeps every batch, in the order of the source.
#pragma once

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class PhysicalResultCollector : public PhysicalOperator {
 public:
  explicit PhysicalResultCollector(std::vector<DataType> types)
      : PhysicalOperator("Result", std::move(types)) {}

  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                     GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;

  //! The collected batches, in order, once the chain has finished.
  static std::vector<Batch> takeBatches(GlobalSinkState& global);
};

}  // namespace sluice
