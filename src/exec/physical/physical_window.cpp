// src/exec/physical/physical_window.cpp
#include "exec/physical/physical_window.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "common/check.hpp"
#include "exec/physical/ordered_batches.hpp"
#include "exec/spill/memory_limit.hpp"
#include "exec/spill/spill_partitions.hpp"

namespace sluice {

struct PhysicalWindow::SinkState : GlobalSinkState {
  uint64_t memory_limit = 0;
  //! The bytes of input that threads hold, summed.
  HeldMemory held;
  //! Set by the first thread that spills: every thread then writes its input to spill files.
  std::atomic<bool> spilling{false};
  OrderedBatches input;  // combined from every thread that did not spill it

  std::mutex mutex;
  std::vector<std::unique_ptr<PartitionedSpill>> spills;  // one per thread that spilled

  // After finalize: the output in memory, or, once spilled, in files (one per spill partition
  // evaluated) that the source reads back.
  std::vector<Batch> output;
  std::vector<std::unique_ptr<SpillFile>> output_files;
};

struct PhysicalWindow::ThreadState : LocalSinkState {
  OrderedBatches input;
  uint64_t bytes = 0;
  std::unique_ptr<PartitionedSpill> spill;
  std::vector<uint64_t> hashes;
};

namespace {

//! A partition is an output batch in memory, or the output of one spill file.
struct WindowSource : GlobalSourceState {
  explicit WindowSource(std::vector<Batch>& output,
                        const std::vector<std::unique_ptr<SpillFile>>& files)
      : output(output), files(files) {}
  size_t maxThreads() const override { return std::max<size_t>(partitions(), 1); }
  uint64_t partitions() const override { return files.empty() ? output.size() : files.size(); }

  std::vector<Batch>& output;
  const std::vector<std::unique_ptr<SpillFile>>& files;
  std::atomic<size_t> next{0};  // the next batch, or the next file
};

//! The spill file a thread reads.
struct WindowSourceThread : LocalSourceState {
  std::unique_ptr<SpillReader> reader;
  uint64_t file = 0;
  uint64_t batch = 0;  // of the file
};

}  // namespace

PhysicalWindow::PhysicalWindow(std::vector<DataType> types, idx_t input_width,
                               std::vector<idx_t> partition, std::vector<SortKey> order,
                               std::vector<BoundWindowFunction> functions)
    : PhysicalOperator("Window", types),
      window_(types, input_width, std::move(partition), std::move(order), std::move(functions)),
      input_types_(types.begin(), types.begin() + static_cast<std::ptrdiff_t>(input_width)),
      can_spill_(!window_.partitionColumns().empty() && canSpill(types)) {}

std::unique_ptr<GlobalSinkState> PhysicalWindow::makeGlobalSinkState(
    const ExecContext& context) const {
  auto global = std::make_unique<SinkState>();
  global->memory_limit = memoryLimitOf(context);
  return global;
}

std::unique_ptr<LocalSinkState> PhysicalWindow::makeLocalSinkState(const ExecContext&,
                                                                   GlobalSinkState&) const {
  return std::make_unique<ThreadState>();
}

void PhysicalWindow::spillByPartitionKeys(PartitionedSpill& spill, const Batch& batch,
                                          std::vector<uint64_t>& hashes, int level) const {
  hashPartitionKeys(batch, window_.partitionColumns(), hashes);
  spill.writeByHash(batch, hashes.data(), level);
}

void PhysicalWindow::spillHeldRows(SinkState& global, ThreadState& local) const {
  if (!local.spill)
    local.spill = std::make_unique<PartitionedSpill>(input_types_, kSpillRowGroupRows);
  for (const Batch& batch : local.input.takeInOrder()) {
    spillByPartitionKeys(*local.spill, batch, local.hashes);
  }
  global.held.release(local.bytes);
  local.bytes = 0;
}

SinkResult PhysicalWindow::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global_state,
                                LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  if (morsel.batch.num_rows == 0)
    return SinkResult::kNeedMoreInput;
  uint64_t bytes = batchMemoryBytes(morsel.batch);
  local.input.add(morsel);
  local.bytes += bytes;
  global.held.add(bytes);
  // Over the limit, the thread that holds a fair share of the rows starts the spilling, and
  // from then on every thread spills what it holds and what comes.
  if (can_spill_ && !global.spilling.load(std::memory_order_relaxed) &&
      holdsFairShareOverLimit(global.held, local.bytes, global.memory_limit)) {
    global.spilling.store(true);
  }
  if (global.spilling.load(std::memory_order_relaxed))
    spillHeldRows(global, local);
  return SinkResult::kNeedMoreInput;
}

