// src/exec/window/window_in_memory.cpp
#include "exec/window/window_in_memory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <optional>

#include "common/check.hpp"
#include "exec/aggregate/group_keys.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/window/window_function_evaluator.hpp"
#include "exec/window/window_sort_keys.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

//! Rows per bucket that make a bucket worth a task of its own.
constexpr size_t kRowsPerBucket = 4096;
constexpr size_t kMaxBuckets = 1024;
//! Input batches per task of the passes over the input.
constexpr size_t kWindowBatchesPerTask = 8;

//! The RANGE key of row `row` as a number (DATE as days).
double numericKey(const Vector& key, idx_t row) {
  switch (key.type().id()) {
    case TypeId::kByte:
      return key.at<int8_t>(row);
    case TypeId::kShort:
      return key.at<int16_t>(row);
    case TypeId::kInt:
    case TypeId::kDate:
      return key.at<int32_t>(row);
    case TypeId::kLong:
      return static_cast<double>(key.at<int64_t>(row));
    case TypeId::kFloat:
      return key.at<float>(row);
    case TypeId::kDouble:
      return key.at<double>(row);
    case TypeId::kDecimal: {
      double scale = 1.0;
      for (int i = 0; i < key.type().scale(); ++i)
        scale *= 10.0;
      if (key.type().precision() <= 18)
        return static_cast<double>(key.at<int64_t>(row)) / scale;
      return static_cast<double>(key.at<int128_t>(row)) / scale;
    }
    default:
      return 0.0;
  }
}

bool needsRangeKeys(const WindowFrameSpec& frame) {
  auto valued = [](const WindowBound& bound) {
    return bound.kind == WindowBoundKind::kPreceding || bound.kind == WindowBoundKind::kFollowing;
  };
  return !frame.rows && (valued(frame.start) || valued(frame.end));
}

//! One row of a bucket: its packed sort key and where it is in the input.
template <size_t kWords>
struct Entry {
  uint64_t key[kWords];
  uint32_t batch;
  uint32_t row;
};

//! Without packed keys, a row is only where it is in the input.
template <>
struct Entry<0> {
  uint32_t batch;
  uint32_t row;
};

//! Rows rounded up to whole validity words, so that buckets written by different threads
//! never share a word of a bitmap.
size_t alignRows(size_t rows) {
  return (rows + 63) / 64 * 64;
}

//! Whether threads may write disjoint rows of a vector of this type at once.
bool placeableInParallel(const DataType& type) {
  return !type.isNested() && !type.isVoid();
}

//! target[offset + i] = source[i] for i < count, values and NULLs; strings are not copied, so
//! the target must share the source's strings.
void placeRows(const Vector& source, idx_t count, Vector& target, idx_t offset) {
  const DataType& type = source.type();
  if (!placeableInParallel(type)) {
    for (idx_t i = 0; i < count; ++i)
      copyValue(source, i, target, offset + i);
    return;
  }
  visitScalarType(type, [&]<typename T>() {
    T* out = target.mutableData<T>() + offset;
    if (!source.mayHaveNulls() && !source.isConstant()) {
      std::copy(source.data<T>(), source.data<T>() + count, out);
      return;
    }
    for (idx_t i = 0; i < count; ++i) {
      if (source.isNull(i))
        target.setNull(offset + i);
      else
        out[i] = source.at<T>(i);
    }
  });
}

//! Whether a function's values are written straight into the output batches' vectors by the
//! bucket tasks (fixed-width values); strings and nested values go through one column in
//! bucket order instead.
bool scatteredDirectly(const DataType& type) {
  return placeableInParallel(type) && !type.hasStringValues();
}

//! The output vectors of one function, one per input batch, that bucket tasks write at once:
//! values go to distinct slots; NULLs, which may share a validity word with another task's
//! rows, are set under a lock (the bitmap is created by the first NULL).
struct ScatteredColumn {
  static constexpr size_t kLocks = 64;

  std::vector<Vector> vectors;
  std::vector<uint8_t*> data;
  std::array<std::mutex, kLocks> locks;

