// src/exec/physical/physical_top_n.hpp
//
// ORDER BY ... LIMIT n [OFFSET m] without sorting everything: each thread keeps the best
// n + m rows it has seen (compacting its buffer once it holds twice that, and dropping at once
// the rows that sort after the worst row it keeps); the threads' rows are merged and sorted
// at the end. Rows that tie on every key keep the order of the source, as the full sort does,
// so the result is the same as Sort then Limit.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "exec/physical/sort_key.hpp"

namespace sluice {

class PhysicalTopN : public PhysicalOperator {
 public:
  PhysicalTopN(std::vector<DataType> types, std::vector<SortKey> keys, int64_t limit,
               int64_t offset);

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
  std::string details() const override;

 private:
  std::vector<SortKey> keys_;
  size_t limit_;
  size_t offset_;
};

}  // namespace sluice