void PhysicalWindow::combine(const ExecContext&, GlobalSinkState& global_state,
                             LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  global.input.merge(local.input);
  if (!local.spill)
    return;
  local.spill->close();
  std::lock_guard lock(global.mutex);
  global.spills.push_back(std::move(local.spill));
}

void PhysicalWindow::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  if (global.spills.empty()) {
    global.output = window_.evaluate(global.input.takeInOrder());
    return;
  }
  // The rows of threads that combined before the spilling began join the spilled ones.
  auto rest = std::make_unique<PartitionedSpill>(input_types_, kSpillRowGroupRows);
  std::vector<uint64_t> hashes;
  for (const Batch& batch : global.input.takeInOrder()) {
    spillByPartitionKeys(*rest, batch, hashes);
  }
  rest->close();
  global.spills.push_back(std::move(rest));
  for (idx_t partition = 0; partition < kSpillPartitions; ++partition) {
    std::vector<const SpillFile*> files;
    uint64_t bytes = 0;
    for (const std::unique_ptr<PartitionedSpill>& spill : global.spills) {
      if (spill->file(partition) != nullptr) {
        files.push_back(spill->file(partition));
        bytes += spill->bytes(partition);
      }
    }
    if (!files.empty())
      evaluateSpilled(global, files, bytes, 1);
  }
  global.spills.clear();
}

void PhysicalWindow::evaluateSpilled(SinkState& global, const std::vector<const SpillFile*>& files,
                                     uint64_t bytes, int level) const {
  // Evaluating holds about twice the input (the sort's entries, the functions' values): past
  // the limit, the rows are split again by the next bits of their hash.
  if (bytes * 2 > operatorMemoryAvailable(global.held, global.memory_limit) &&
      level < kSpillPartitionLevels) {
    PartitionedSpill split(input_types_, kSpillRowGroupRows);
    std::vector<uint64_t> hashes;
    for (const SpillFile* file : files) {
      SpillReader reader(*file);
      Batch batch;
      while (reader.next(batch)) {
        spillByPartitionKeys(split, batch, hashes, level);
      }
    }
    split.close();
    std::vector<idx_t> used;
    for (idx_t partition = 0; partition < kSpillPartitions; ++partition) {
      if (split.file(partition) != nullptr)
        used.push_back(partition);
    }
    // All rows in one part: most likely one window partition, which no split divides.
    if (used.size() == 1) {
      evaluateSpilled(global, {split.file(used[0])}, split.bytes(used[0]), kSpillPartitionLevels);
      return;
    }
    for (idx_t partition : used)
      evaluateSpilled(global, {split.file(partition)}, split.bytes(partition), level + 1);
    return;
  }
  std::vector<Batch> input;
  for (const SpillFile* file : files) {
    SpillReader reader(*file);
    Batch batch;
    while (reader.next(batch))
      input.push_back(std::move(batch));
  }
  std::vector<Batch> output = window_.evaluate(std::move(input));
  if (output.empty())
    return;
  auto file = std::make_unique<SpillFile>();
  SpillWriter writer(*file, types());
  for (const Batch& batch : output)
    writer.write(batch);
  writer.close();
  global.output_files.push_back(std::move(file));
}

std::unique_ptr<GlobalSourceState> PhysicalWindow::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  auto& sink = static_cast<SinkState&>(*own_sink_state);
  return std::make_unique<WindowSource>(sink.output, sink.output_files);
}

std::unique_ptr<LocalSourceState> PhysicalWindow::makeLocalSourceState(const ExecContext&,
                                                                       GlobalSourceState&) const {
  return std::make_unique<WindowSourceThread>();
}

bool PhysicalWindow::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global_state,
                             LocalSourceState& local_state) const {
  auto& source = static_cast<WindowSource&>(global_state);
  if (source.files.empty()) {
    size_t index = source.next.fetch_add(1);
    if (index >= source.output.size())
      return false;
    morsel.index = index;
    morsel.partition = index;
    morsel.batch = std::move(source.output[index]);
    return true;
  }
  auto& local = static_cast<WindowSourceThread&>(local_state);
  while (true) {
    if (local.reader && local.reader->next(morsel.batch)) {
      morsel.partition = local.file;
      morsel.index = (local.file << 32) | local.batch++;
      return true;
    }
    size_t file = source.next.fetch_add(1);
    if (file >= source.files.size()) {
      local.reader.reset();
      return false;
    }
    local.reader = std::make_unique<SpillReader>(*source.files[file]);
    local.file = file;
    local.batch = 0;
  }
}

std::string PhysicalWindow::details() const {
  return window_.describe();
}

}  // namespace sluice
