// src/exec/physical/physical_window.cpp
#include "exec/physical/physical_window.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "exec/aggregate/group_keys.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/window/window_function_evaluator.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

//! Rows per bucket that make a bucket worth a task of its own.
constexpr size_t kRowsPerBucket = 4096;
constexpr size_t kMaxBuckets = 1024;

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

//! Whether a key of this type can be encoded into one unsigned word that sorts like it.
bool encodable(const DataType& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return true;
    case TypeId::kDecimal:
      return type.precision() <= 18;
    default:
      return false;
  }
}

uint64_t encodeSigned(int64_t value) {
  return static_cast<uint64_t>(value) ^ (uint64_t{1} << 63);
}

//! Spark's order of doubles: -0.0 equals 0.0 and NaN is above everything.
uint64_t encodeDouble(double value) {
  if (value != value)
    return ~uint64_t{0};
  if (value == 0.0)
    value = 0.0;
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return (bits >> 63) != 0 ? ~bits : bits ^ (uint64_t{1} << 63);
}

uint64_t encodeValue(const Vector& vector, idx_t row) {
  switch (vector.type().id()) {
    case TypeId::kBoolean:
      return vector.at<uint8_t>(row);
    case TypeId::kByte:
      return encodeSigned(vector.at<int8_t>(row));
    case TypeId::kShort:
      return encodeSigned(vector.at<int16_t>(row));
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return encodeSigned(vector.at<int32_t>(row));
    case TypeId::kFloat:
      return encodeDouble(vector.at<float>(row));
    case TypeId::kDouble:
      return encodeDouble(vector.at<double>(row));
    default:  // BIGINT, timestamps, day-time intervals, DECIMAL(p <= 18)
      return encodeSigned(vector.at<int64_t>(row));
  }
}

//! Sorts `rows` (stably) by `keys` encoded into words: per key a NULL rank and the value.
template <size_t kKeys, typename Row>
void sortByEncodedKeys(const std::vector<Batch>& input, const std::vector<SortKey>& keys,
                       std::vector<Row>& rows) {
  struct Entry {
    uint64_t words[2 * kKeys];
    uint32_t index;
  };
  std::vector<Entry> entries(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    Entry& entry = entries[i];
    entry.index = static_cast<uint32_t>(i);
    for (size_t k = 0; k < kKeys; ++k) {
      const Vector& vector = input[rows[i].batch].columns[keys[k].column];
      if (vector.isNull(rows[i].row)) {
        entry.words[2 * k] = keys[k].nulls_first ? 0 : 2;
        entry.words[2 * k + 1] = 0;
        continue;
      }
      uint64_t value = encodeValue(vector, rows[i].row);
      entry.words[2 * k] = 1;
      entry.words[2 * k + 1] = keys[k].ascending ? value : ~value;
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    for (size_t w = 0; w < 2 * kKeys; ++w) {
      if (a.words[w] != b.words[w])
        return a.words[w] < b.words[w];
    }
    return a.index < b.index;
  });
  std::vector<Row> sorted(rows.size());
  for (size_t i = 0; i < rows.size(); ++i)
    sorted[i] = rows[entries[i].index];
  rows.swap(sorted);
}

bool needsRangeKeys(const WindowFrameSpec& frame) {
  auto valued = [](const WindowBound& bound) {
    return bound.kind == WindowBoundKind::kPreceding || bound.kind == WindowBoundKind::kFollowing;
  };
  return !frame.rows && (valued(frame.start) || valued(frame.end));
}

}  // namespace

PhysicalWindow::PhysicalWindow(std::vector<DataType> types, idx_t input_width,
                               std::vector<idx_t> partition, std::vector<SortKey> order,
                               std::vector<BoundWindowFunction> functions)
    : MaterializingBreaker("Window", std::move(types)),
      input_width_(input_width),
      partition_(std::move(partition)),
      order_(std::move(order)),
      functions_(std::move(functions)) {}

std::vector<Batch> PhysicalWindow::produce(std::vector<Batch> input) const {
  size_t total = 0;
  for (const Batch& batch : input)
    total += batch.num_rows;
  if (total == 0)
    return {};
  size_t bucket_count =
      partition_.empty() ? 1 : std::clamp<size_t>(total / kRowsPerBucket, 1, kMaxBuckets);
  std::vector<std::vector<RowReference>> buckets(bucket_count);
  std::vector<uint64_t> hashes;
  for (size_t batch_index = 0; batch_index < input.size(); ++batch_index) {
    const Batch& batch = input[batch_index];
    idx_t count = batch.num_rows;
    if (bucket_count == 1) {
      for (idx_t row = 0; row < count; ++row)
        buckets[0].push_back({static_cast<uint32_t>(batch_index), static_cast<uint32_t>(row)});
      continue;
    }
    hashes.assign(count, 0);
    bool hashed = false;
    for (idx_t column : partition_) {
      const Vector& key = batch.columns[column];
      // A constant key is the same for every row of the batch: it splits nothing here.
      if (key.isConstant())
        continue;
      hashKeyColumn(key, count, hashes.data(), hashed);
      hashed = true;
    }
    for (idx_t row = 0; row < count; ++row) {
      uint64_t mixed = hashes[row] * 0x9E3779B97F4A7C15ULL;
      size_t bucket = static_cast<size_t>((mixed >> 32) % bucket_count);
      buckets[bucket].push_back({static_cast<uint32_t>(batch_index), static_cast<uint32_t>(row)});
    }
  }

  std::vector<std::vector<Batch>> outputs(bucket_count);
  TaskScheduler::shared().parallelFor(bucket_count, [&](size_t bucket) {
    if (!buckets[bucket].empty())
      outputs[bucket] = processBucket(input, buckets[bucket]);
    std::vector<RowReference>().swap(buckets[bucket]);
  });
  std::vector<Batch> output;
  for (auto& batches : outputs) {
    for (Batch& batch : batches)
      output.push_back(std::move(batch));
  }
  return output;
}

