// src/exec/physical/physical_sort.hpp
//
// ORDER BY / SORT BY: every row of the input, in key order.
// Rows that tie on every key keep the order of the source.
//
// The sort holds its input in memory while it fits the query's memory limit. Past it, the
// thread that crosses the limit sorts the rows it holds into a run and spills it to disk
// (exec/spill/spill_file.hpp); at the end the rows still in memory make one more run, and a
// k-way merge of the runs streams the output (an external sort). Spilled rows carry their
// place in the source as two hidden columns, which end the merge's keys.
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
  //! The columns of spilled rows (the input's and the two of their places) and the merge's
  //! keys over them (the sort's, then the places).
  std::vector<DataType> spill_types_;
  std::vector<SortKey> spill_keys_;
};

}  // namespace sluice
