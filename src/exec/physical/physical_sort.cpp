// src/exec/physical/physical_sort.cpp
//
// Every row becomes an entry: its sort key packed into a few words (the window operator's
// layout, window_sort_keys.hpp) when the key types allow, and where it is in the input. The
// entries are sorted (on every core, parallel_merge_sort.hpp) with the input position as the
// last key, so rows that tie keep the source order; keys that do not pack are compared in the
// input. The output batches are then gathered, a column at a time.
//
// Past the memory limit, sorted runs go to spill files and a merge streams the output (see
// physical_sort.hpp).
#include "exec/physical/physical_sort.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "common/check.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/sort/parallel_merge_sort.hpp"
#include "exec/sort/row_gather.hpp"
#include "exec/sort/sorted_run_merge.hpp"
#include "exec/spill/memory_limit.hpp"
#include "exec/spill/spill_file.hpp"
#include "exec/window/window_sort_keys.hpp"

namespace sluice {

namespace {

//! Input batches per task of the passes over the input.
constexpr size_t kSortBatchesPerTask = 16;

//! The most spilled runs one merge reads at once.
constexpr size_t kMaxMergeFanIn = 64;

//! Where a sort runs: on every core (once all input is in), or on the calling thread only (a
//! run spilled from inside a chain's task, which may not start loops of its own).
enum class Cores : uint8_t { kAll, kCaller };

template <size_t kWords>
struct SortEntry {
  uint64_t key[kWords == 0 ? 1 : kWords];
  uint32_t batch;
  uint32_t row;
};

template <size_t kWords>
bool inputOrder(const SortEntry<kWords>& a, const SortEntry<kWords>& b) {
  return a.batch != b.batch ? a.batch < b.batch : a.row < b.row;
}

//! Runs body(first batch, end batch) over groups of input batches.
template <typename Body>
void forBatchGroups(size_t batches, Cores cores, const Body& body) {
  if (cores == Cores::kCaller) {
    if (batches > 0)
      body(0, batches);
    return;
  }
  size_t tasks = (batches + kSortBatchesPerTask - 1) / kSortBatchesPerTask;
  TaskScheduler::shared().parallelFor(tasks, [&](size_t task) {
    body(task * kSortBatchesPerTask, std::min(batches, (task + 1) * kSortBatchesPerTask));
  });
}

template <typename T, typename Less>
void sortEntries(std::vector<T>& entries, Cores cores, const Less& less) {
  if (cores == Cores::kAll) {
    parallelMergeSort(entries, less);
  } else {
    std::sort(entries.begin(), entries.end(), less);
  }
}

template <size_t kWords>
std::vector<Batch> sortRows(const std::vector<Batch>& input, const std::vector<DataType>& types,
                            const std::vector<SortKey>& keys, const PackedKeyLayout* layout,
                            Cores cores) {
  std::vector<size_t> batch_start(input.size() + 1, 0);
  for (size_t batch = 0; batch < input.size(); ++batch)
    batch_start[batch + 1] = batch_start[batch] + input[batch].num_rows;
  std::vector<SortEntry<kWords>> entries(batch_start.back());
  forBatchGroups(input.size(), cores, [&](size_t first, size_t end) {
    std::vector<uint32_t> positions;
    for (size_t batch = first; batch < end; ++batch) {
      idx_t count = input[batch].num_rows;
      SortEntry<kWords>* base = entries.data() + batch_start[batch];
      positions.resize(count);
      for (idx_t row = 0; row < count; ++row) {
        std::fill(std::begin(base[row].key), std::end(base[row].key), uint64_t{0});
        base[row].batch = static_cast<uint32_t>(batch);
        base[row].row = static_cast<uint32_t>(row);
        positions[row] = static_cast<uint32_t>(row);
      }
      if constexpr (kWords > 0) {
        static_assert(sizeof(SortEntry<kWords>) == (kWords + 1) * sizeof(uint64_t));
        layout->encode(input[batch], positions.data(), base->key, kWords + 1);
      }
    }
  });
  if constexpr (kWords > 0) {
    sortEntries(entries, cores, [](const SortEntry<kWords>& a, const SortEntry<kWords>& b) {
      for (size_t word = 0; word < kWords; ++word) {
        if (a.key[word] != b.key[word])
          return a.key[word] < b.key[word];
      }
      return inputOrder(a, b);
    });
  } else {
    RowComparator comparator(keys, types);
    sortEntries(entries, cores, [&](const SortEntry<kWords>& a, const SortEntry<kWords>& b) {
      int order = comparator.compare(input[a.batch], a.row, input[b.batch], b.row);
      return order != 0 ? order < 0 : inputOrder(a, b);
    });
  }
  size_t outputs = (entries.size() + kVectorSize - 1) / kVectorSize;
  std::vector<Batch> output(outputs);
  auto batch_of = [&](const SortEntry<kWords>& entry) -> const Batch& {
    return input[entry.batch];
  };
  forBatchGroups(outputs, cores, [&](size_t first, size_t end) {
    for (size_t index = first; index < end; ++index) {
      size_t start = index * kVectorSize;
      idx_t count = static_cast<idx_t>(std::min<size_t>(kVectorSize, entries.size() - start));
      output[index] = gatherPickedRows(types, entries.data() + start, count, batch_of);
    }
  });
  return output;
}

//! `input` (in source order) sorted by `keys`, in batches of kVectorSize rows.
std::vector<Batch> sortBatches(const std::vector<Batch>& input, const std::vector<DataType>& types,
                               const std::vector<SortKey>& keys, Cores cores) {
  if (!PackedKeyLayout::supports(keys, types))
    return sortRows<0>(input, types, keys, nullptr, cores);
  std::vector<std::vector<PackedKeyStats>> stats(
      (input.size() + kSortBatchesPerTask - 1) / kSortBatchesPerTask,
      std::vector<PackedKeyStats>(keys.size()));
  forBatchGroups(input.size(), cores, [&](size_t first, size_t end) {
    for (size_t batch = first; batch < end; ++batch)
      PackedKeyLayout::collect(keys, input[batch], stats[batch / kSortBatchesPerTask]);
  });
  std::vector<PackedKeyStats> merged(keys.size());
  for (const auto& group : stats) {
    for (size_t key = 0; key < merged.size(); ++key)
      merged[key].merge(group[key]);
  }
  PackedKeyLayout layout(keys, types, merged, 0);
  switch (layout.words() <= kMaxPackedKeyWords ? layout.words() : 0) {
    case 1:
      return sortRows<1>(input, types, keys, &layout, cores);
    case 2:
      return sortRows<2>(input, types, keys, &layout, cores);
    case 3:
      return sortRows<3>(input, types, keys, &layout, cores);
    case 4:
      return sortRows<4>(input, types, keys, &layout, cores);
    default:
      return sortRows<0>(input, types, keys, nullptr, cores);
  }
}

//! An input batch and its place in the source: its morsel's index, then the order in which
//! the thread that computed the morsel sank its batches.
struct SortInput {
  uint64_t index;
  uint64_t sequence;
  Batch batch;
};

std::vector<Batch> inSourceOrder(std::vector<SortInput> input) {
  std::sort(input.begin(), input.end(), [](const SortInput& a, const SortInput& b) {
    return a.index != b.index ? a.index < b.index : a.sequence < b.sequence;
  });
  std::vector<Batch> batches;
  batches.reserve(input.size());
  for (SortInput& entry : input)
    batches.push_back(std::move(entry.batch));
  return batches;
}

//! Adds the two hidden columns that give each row's place in the source: the morsel index,
//! and the sequence and row number.
void addSourcePlace(SortInput& input) {
  idx_t rows = input.batch.num_rows;
  Vector index(DataType::longType(), rows);
  Vector position(DataType::longType(), rows);
  int64_t* indexes = index.mutableData<int64_t>();
  int64_t* positions = position.mutableData<int64_t>();
  for (idx_t row = 0; row < rows; ++row) {
    indexes[row] = static_cast<int64_t>(input.index);
    positions[row] = static_cast<int64_t>((input.sequence << 32) | row);
  }
  input.batch.columns.push_back(std::move(index));
  input.batch.columns.push_back(std::move(position));
}

struct SortGlobal : GlobalSinkState {
  uint64_t memory_limit = 0;
  bool can_spill = false;
  //! The bytes of input that threads hold, summed.
  HeldMemory held;

