// src/exec/physical/physical_hash_join.hpp
//
// The join: its build side (children[1]) is materialized by a sink, a chain breaker, into
// columns and, when the condition has equi keys, a JoinHashTable on them; its probe side
// (children[0]) streams through it in parallel, a vector at a time. Without equi keys (CROSS
// JOIN, non-equi conditions) every build row is a candidate of every probe row: a nested-loop
// join over the same materialized build side. Candidate pairs are gathered a vector at a time
// and must satisfy the residual condition to count as matches.
//
// The build side is the right input, except for RIGHT joins, which build the left one, so
// that every type but FULL is decided by the probe alone: INNER emits matches; LEFT and RIGHT
// also a probe row without match (build columns NULL); SEMI the probe rows with a match, ANTI
// those without; MARK every probe row with a BOOLEAN column (matched, else NULL when some
// pair's residual was NULL, else FALSE). Null-aware ANTI and MARK joins (NOT IN / IN) also know
// whether the build side is empty or holds a NULL key, which decides the probe rows whose key
// comparison is unknown. A single-row LEFT join (a scalar subquery) fails once its build side
// has a second row. FULL marks the build rows it matches and, once every thread has probed all
// its rows, emits the never-matched ones (probe columns NULL) as a final phase of the probe
// chain.
//
// Past the query's memory limit (exec/spill/memory_limit.hpp) an equi join's build side is
// cut into 16 partitions by its keys' hash (a Grace hash join): partition 0 stays in memory
// as the table, the others go to spill files. The probe joins its rows of partition 0 at once
// and writes the others to spill files of its own; once every thread has probed, each spilled
// partition is joined in turn, on every core, as a final phase: its build rows make a table
// and its probe rows stream through it (FULL then emits the partition's never-matched build
// rows; partition 0's come as a unit of their own). Null-aware joins decide with the whole
// build side's facts (a NULL key, no rows), which every partition knows. Single-row joins
// and the nested loop keep their build side in memory.
#pragma once

#include <atomic>

#include "exec/physical/physical_operator.hpp"
#include "planner/logical/logical_join.hpp"

namespace sluice {

struct SpilledColumns;

class PhysicalHashJoin : public PhysicalOperator {
 public:
  struct Spec {
    LogicalJoinType type = LogicalJoinType::kInner;
    bool build_left = false;                     // RIGHT joins build on the left input
    std::vector<BoundExpressionPtr> probe_keys;  // over the probe input's columns
    std::vector<BoundExpressionPtr> build_keys;  // over the build input's columns
    std::vector<bool> null_safe;
    bool null_aware = false;      // LogicalJoin::null_aware
    bool single_row = false;      // LogicalJoin::single_row
    BoundExpressionPtr residual;  // over the left input's columns, then the right's; or null
    std::vector<DataType> left_types;
    std::vector<DataType> right_types;
    //! LogicalJoin::used_columns: the others come out as NULL constants (empty: all used).
    std::vector<bool> used_columns;
  };

  PhysicalHashJoin(std::vector<DataType> types, Spec spec);

  //! The join of `left` and `right` by `join` (whose keys and residual it takes).
  static PhysicalOperatorPtr create(std::vector<DataType> types, LogicalJoin& join,
                                    std::vector<DataType> left_types,
                                    std::vector<DataType> right_types, PhysicalOperatorPtr left,
                                    PhysicalOperatorPtr right);

  // The probe: a streaming operator over children[0].
  bool isStreaming() const override { return true; }
  std::unique_ptr<OperatorState> makeOperatorStateOver(
      const ExecContext& context, GlobalSinkState& own_sink_state) const override;
  OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                         OperatorState& state) const override;
  std::unique_ptr<GlobalSourceState> makeFinalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getFinalData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
                    OperatorState& state) const override;

  // The build: the sink of children[1]'s chain.
  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                     GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void finalize(const ExecContext& context, GlobalSinkState& global) const override;

 protected:
  std::string details() const override;

 private:
  struct BuildState;
  struct BuildThreadState;
  struct ProbeState;
  struct UnmatchedBuildRows;
  struct SpilledPartitionJoin;
  struct SpilledPartitions;

  //! Whether the build side may be partitioned to disk past the memory limit.
  bool canPartition() const;
  //! The columns of the probe (or the build) side that its spill files keep.
  SpilledColumns spilledColumns(bool probe_side) const;
  //! Moves the build rows of partitions 1 and up to spill files; partition 0's stay.
  void partitionBuild(BuildState& build) const;
  //! Makes the build rows' columns and table (on the calling thread only, unless
  //! `use_all_cores`).
  void buildTable(BuildState& build, bool use_all_cores) const;
  //! A partitioned build: keeps the input vector's rows of partition 0 for the probe and writes
  //! the others to the thread's spill files.
  void splitProbeInput(const Batch& input, ProbeState& state) const;
  //! The probe of one input vector (execute without the partitioning).
  OperatorResult probeVector(const Batch& input, Batch& output, ProbeState& state) const;
  //! FULL: the next vector of never-matched rows of `build` from `next` on, into `output`;
  //! `start` is where the vector began. False when none are left.
  bool nextUnmatchedBuildRows(const BuildState& build, std::atomic<idx_t>& next, ProbeState& state,
                              Batch& output, idx_t& start) const;
  //! The final phase of a partitioned build: the next output rows of the spilled partitions.
  bool joinSpilledPartitions(SpilledPartitions& source, ProbeState& state, Morsel& morsel) const;
  //! The table of a spilled partition's build rows, and the probe files to stream through it.
  std::unique_ptr<SpilledPartitionJoin> loadSpilledPartition(BuildState& build, idx_t partition,
                                                             ProbeState& state) const;
  //! Probe rows without a match still make output (LEFT, RIGHT, ANTI, MARK).
  bool keepsProbeRows() const {
    return emitsUnmatchedProbeRows() || spec_.type == LogicalJoinType::kAnti ||
           spec_.type == LogicalJoinType::kMark;
  }

  bool hasKeys() const { return !spec_.probe_keys.empty(); }
  //! SEMI, ANTI and MARK: a probe row's first match is all they need.
  bool testsExistence() const {
    return spec_.type == LogicalJoinType::kSemi || spec_.type == LogicalJoinType::kAnti ||
           spec_.type == LogicalJoinType::kMark;
  }
  //! Whether column `column` of the left columns followed by the right ones is read above the
  //! join or by its residual.
  bool isUsed(size_t column) const {
    return spec_.used_columns.empty() || spec_.used_columns[column];
  }
  //! Probe rows without a match are emitted (build columns NULL).
  bool emitsUnmatchedProbeRows() const;
  //! Finds the next candidate pairs of the current probe vector; returns how many.
  idx_t nextPairs(ProbeState& state) const;
  //! Keeps the pairs that satisfy the residual, records their matches, and writes the output
  //! rows they make (for the types that output pairs) to `output`.
  void emitPairs(const Batch& input, idx_t pairs, ProbeState& state, Batch& output) const;
  //! The probe rows that end the vector: unmatched (outer, ANTI) or matched (SEMI).
  void emitProbeRows(const Batch& input, ProbeState& state, Batch& output) const;
  //! The output columns of `count` rows whose probe-side columns are gathered from `probe`
  //! (or NULL when null) at probe_rows and build-side columns from the build side at
  //! build_rows (or NULL when null).
  void gatherOutput(const std::vector<Vector>* probe, const uint32_t* probe_rows,
                    const std::vector<Vector>* build, const uint32_t* build_rows, idx_t count,
                    bool all_columns, Batch& output) const;

  Spec spec_;
};

}  // namespace sluice