  ScatteredColumn(const DataType& type, const std::vector<Batch>& input) {
    // Allocated on every core: zeroing the vectors faults in pages, which takes a while.
    vectors.resize(input.size());
    data.resize(input.size());
    constexpr size_t kBatchesPerAllocation = 64;
    size_t tasks = (input.size() + kBatchesPerAllocation - 1) / kBatchesPerAllocation;
    TaskScheduler::shared().parallelFor(tasks, [&](size_t task) {
      size_t end = std::min(input.size(), (task + 1) * kBatchesPerAllocation);
      for (size_t index = task * kBatchesPerAllocation; index < end; ++index) {
        vectors[index] = Vector(type, std::max<idx_t>(input[index].num_rows, 1));
        data[index] = vectors[index].mutableData<uint8_t>();
      }
    });
  }

  //! Writes values[i] to the output row of entry rows[i], for i < count.
  template <size_t kWords>
  void scatter(const Vector& values, const Entry<kWords>* rows, idx_t count) {
    visitScalarType(values.type(), [&]<typename T>() {
      const T* source = values.data<T>();
      bool constant = values.isConstant();
      for (idx_t i = 0; i < count; ++i)
        reinterpret_cast<T*>(data[rows[i].batch])[rows[i].row] = source[constant ? 0 : i];
    });
    if (!values.mayHaveNulls())
      return;
    for (idx_t i = 0; i < count; ++i) {
      if (!values.isNull(i))
        continue;
      std::lock_guard lock(locks[rows[i].batch % kLocks]);
      vectors[rows[i].batch].setNull(rows[i].row);
    }
  }
};

//! One input column across every batch, as raw pointers, so that gathering a row costs no
//! walk through batches and vectors.
struct ColumnSlices {
  std::vector<const uint8_t*> data;
  std::vector<const uint64_t*> validity;
  std::vector<uint32_t> row_mask;  // 0 for a constant vector: every row reads slot 0

  ColumnSlices(const std::vector<Batch>& input, idx_t column) {
    for (const Batch& batch : input) {
      const Vector& vector = batch.columns[column];
      bool has_data = vector.type().physicalSize() > 0 && batch.num_rows > 0;
      data.push_back(has_data ? vector.data<uint8_t>() : nullptr);
      validity.push_back(vector.validity());
      row_mask.push_back(vector.isConstant() ? 0 : UINT32_MAX);
    }
  }
};

//! target[i] = column `column` of the input at rows[i], for i < count. Strings keep pointing
//! into the input, which outlives the target.
template <size_t kWords>
void gatherInput(const std::vector<Batch>& input, idx_t column, const ColumnSlices* slices,
                 const Entry<kWords>* rows, idx_t count, Vector& target) {
  const DataType& type = target.type();
  if (slices == nullptr) {
    for (idx_t i = 0; i < count; ++i)
      copyValue(input[rows[i].batch].columns[column], rows[i].row, target, i);
    return;
  }
  visitScalarType(type, [&]<typename T>() {
    T* out = target.mutableData<T>();
    for (idx_t i = 0; i < count; ++i) {
      uint32_t batch = rows[i].batch;
      uint32_t slot = rows[i].row & slices->row_mask[batch];
      const uint64_t* validity = slices->validity[batch];
      if (validity != nullptr && ((validity[slot >> 6] >> (slot & 63)) & 1) == 0)
        target.setNull(i);
      else
        out[i] = reinterpret_cast<const T*>(slices->data[batch])[slot];
    }
  });
}

//! target[i] = source[indices[i]] for i < count, with string bytes copied into the target, so
//! that an output batch owns every string of its function columns.
void gatherOwned(const Vector& source, const uint32_t* indices, idx_t count, Vector& target) {
  if (!source.type().hasStringValues()) {
    gatherRows(source, RowSet{indices, count}, target);
    return;
  }
  auto* out = target.mutableData<StringView>();
  for (idx_t i = 0; i < count; ++i) {
    if (source.isNull(indices[i])) {
      target.setNull(i);
      continue;
    }
    const StringView& view = source.at<StringView>(indices[i]);
    out[i] = target.addString(std::string_view(view.data(), view.size()));
  }
}

}  // namespace

void hashPartitionKeys(const Batch& batch, const std::vector<idx_t>& partition,
                       std::vector<uint64_t>& hashes) {
  hashes.assign(batch.num_rows, 0);
  for (size_t key = 0; key < partition.size(); ++key)
    hashKeyColumn(batch.columns[partition[key]], batch.num_rows, hashes.data(), key > 0);
}

