// src/exec/physical/physical_sort.hpp
//
// ORDER BY / SORT BY: a sink that gathers every row, and the source of the rows in key order.
// Rows that tie on every key keep the order of the source.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "exec/physical/sort_key.hpp"

namespace sluice {

class PhysicalSort : public PhysicalOperator {
 public:
  PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys);

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
  std::vector<SortKey> keys_;
};

}  // namespace sluice
