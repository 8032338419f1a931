// src/exec/physical/physical_hash_aggregate.hpp
//
// GROUP BY: the groups of the input by key, each with its aggregates; output columns are the
// keys, then the aggregates. A breaker, radix-partitioned in two phases:
//   - as a sink, every thread finds the groups of its batches in a table of its own (exec/
//     aggregate/partitioned_group_table.hpp) whose rows are split into partitions by the top
//     bits of their hash, and updates their states there; DISTINCT aggregates keep their
//     (keys, arguments) tuples in tables of their own;
//   - as a source, each thread takes a partition at a time, merges every thread's rows of it
//     into one table (combining the states of equal groups), feeds it the distinct tuples,
//     and hands out its groups a vector at a time.
// So both phases run on all threads and no lock is taken per row. It does not spill: every
// group's row stays in memory until the query ends.
#pragma once

#include "exec/aggregate/group_row_layout.hpp"
#include "exec/physical/physical_operator.hpp"
#include "planner/expression/bound_aggregate.hpp"

namespace sluice {

class PhysicalHashAggregate : public PhysicalOperator {
 public:
  PhysicalHashAggregate(std::vector<DataType> types, std::vector<BoundExpressionPtr> groups,
                        std::vector<BoundAggregate> aggregates);

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
  std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                         GlobalSourceState& global) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  // The states of the roles, defined in the .cpp.
  struct SinkState;
  struct ThreadState;
  struct SourceState;
  struct MergeState;

  //! Merges partition `partition` of every thread's tables into `state`'s table.
  void mergePartition(const SinkState& sink, idx_t partition, MergeState& state) const;
  //! Writes the next vector of `state`'s groups into `morsel`.
  void emitGroups(MergeState& state, Morsel& morsel) const;

  std::vector<BoundExpressionPtr> groups_;
  std::vector<BoundAggregate> aggregates_;
  GroupRowLayout layout_;
  //! For each aggregate, its index in distinct_layouts_, or -1 when it is not DISTINCT.
  std::vector<int> distinct_index_;
  //! The rows of a DISTINCT aggregate's tables: the group keys, then its arguments.
  std::vector<GroupRowLayout> distinct_layouts_;
};

}  // namespace sluice
