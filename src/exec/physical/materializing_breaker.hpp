// src/exec/physical/materializing_breaker.hpp
//
// A breaker that needs all of its input before it can produce anything (LIMIT): as
// the sink of the chain below it gathers the batches in source order, turns them into its
// output once every thread is done, and as the source of the chain above it hands the
// output batches out in order, from one thread.
#pragma once

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class MaterializingBreaker : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                     GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void finalize(const ExecContext& context, GlobalSinkState& global) const override;

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  //! The output, from every input batch in source order.
  virtual std::vector<Batch> produce(std::vector<Batch> input) const = 0;
  //! Whether `rows_collected` rows (from all threads) are all the operator can use, so that
  //! the source may stop. Sources hand out morsels in index order, so no morsel still to
  //! come can precede the rows already collected.
  virtual bool hasEnoughRows(uint64_t rows_collected) const { return false; }
};

}  // namespace sluice
