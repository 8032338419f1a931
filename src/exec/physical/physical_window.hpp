// src/exec/physical/physical_window.hpp
//
// Window functions: a breaker that gathers all of its input and evaluates the functions over it
// in memory (exec/window/window_in_memory.hpp). Past sluice.memoryLimit a window with PARTITION
// BY spills: rows go to spill files by the hash of their partition keys, so that each window
// partition lies in one file; once all input is in, each file is evaluated on its own and its
// output written to a file of its own, which the source reads back. A file still too large for
// the limit is split again by further bits of the hash. A window without PARTITION BY is one
// partition, and stays in memory.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "exec/window/window_in_memory.hpp"

namespace sluice {

class PartitionedSpill;
class SpillFile;

class PhysicalWindow : public PhysicalOperator {
 public:
  PhysicalWindow(std::vector<DataType> types, idx_t input_width, std::vector<idx_t> partition,
                 std::vector<SortKey> order, std::vector<BoundWindowFunction> functions);

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
  std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                         GlobalSourceState& global) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

  std::string details() const override;

 private:
  struct SinkState;
  struct ThreadState;
  //! Writes the rows of `batch` to `spill` by the hash of their partition keys (the bits of
  //! `level`); `hashes` is scratch.
  void spillByPartitionKeys(PartitionedSpill& spill, const Batch& batch,
                            std::vector<uint64_t>& hashes, int level = 0) const;
  //! Writes the batches `local` holds to its spill files and lets their memory go.
  void spillHeldRows(SinkState& global, ThreadState& local) const;
  //! Evaluates the rows of `files` (one spill partition, `bytes` of them in memory), split
  //! `level` times already, and adds the output files to `global`.
  void evaluateSpilled(SinkState& global, const std::vector<const SpillFile*>& files,
                       uint64_t bytes, int level) const;

  InMemoryWindow window_;
  std::vector<DataType> input_types_;
  //! Whether the window may spill: it has PARTITION BY keys, and its input and output columns
  //! round-trip through spill files.
  bool can_spill_;
};

}  // namespace sluice