std::vector<Batch> PhysicalWindow::processBucket(const std::vector<Batch>& input,
                                                 std::vector<RowReference>& rows) const {
  std::vector<DataType> input_types(types().begin(), types().begin() + input_width_);
  std::vector<SortKey> partition_keys;
  for (idx_t column : partition_)
    partition_keys.push_back(SortKey{column, true, true});
  std::vector<SortKey> all_keys = partition_keys;
  all_keys.insert(all_keys.end(), order_.begin(), order_.end());
  bool fast = !all_keys.empty() && all_keys.size() <= 4;
  for (const SortKey& key : all_keys)
    fast = fast && encodable(input_types[key.column]);
  if (fast) {
    switch (all_keys.size()) {
      case 1:
        sortByEncodedKeys<1>(input, all_keys, rows);
        break;
      case 2:
        sortByEncodedKeys<2>(input, all_keys, rows);
        break;
      case 3:
        sortByEncodedKeys<3>(input, all_keys, rows);
        break;
      default:
        sortByEncodedKeys<4>(input, all_keys, rows);
        break;
    }
  } else if (!all_keys.empty()) {
    RowComparator comparator(all_keys, input_types);
    std::stable_sort(rows.begin(), rows.end(), [&](const RowReference& a, const RowReference& b) {
      return comparator.compare(input[a.batch], a.row, input[b.batch], b.row) < 0;
    });
  }

  // The bucket in sort order, as contiguous columns.
  idx_t count = rows.size();
  Batch run;
  run.num_rows = count;
  std::vector<uint8_t> batch_seen(input.size(), 0);
  for (const RowReference& row : rows)
    batch_seen[row.batch] = 1;
  for (idx_t column = 0; column < input_width_; ++column) {
    const DataType& type = input_types[column];
    Vector target(type, count);
    if (type.isNested() || type.isVoid()) {
      for (idx_t i = 0; i < count; ++i)
        copyValue(input[rows[i].batch].columns[column], rows[i].row, target, i);
    } else {
      visitScalarType(type, [&]<typename T>() {
        // Strings are not copied: the run keeps the input vectors' string bytes alive.
        if constexpr (std::is_same_v<T, StringView>) {
          for (size_t batch = 0; batch < input.size(); ++batch) {
            if (batch_seen[batch])
              target.shareStringsOf(input[batch].columns[column]);
          }
        }
        T* out = target.mutableData<T>();
        for (idx_t i = 0; i < count; ++i) {
          const Vector& source = input[rows[i].batch].columns[column];
          if (source.isNull(rows[i].row))
            target.setNull(i);
          else
            out[i] = source.at<T>(rows[i].row);
        }
      });
    }
    run.columns.push_back(std::move(target));
  }

  std::vector<uint8_t> new_partition(count, 0);
  std::vector<uint8_t> new_peer(count, 0);
  new_partition[0] = 1;
  new_peer[0] = 1;
  RowComparator partition_comparator(partition_keys, input_types);
  RowComparator order_comparator(order_, input_types);
  for (idx_t row = 1; row < count; ++row) {
    new_partition[row] =
        !partition_keys.empty() && partition_comparator.compare(run, row - 1, run, row) != 0;
    new_peer[row] = new_partition[row] ||
                    (!order_.empty() && order_comparator.compare(run, row - 1, run, row) != 0);
  }
  WindowRunLayout layout;
  computeRunLayout(new_partition, new_peer, layout);

  RangeKeys range_keys;
  bool has_range_keys = false;
  for (const BoundWindowFunction& function : functions_) {
    if (!needsRangeKeys(function.frame) || has_range_keys || order_.empty())
      continue;
    has_range_keys = true;
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
    Vector result(types()[input_width_ + index], count);
    evaluateWindowFunction(functions_[index], run, count, layout,
                           has_range_keys ? &range_keys : nullptr, result);
    run.columns.push_back(std::move(result));
  }

  // Cut into batches of kVectorSize rows.
  std::vector<Batch> output;
  std::vector<uint32_t> indices(std::min<idx_t>(count, kVectorSize));
  for (idx_t start = 0; start < count; start += kVectorSize) {
    idx_t size = std::min<idx_t>(kVectorSize, count - start);
    std::iota(indices.begin(), indices.begin() + size, static_cast<uint32_t>(start));
    Batch batch;
    batch.num_rows = size;
    for (const Vector& column : run.columns) {
      Vector target(column.type(), size);
      gatherRows(column, RowSet{indices.data(), size}, target);
      batch.columns.push_back(std::move(target));
    }
    output.push_back(std::move(batch));
  }
  return output;
}

std::string PhysicalWindow::details() const {
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
