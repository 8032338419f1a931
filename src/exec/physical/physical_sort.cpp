// src/exec/physical/physical_sort.cpp
//
// Every row becomes an entry: its sort key packed into a few words (the window operator's
// layout, window_sort_keys.hpp) when the key types allow, and where it is in the input. The
// entries are sorted on every core (parallel_merge_sort.hpp) with the input position as the
// last key, so rows that tie keep the source order; keys that do not pack are compared in the
// input. The output batches are then gathered in parallel, a column at a time.
#include "exec/physical/physical_sort.hpp"

#include <algorithm>
#include <cstring>

#include "common/types/string_view.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/sort/parallel_merge_sort.hpp"
#include "exec/window/window_sort_keys.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

//! Input batches per task of the passes over the input.
constexpr size_t kBatchesPerTask = 16;

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

//! Runs body(first batch, end batch) over groups of input batches on every core.
template <typename Body>
void forBatchGroups(size_t batches, const Body& body) {
  size_t tasks = (batches + kBatchesPerTask - 1) / kBatchesPerTask;
  TaskScheduler::shared().parallelFor(tasks, [&](size_t task) {
    body(task * kBatchesPerTask, std::min(batches, (task + 1) * kBatchesPerTask));
  });
}

//! Output rows [first, first + count) of `entries` as one batch.
template <size_t kWords>
Batch gatherBatch(const std::vector<Batch>& input, const std::vector<DataType>& types,
                  const std::vector<SortEntry<kWords>>& entries, size_t first, idx_t count) {
  Batch batch;
  batch.num_rows = count;
  for (size_t column = 0; column < types.size(); ++column) {
    const DataType& type = types[column];
    Vector target(type, std::max<idx_t>(count, 1));
    if (type.isNested() || type.isVoid()) {
      for (idx_t i = 0; i < count; ++i) {
        const SortEntry<kWords>& entry = entries[first + i];
        copyValue(input[entry.batch].columns[column], entry.row, target, i);
      }
      batch.columns.push_back(std::move(target));
      continue;
    }
    visitScalarType(type, [&]<typename T>() {
      T* out = target.mutableData<T>();
      for (idx_t i = 0; i < count; ++i) {
        const SortEntry<kWords>& entry = entries[first + i];
        const Vector& source = input[entry.batch].columns[column];
        if (source.isNull(entry.row)) {
          target.setNull(i);
          continue;
        }
        if constexpr (std::is_same_v<T, StringView>) {
          // Long strings are copied: sharing every input batch's heap would cost more.
          const StringView& view = source.at<StringView>(entry.row);
          out[i] = view.isInline() ? view : target.addString(view.view());
        } else {
          out[i] = source.at<T>(entry.row);
        }
      }
    });
    batch.columns.push_back(std::move(target));
  }
  return batch;
}

template <size_t kWords>
std::vector<Batch> sortRows(const std::vector<Batch>& input, const std::vector<DataType>& types,
                            const std::vector<SortKey>& keys, const PackedKeyLayout* layout) {
  std::vector<size_t> batch_start(input.size() + 1, 0);
  for (size_t batch = 0; batch < input.size(); ++batch)
    batch_start[batch + 1] = batch_start[batch] + input[batch].num_rows;
  std::vector<SortEntry<kWords>> entries(batch_start.back());
  forBatchGroups(input.size(), [&](size_t first, size_t end) {
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
    parallelMergeSort(entries, [](const SortEntry<kWords>& a, const SortEntry<kWords>& b) {
      for (size_t word = 0; word < kWords; ++word) {
        if (a.key[word] != b.key[word])
          return a.key[word] < b.key[word];
      }
      return inputOrder(a, b);
    });
  } else {
    RowComparator comparator(keys, types);
    parallelMergeSort(entries, [&](const SortEntry<kWords>& a, const SortEntry<kWords>& b) {
      int order = comparator.compare(input[a.batch], a.row, input[b.batch], b.row);
      return order != 0 ? order < 0 : inputOrder(a, b);
    });
  }
  size_t outputs = (entries.size() + kVectorSize - 1) / kVectorSize;
  std::vector<Batch> output(outputs);
  forBatchGroups(outputs, [&](size_t first, size_t end) {
    for (size_t index = first; index < end; ++index) {
      size_t start = index * kVectorSize;
      idx_t count = static_cast<idx_t>(std::min<size_t>(kVectorSize, entries.size() - start));
      output[index] = gatherBatch(input, types, entries, start, count);
    }
  });
  return output;
}

}  // namespace

PhysicalSort::PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys)
    : MaterializingBreaker("Sort", std::move(types)), keys_(std::move(keys)) {}

std::vector<Batch> PhysicalSort::produce(std::vector<Batch> input) const {
  // The input comes in source order: its position breaks ties.
  if (!PackedKeyLayout::supports(keys_, types()))
    return sortRows<0>(input, types(), keys_, nullptr);
  std::vector<std::vector<PackedKeyStats>> stats(
      (input.size() + kBatchesPerTask - 1) / kBatchesPerTask,
      std::vector<PackedKeyStats>(keys_.size()));
  forBatchGroups(input.size(), [&](size_t first, size_t end) {
    for (size_t batch = first; batch < end; ++batch)
      PackedKeyLayout::collect(keys_, input[batch], stats[first / kBatchesPerTask]);
  });
  std::vector<PackedKeyStats> merged(keys_.size());
  for (const auto& group : stats) {
    for (size_t key = 0; key < merged.size(); ++key)
      merged[key].merge(group[key]);
  }
  PackedKeyLayout layout(keys_, types(), merged, 0);
  switch (layout.words() <= kMaxPackedKeyWords ? layout.words() : 0) {
    case 1:
      return sortRows<1>(input, types(), keys_, &layout);
    case 2:
      return sortRows<2>(input, types(), keys_, &layout);
    case 3:
      return sortRows<3>(input, types(), keys_, &layout);
    case 4:
      return sortRows<4>(input, types(), keys_, &layout);
    default:
      return sortRows<0>(input, types(), keys_, nullptr);
  }
}

std::string PhysicalSort::details() const {
  return describeSortKeys(keys_);
}

}  // namespace sluice