  std::mutex mutex;
  std::vector<SortInput> input;  // combined from every thread
  std::vector<std::unique_ptr<SpillFile>> runs;

  // After finalize: the sorted output, or the merge that streams it.
  std::vector<Batch> output;
  std::unique_ptr<SortedRunMerge> merge;
  std::atomic<uint64_t> rows{0};  // of the input
};

struct SortLocal : LocalSinkState {
  std::vector<SortInput> input;
  uint64_t bytes = 0;
  uint64_t next_sequence = 0;
};

struct SortSource : GlobalSourceState {
  explicit SortSource(SortGlobal& sink) : sink(sink) {}
  //! One output batch is a partition; a merge's batches are counted by its rows.
  uint64_t partitions() const override {
    return sink.merge ? (sink.rows.load() + kVectorSize - 1) / kVectorSize : sink.output.size();
  }
  SortGlobal& sink;
  uint64_t next = 0;
};

//! A run of `input`'s rows sorted by `keys`, with the hidden columns of their places (the
//! columns `types` ends with).
std::vector<Batch> sortedRun(std::vector<SortInput> input, const std::vector<DataType>& types,
                             const std::vector<SortKey>& keys, Cores cores) {
  for (SortInput& entry : input)
    addSourcePlace(entry);
  // In source order the places ascend, so the sort's tie-break agrees with the merge's.
  return sortBatches(inSourceOrder(std::move(input)), types, keys, cores);
}

//! Sorts the rows `local` holds into a run on disk, on the calling thread.
void spillRun(SortGlobal& global, SortLocal& local, const std::vector<DataType>& types,
              const std::vector<SortKey>& keys) {
  std::vector<Batch> run = sortedRun(std::move(local.input), types, keys, Cores::kCaller);
  local.input.clear();
  auto file = std::make_unique<SpillFile>();
  SpillWriter writer(*file, types);
  for (const Batch& batch : run)
    writer.write(batch);
  writer.close();
  global.held.release(local.bytes);
  local.bytes = 0;
  std::lock_guard lock(global.mutex);
  global.runs.push_back(std::move(file));
}

std::vector<SortedRunSource> readRuns(const std::vector<std::unique_ptr<SpillFile>>& files) {
  std::vector<SortedRunSource> runs;
  for (const std::unique_ptr<SpillFile>& file : files) {
    auto reader = std::make_shared<SpillReader>(*file);
    runs.push_back([reader](Batch& batch) { return reader->next(batch); });
  }
  return runs;
}

//! Merges groups of spilled runs into longer ones until at most kMaxMergeFanIn are left: the
//! last merge reads every run at once, so this bounds its open files and the row groups it
//! holds.
void mergeRunsToFanIn(std::vector<std::unique_ptr<SpillFile>>& runs,
                      const std::vector<DataType>& types, const std::vector<SortKey>& keys) {
  while (runs.size() > kMaxMergeFanIn) {
    std::vector<std::unique_ptr<SpillFile>> merged;
    for (size_t first = 0; first < runs.size(); first += kMaxMergeFanIn) {
      size_t end = std::min(runs.size(), first + kMaxMergeFanIn);
      std::vector<std::unique_ptr<SpillFile>> group(
          std::make_move_iterator(runs.begin() + static_cast<std::ptrdiff_t>(first)),
          std::make_move_iterator(runs.begin() + static_cast<std::ptrdiff_t>(end)));
      SortedRunMerge merge(readRuns(group), keys, types, types.size());
      auto file = std::make_unique<SpillFile>();
      SpillWriter writer(*file, types);
      Batch batch;
      while (merge.next(batch))
        writer.write(batch);
      writer.close();
      merged.push_back(std::move(file));
    }
    runs = std::move(merged);
  }
}

}  // namespace

PhysicalSort::PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys)
    : PhysicalOperator("Sort", std::move(types)), keys_(std::move(keys)) {
  spill_types_ = this->types();
  spill_types_.push_back(DataType::longType());
  spill_types_.push_back(DataType::longType());
  spill_keys_ = keys_;
  idx_t width = this->types().size();
  spill_keys_.push_back({width, true, true});
  spill_keys_.push_back({width + 1, true, true});
}

