// src/exec/physical/physical_range.hpp
//
// range(start, end, step): the BIGINT column `id` from start up to (not including) end. Threads
// take morsels of consecutive values from a shared counter.
#pragma once

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class PhysicalRange : public PhysicalOperator {
 public:
  //! `step` is not 0 (the binder checks it).
  PhysicalRange(int64_t start, int64_t end, int64_t step);

  //! The number of values: ceil((end - start) / step), or 0 when the range is empty.
  static uint64_t count(int64_t start, int64_t end, int64_t step);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  int64_t start_;
  int64_t end_;
  int64_t step_;
  uint64_t count_;
};

}  // namespace sluice
