// src/exec/physical/physical_limit.hpp
//
// LIMIT n OFFSET m: a sink that keeps the first m + n rows in source order, then the source of
// the rows after the first m. Sources hand out morsels in index order, so once the threads
// hold m + n rows between them, no morsel still to come can be among the first m + n: the
// pipeline stops pulling input then.
#pragma once

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class PhysicalLimit : public PhysicalOperator {
 public:
  //! `limit` < 0: no limit (OFFSET alone).
  PhysicalLimit(std::vector<DataType> types, int64_t limit, int64_t offset);

  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                      GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global, LocalSinkState& local) const override;
  void finalize(const ExecContext& context, GlobalSinkState& global) const override;

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(const ExecContext& context,
                                                           GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  int64_t limit_;
  int64_t offset_;
};

}  // namespace sluice
