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
// So both phases run on all threads and no lock is taken per row.
//
// Past the query's memory limit (exec/spill/memory_limit.hpp) the thread whose groups cross it
// stops aggregating: its further input rows go to disk, split into 16 spill groups by their
// group's hash (each 8 consecutive partitions). The merge then takes a spill group at a time:
// its spilled rows aggregated again into tables of their own (as one more thread's), merged
// with the rows in memory of its 8 partitions, DISTINCT tuples included. So memory holds the
// groups in memory plus a sixteenth of the others. Inputs of types Parquet does not hold as
// themselves stay in memory.
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
  struct ThreadTables;
  struct BatchAggregation;

  //! Counts the thread's table in the memory held; past the limit the thread starts spilling.
  void countMemory(const Batch& batch, SinkState& global, ThreadState& local) const;
  //! Evaluates and hashes the group keys of `batch` into `work`.
  void hashGroupKeys(const Batch& batch, BatchAggregation& work) const;
  //! Finds the groups of `batch` (keys hashed in `work`) in `tables` and updates their
  //! aggregates, or stores their DISTINCT tuples.
  void aggregateBatch(const Batch& batch, BatchAggregation& work, ThreadTables& tables) const;
  //! Makes `state`'s table of partitions [first, end) of `threads`' tables.
  void mergePartitions(const std::vector<const ThreadTables*>& threads, idx_t first, idx_t end,
                       MergeState& state) const;
  //! Merges partition `partition` of `threads`' tables into `state`'s table.
  void mergePartition(const std::vector<const ThreadTables*>& threads, idx_t partition,
                      MergeState& state) const;
  //! Aggregates the input rows every thread spilled to `spill_group` into `state.replayed`,
  //! as one more thread's tables, which the merge then takes with the others.
  void replaySpilledRows(const SinkState& sink, idx_t spill_group, MergeState& state) const;
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