//! What the passes of one evaluate() call share.
struct InMemoryWindow::Plan {
  explicit Plan(const std::vector<Batch>& input) : input(input) {}

  const std::vector<Batch>& input;
  std::vector<DataType> input_types;
  //! The partition keys, then the order keys.
  std::vector<SortKey> keys;
  size_t total = 0;
  //! The position of each batch's first row among all rows.
  std::vector<size_t> batch_start;
  //! Task t of a pass over the input covers batches [task_batches[t], task_batches[t + 1]).
  std::vector<size_t> task_batches;
  size_t bucket_count = 1;
  //! The bucket of every row (when there is more than one).
  std::vector<uint16_t> bucket_of;
  //! tasks x buckets: where task t writes its first row of bucket b (after the counting pass:
  //! how many it has).
  std::vector<uint32_t> task_cursor;
  //! The first position of every bucket in the bucketed layout (bucket_count + 1 entries).
  std::vector<size_t> bucket_start;
  std::vector<size_t> bucket_rows;
  std::optional<PackedKeyLayout> packed;

  //! Per function, its values in the output batches (fixed-width values), else none.
  std::vector<std::unique_ptr<ScatteredColumn>> scattered;
  //! Per function that is not scattered, its values at the bucketed positions.
  std::vector<Vector> results;
  //! Per function, the bucket results that are placed after the parallel pass (nested types)
  //! or whose strings the flat results share.
  std::vector<std::vector<Vector>> kept;
  //! The bucketed position of every input row (when some function is not scattered).
  std::vector<uint32_t> position_of;

  size_t tasks() const { return task_batches.size() - 1; }
};

InMemoryWindow::InMemoryWindow(std::vector<DataType> types, idx_t input_width,
                               std::vector<idx_t> partition, std::vector<SortKey> order,
                               std::vector<BoundWindowFunction> functions)
    : types_(std::move(types)),
      input_width_(input_width),
      partition_(std::move(partition)),
      order_(std::move(order)),
      functions_(std::move(functions)) {}