std::unique_ptr<GlobalSinkState> PhysicalSort::makeGlobalSinkState(
    const ExecContext& context) const {
  auto global = std::make_unique<SortGlobal>();
  global->memory_limit = memoryLimitOf(context);
  global->can_spill = canSpill(types());
  return global;
}

std::unique_ptr<LocalSinkState> PhysicalSort::makeLocalSinkState(const ExecContext&,
                                                                 GlobalSinkState&) const {
  return std::make_unique<SortLocal>();
}

SinkResult PhysicalSort::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global_state,
                              LocalSinkState& local_state) const {
  if (morsel.batch.num_rows == 0)
    return SinkResult::kNeedMoreInput;
  auto& global = static_cast<SortGlobal&>(global_state);
  auto& local = static_cast<SortLocal&>(local_state);
  uint64_t bytes = batchMemoryBytes(morsel.batch);
  global.rows.fetch_add(morsel.batch.num_rows);
  local.input.push_back({morsel.index, local.next_sequence++, std::move(morsel.batch)});
  local.bytes += bytes;
  global.held.add(bytes);
  // Over the limit, the thread that holds a fair share of the rows spills them.
  if (global.can_spill && holdsFairShareOverLimit(global.held, local.bytes, global.memory_limit))
    spillRun(global, local, spill_types_, keys_);
  return SinkResult::kNeedMoreInput;
}

