// src/exec/physical/physical_ungrouped_aggregate.hpp
//
// Aggregates without GROUP BY: exactly one row, also over an empty input (count is 0, sum is
// NULL). Every thread aggregates into one state of its own, a vector at a time without any
// hashing, and the states are combined under a lock when the thread runs dry. DISTINCT
// aggregates keep their argument tuples in partitioned tables (as PhysicalHashAggregate's
// do); the source deduplicates the partitions on all threads, and the thread that finishes the
// last partition hands out the row.
#pragma once

#include "exec/aggregate/group_row_layout.hpp"
#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_aggregate.hpp"

namespace sluice {

class PhysicalUngroupedAggregate : public PhysicalOperator {
 public:
  PhysicalUngroupedAggregate(std::vector<DataType> types, std::vector<BoundAggregate> aggregates);

  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                     GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  struct SinkState;
  struct ThreadState;
  struct SourceState;

  //! Feeds the distinct tuples of partition `partition` into a state of its own and combines
  //! that into the global state.
  void mergePartition(SourceState& source, idx_t partition) const;
  void emitRow(SinkState& sink, Morsel& morsel) const;

  std::vector<BoundAggregate> aggregates_;
  GroupRowLayout layout_;  // one row without keys: the states
  std::vector<int> distinct_index_;
  //! The rows of a DISTINCT aggregate's tables: its arguments.
  std::vector<GroupRowLayout> distinct_layouts_;
};

}  // namespace sluice