std::vector<Batch> InMemoryWindow::evaluate(std::vector<Batch> input) const {
  Plan plan(input);
  plan.batch_start.reserve(input.size());
  for (const Batch& batch : input) {
    plan.batch_start.push_back(plan.total);
    plan.total += batch.num_rows;
  }
  if (plan.total == 0)
    return {};
  TaskScheduler& scheduler = TaskScheduler::shared();
  plan.input_types.assign(types_.begin(), types_.begin() + input_width_);
  for (idx_t column : partition_)
    plan.keys.push_back(SortKey{column, true, true});
  plan.keys.insert(plan.keys.end(), order_.begin(), order_.end());
  plan.bucket_count =
      partition_.empty() ? 1 : std::clamp<size_t>(plan.total / kRowsPerBucket, 1, kMaxBuckets);
  size_t buckets = plan.bucket_count;
  // Positions are 32-bit, padding between buckets included.
  SLUICE_CHECK(plan.total + 64 * buckets < UINT32_MAX);
  for (size_t batch = 0; batch < input.size(); batch += kWindowBatchesPerTask)
    plan.task_batches.push_back(batch);
  plan.task_batches.push_back(input.size());
  size_t tasks = plan.tasks();

  // Pass 1, one task per group of batches: the bucket of every row, how many rows each task has
  // in each bucket, and the range of every key.
  bool packable = !plan.keys.empty() && PackedKeyLayout::supports(plan.keys, plan.input_types);
  std::vector<std::vector<PackedKeyStats>> stats(
      tasks, std::vector<PackedKeyStats>(packable ? plan.keys.size() : 0));
  plan.task_cursor.assign(tasks * buckets, 0);
  if (buckets > 1)
    plan.bucket_of.resize(plan.total);
  scheduler.parallelFor(tasks, [&](size_t task) {
    uint32_t* counts = plan.task_cursor.data() + task * buckets;
    std::vector<uint64_t> hashes;
    for (size_t index = plan.task_batches[task]; index < plan.task_batches[task + 1]; ++index) {
      const Batch& batch = input[index];
      idx_t count = batch.num_rows;
      if (packable)
        PackedKeyLayout::collect(plan.keys, batch, stats[task]);
      if (buckets == 1) {
        counts[0] += static_cast<uint32_t>(count);
        continue;
      }
      hashPartitionKeys(batch, partition_, hashes);
      uint16_t* bucket_of = plan.bucket_of.data() + plan.batch_start[index];
      for (idx_t row = 0; row < count; ++row) {
        uint64_t mixed = hashes[row] * 0x9E3779B97F4A7C15ULL;
        auto bucket = static_cast<uint16_t>((mixed >> 32) % buckets);
        bucket_of[row] = bucket;
        ++counts[bucket];
      }
    }
  });

  // Buckets start at multiples of 64 rows; within a bucket, the tasks' rows follow each other
  // in input order.
  plan.bucket_start.assign(buckets + 1, 0);
  plan.bucket_rows.assign(buckets, 0);
  size_t position = 0;
  for (size_t bucket = 0; bucket < buckets; ++bucket) {
    plan.bucket_start[bucket] = position;
    for (size_t task = 0; task < tasks; ++task) {
      uint32_t& cursor = plan.task_cursor[task * buckets + bucket];
      uint32_t rows = cursor;
      cursor = static_cast<uint32_t>(position);
      position += rows;
      plan.bucket_rows[bucket] += rows;
    }
    position = alignRows(position);
  }
  plan.bucket_start[buckets] = position;

  size_t words = 0;
  if (packable) {
    std::vector<PackedKeyStats> merged(plan.keys.size());
    for (const auto& task_stats : stats) {
      for (size_t key = 0; key < merged.size(); ++key)
        merged[key].merge(task_stats[key]);
    }
    plan.packed.emplace(plan.keys, plan.input_types, merged, partition_.size());
    words = plan.packed->words() <= kMaxPackedKeyWords ? plan.packed->words() : 0;
  }
  switch (words) {
    case 0:
      sortAndEvaluate<0>(plan);
      break;
    case 1:
      sortAndEvaluate<1>(plan);
      break;
    case 2:
      sortAndEvaluate<2>(plan);
      break;
    case 3:
      sortAndEvaluate<3>(plan);
      break;
    default:
      sortAndEvaluate<4>(plan);
      break;
  }

  // Pass 4, one task per group of batches: every input batch with the functions' values for
  // its rows beside its columns.
  std::vector<Batch> output(input.size());
  scheduler.parallelFor(tasks, [&](size_t task) {
    for (size_t index = plan.task_batches[task]; index < plan.task_batches[task + 1]; ++index) {
      Batch& batch = input[index];
      idx_t count = batch.num_rows;
      if (count == 0)
        continue;
      Batch& out = output[index];
      out.num_rows = count;
      out.columns = std::move(batch.columns);
      for (size_t function = 0; function < functions_.size(); ++function) {
        if (plan.scattered[function] != nullptr) {
          out.columns.push_back(std::move(plan.scattered[function]->vectors[index]));
          continue;
        }
        Vector values(types_[input_width_ + function], count);
        gatherOwned(plan.results[function], plan.position_of.data() + plan.batch_start[index],
                    count, values);
        out.columns.push_back(std::move(values));
      }
    }
  });
  std::erase_if(output, [](const Batch& batch) { return batch.num_rows == 0; });
  return output;
}