void PhysicalSort::combine(const ExecContext&, GlobalSinkState& global_state,
                           LocalSinkState& local_state) const {
  auto& global = static_cast<SortGlobal&>(global_state);
  auto& local = static_cast<SortLocal&>(local_state);
  std::lock_guard lock(global.mutex);
  for (SortInput& input : local.input)
    global.input.push_back(std::move(input));
  local.input.clear();
}

void PhysicalSort::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<SortGlobal&>(global_state);
  if (global.runs.empty()) {
    global.output =
        sortBatches(inSourceOrder(std::move(global.input)), types(), keys_, Cores::kAll);
    return;
  }
  mergeRunsToFanIn(global.runs, spill_types_, spill_keys_);
  std::vector<SortedRunSource> runs = readRuns(global.runs);
  auto in_memory = std::make_shared<std::vector<Batch>>(
      sortedRun(std::move(global.input), spill_types_, keys_, Cores::kAll));
  runs.push_back([in_memory, next = size_t{0}](Batch& batch) mutable {
    if (next == in_memory->size())
      return false;
    batch = std::move((*in_memory)[next++]);
    return true;
  });
  global.merge =
      std::make_unique<SortedRunMerge>(std::move(runs), spill_keys_, spill_types_, types().size());
}

std::unique_ptr<GlobalSourceState> PhysicalSort::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<SortSource>(static_cast<SortGlobal&>(*own_sink_state));
}

bool PhysicalSort::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global_state,
                           LocalSourceState&) const {
  auto& source = static_cast<SortSource&>(global_state);
  SortGlobal& sink = source.sink;
  if (sink.merge) {
    if (!sink.merge->next(morsel.batch))
      return false;
  } else {
    if (source.next >= sink.output.size())
      return false;
    morsel.batch = std::move(sink.output[source.next]);
  }
  morsel.index = source.next;
  morsel.partition = source.next++;
  return true;
}

std::string PhysicalSort::details() const {
  return describeSortKeys(keys_);
}

}  // namespace sluice