template <size_t kWords>
void InMemoryWindow::sortAndEvaluate(Plan& plan) const {
  const std::vector<Batch>& input = plan.input;
  TaskScheduler& scheduler = TaskScheduler::shared();
  size_t buckets = plan.bucket_count;
  size_t tasks = plan.tasks();

  // Pass 2, one task per group of batches: every row's entry at its place in its bucket.
  // Not zeroed here: each task zeroes the keys of its own rows, so every page is touched once,
  // and the padding between buckets is never read.
  std::unique_ptr<Entry<kWords>[]> entries(new Entry<kWords>[plan.bucket_start[buckets]]);
  scheduler.parallelFor(tasks, [&](size_t task) {
    uint32_t* cursors = plan.task_cursor.data() + task * buckets;
    std::vector<uint32_t> positions;
    for (size_t index = plan.task_batches[task]; index < plan.task_batches[task + 1]; ++index) {
      const Batch& batch = input[index];
      idx_t count = batch.num_rows;
      positions.resize(count);
      const uint16_t* bucket_of =
          buckets > 1 ? plan.bucket_of.data() + plan.batch_start[index] : nullptr;
      for (idx_t row = 0; row < count; ++row) {
        uint32_t position = cursors[bucket_of != nullptr ? bucket_of[row] : 0]++;
        positions[row] = position;
        Entry<kWords>& entry = entries[position];
        if constexpr (kWords > 0)
          std::fill(entry.key, entry.key + kWords, uint64_t{0});
        entry.batch = static_cast<uint32_t>(index);
        entry.row = static_cast<uint32_t>(row);
      }
      if constexpr (kWords > 0) {
        static_assert(sizeof(Entry<kWords>) == (kWords + 1) * sizeof(uint64_t));
        plan.packed->encode(batch, positions.data(), entries.get()->key, kWords + 1);
      }
    }
  });
  std::vector<uint16_t>().swap(plan.bucket_of);

  // Which columns the functions read, in sort order.
  std::vector<uint8_t> read(input_width_, 0);
  std::vector<std::optional<ColumnSlices>> slices(input_width_);
  bool has_range_keys = false;
  for (const BoundWindowFunction& function : functions_) {
    for (idx_t column : function.arguments)
      read[column] = 1;
    if (function.default_column != BoundWindowFunction::kNoColumn)
      read[function.default_column] = 1;
    if (needsRangeKeys(function.frame) && !order_.empty()) {
      has_range_keys = true;
      read[order_[0].column] = 1;
    }
  }

  for (idx_t column = 0; column < input_width_; ++column) {
    const DataType& type = plan.input_types[column];
    if (read[column] && !type.isNested() && !type.isVoid())
      slices[column].emplace(input, column);
  }

  plan.results.clear();
  plan.scattered.clear();
  plan.kept.assign(functions_.size(), std::vector<Vector>(buckets));
  bool gathered = false;
  for (size_t function = 0; function < functions_.size(); ++function) {
    const DataType& type = types_[input_width_ + function];
    if (scatteredDirectly(type)) {
      plan.scattered.push_back(std::make_unique<ScatteredColumn>(type, input));
      plan.results.emplace_back();
      continue;
    }
    gathered = true;
    plan.scattered.push_back(nullptr);
    plan.results.emplace_back(type, std::max<size_t>(plan.bucket_start[buckets], 1));
    // The bitmap exists before the threads write to it.
    if (placeableInParallel(type))
      plan.results.back().mutableValidity();
  }
  if (gathered)
    plan.position_of.resize(plan.total);
  size_t partition_bits = kWords > 0 ? plan.packed->partitionBits() : 0;

  // Pass 3, one task per bucket: sort, find partitions and peers, compute every function.
  scheduler.parallelFor(buckets, [&](size_t bucket) {
    idx_t count = plan.bucket_rows[bucket];
    if (count == 0)
      return;
    size_t start = plan.bucket_start[bucket];
    Entry<kWords>* rows = entries.get() + start;
    std::vector<uint8_t> new_partition(count, 0);
    std::vector<uint8_t> new_peer(count, 0);
    new_partition[0] = 1;
    new_peer[0] = 1;
    if constexpr (kWords > 0) {
      // Ties keep the input order.
      std::sort(rows, rows + count, [](const Entry<kWords>& a, const Entry<kWords>& b) {
        for (size_t w = 0; w < kWords; ++w) {
          if (a.key[w] != b.key[w])
            return a.key[w] < b.key[w];
        }
        return a.batch != b.batch ? a.batch < b.batch : a.row < b.row;
      });
      for (idx_t i = 1; i < count; ++i) {
        bool partition = !samePrefix(rows[i - 1].key, rows[i].key, partition_bits);
        new_partition[i] = partition;
        new_peer[i] = partition || !samePrefix(rows[i - 1].key, rows[i].key, kWords * 64);
      }
    } else {
      if (!plan.keys.empty()) {
        RowComparator comparator(plan.keys, plan.input_types);
        std::sort(rows, rows + count, [&](const Entry<0>& a, const Entry<0>& b) {
          int order = comparator.compare(input[a.batch], a.row, input[b.batch], b.row);
          if (order != 0)
            return order < 0;
          return a.batch != b.batch ? a.batch < b.batch : a.row < b.row;
        });
      }
      std::vector<SortKey> partition_keys(plan.keys.begin(), plan.keys.begin() + partition_.size());
      RowComparator partition_comparator(partition_keys, plan.input_types);
      RowComparator order_comparator(order_, plan.input_types);
      for (idx_t i = 1; i < count; ++i) {
        const Batch& previous = input[rows[i - 1].batch];
        const Batch& current = input[rows[i].batch];
        bool partition =
            !partition_.empty() &&
            partition_comparator.compare(previous, rows[i - 1].row, current, rows[i].row) != 0;
        new_partition[i] = partition;
        new_peer[i] =
            partition || (!order_.empty() && order_comparator.compare(previous, rows[i - 1].row,
                                                                      current, rows[i].row) != 0);
      }
    }
    WindowRunLayout layout;
    computeRunLayout(new_partition, new_peer, layout);
    std::vector<uint8_t>().swap(new_partition);
    std::vector<uint8_t>().swap(new_peer);

    // The columns the functions read, in sort order; the others stay empty.
    Batch run;
    run.num_rows = count;
    run.columns.resize(input_width_);
    for (idx_t column = 0; column < input_width_; ++column) {
      if (!read[column])
        continue;
      run.columns[column] = Vector(plan.input_types[column], count);
      gatherInput(input, column, slices[column] ? &*slices[column] : nullptr, rows, count,
                  run.columns[column]);
    }

    RangeKeys range_keys;
    if (has_range_keys) {
      const Vector& key = run.columns[order_[0].column];
      range_keys.values.resize(count);
      range_keys.is_null.resize(count);
      double sign = order_[0].ascending ? 1.0 : -1.0;
      for (idx_t row = 0; row < count; ++row) {
        range_keys.is_null[row] = key.isNull(row);
        range_keys.values[row] = range_keys.is_null[row] ? 0.0 : sign * numericKey(key, row);
      }
    }

    for (size_t index = 0; index < functions_.size(); ++index) {
      Vector result(types_[input_width_ + index], count);
      evaluateWindowFunction(functions_[index], run, count, layout,
                             has_range_keys ? &range_keys : nullptr, result);
      if (plan.scattered[index] != nullptr) {
        plan.scattered[index]->scatter(result, rows, count);
        continue;
      }
      if (placeableInParallel(result.type()))
        placeRows(result, count, plan.results[index], start);
      // Strings may point into the bucket's result: it is kept alive.
      if (!placeableInParallel(result.type()) || result.type().hasStringValues())
        plan.kept[index][bucket] = std::move(result);
    }
    if (gathered) {
      for (idx_t i = 0; i < count; ++i)
        plan.position_of[plan.batch_start[rows[i].batch] + rows[i].row] =
            static_cast<uint32_t>(start + i);
    }
  });

  for (size_t index = 0; index < functions_.size(); ++index) {
    if (plan.scattered[index] != nullptr)
      continue;
    Vector& values = plan.results[index];
    for (size_t bucket = 0; bucket < buckets; ++bucket) {
      Vector& kept = plan.kept[index][bucket];
      if (plan.bucket_rows[bucket] == 0 || kept.capacity() == 0)
        continue;
      if (placeableInParallel(values.type()))
        values.shareStringsOf(kept);
      else
        placeRows(kept, plan.bucket_rows[bucket], values, plan.bucket_start[bucket]);
    }
  }
  plan.kept.clear();
}

std::string InMemoryWindow::describe() const {
  std::string text = "partition [";
  for (size_t i = 0; i < partition_.size(); ++i)
    text += fmt::format("{}#{}", i > 0 ? ", " : "", partition_[i]);
  text += "] order [";
  for (size_t i = 0; i < order_.size(); ++i) {
    text +=
        fmt::format("{}#{} {} NULLS {}", i > 0 ? ", " : "", order_[i].column,
                    order_[i].ascending ? "ASC" : "DESC", order_[i].nulls_first ? "FIRST" : "LAST");
  }
  text += "] [";
  for (size_t i = 0; i < functions_.size(); ++i)
    text += (i > 0 ? ", " : "") + functions_[i].toString();
  return text + "]";
}

}  // namespace sluice
