#include "exec/join/join_hash_table.hpp"

#include <algorithm>
#include <atomic>
#include <bit>

#include "exec/aggregate/group_keys.hpp"

namespace sluice {

JoinHashTable::JoinHashTable(std::vector<DataType> key_types, std::vector<bool> null_safe)
    : layout_(std::move(key_types), {}), null_safe_(std::move(null_safe)) {
  for (bool safe : null_safe_)
    any_null_rejecting_ = any_null_rejecting_ || !safe;
}

void JoinHashTable::reserve(idx_t rows, size_t writers) {
  // At most one build row per bucket on average: chains stay short, buckets stay small.
  idx_t buckets = std::bit_ceil(std::max<idx_t>(rows, 1024));
  buckets_.assign(buckets, kEnd);
  mask_ = buckets - 1;
  next_.assign(rows, kEnd);
  size_ = rows;
  if (rows > 0)
    rows_ = PageMemory(rows * layout_.row_width);
  writers_.clear();
  for (size_t writer = 0; writer < std::max<size_t>(writers, 1); ++writer)
    writers_.push_back(std::make_unique<Writer>());
}

void JoinHashTable::reserveDirect(idx_t rows, size_t writers, int64_t min_key, int64_t max_key) {
  reserve(0, writers);
  direct_ = true;
  direct_min_ = min_key;
  buckets_.assign(static_cast<idx_t>(max_key - min_key) + 1, kEnd);
  next_.assign(rows, kEnd);
  size_ = rows;
}

namespace {

//! Calls body(type tag) with the physical integral type of an integral key, or returns false.
template <typename Body>
bool visitIntegralKey(const DataType& type, Body&& body) {
  if (!type.isIntegral())
    return false;
  switch (type.physicalSize()) {
    case 1:
      body(int8_t{});
      return true;
    case 2:
      body(int16_t{});
      return true;
    case 4:
      body(int32_t{});
      return true;
    case 8:
      body(int64_t{});
      return true;
    default:
      return false;
  }
}

}  // namespace

bool JoinHashTable::widenKeyRange(const Vector& key, idx_t count,
                                  const std::vector<bool>& null_safe, int64_t& min_key,
                                  int64_t& max_key) {
  if (null_safe.size() != 1 || null_safe[0])
    return false;
  return visitIntegralKey(key.type(), [&]<typename T>(T) {
    const T* values = key.data<T>();
    bool nulls = key.mayHaveNulls();
    for (idx_t row = 0; row < count; ++row) {
      if (nulls && key.isNull(row))
        continue;
      auto value = static_cast<int64_t>(values[key.slot(row)]);
      min_key = std::min(min_key, value);
      max_key = std::max(max_key, value);
    }
  });
}

bool JoinHashTable::isDirectRange(int64_t min_key, int64_t max_key, idx_t rows) {
  if (min_key > max_key)
    return false;
  // A range within a few times the rows costs no more memory than hash buckets would.
  auto range = static_cast<uint64_t>(max_key) - static_cast<uint64_t>(min_key);
  return range < 4 * static_cast<uint64_t>(rows) + 1024;
}

void JoinHashTable::directBuckets(const Vector& key, idx_t count, uint64_t* buckets) const {
  uint64_t range = buckets_.size();
  bool handled = visitIntegralKey(key.type(), [&]<typename T>(T) {
    const T* values = key.data<T>();
    bool constant = key.isConstant();
    for (idx_t row = 0; row < count; ++row) {
      uint64_t offset = static_cast<uint64_t>(static_cast<int64_t>(values[constant ? 0 : row])) -
                        static_cast<uint64_t>(direct_min_);
      buckets[row] = offset < range ? offset : kNoBucket;
    }
    if (key.mayHaveNulls()) {
      for (idx_t row = 0; row < count; ++row) {
        if (key.isNull(row))
          buckets[row] = kNoBucket;
      }
    }
  });
  SLUICE_CHECK(handled);
}

void JoinHashTable::hashKeys(const std::vector<Vector>& keys, idx_t count, uint64_t* hashes) {
  for (idx_t column = 0; column < keys.size(); ++column)
    hashKeyColumn(keys[column], count, hashes, column > 0);
}

bool JoinHashTable::hasNullKey(const std::vector<Vector>& keys, idx_t row) const {
  for (idx_t column = 0; column < keys.size(); ++column) {
    if (!null_safe_[column] && (keys[column].type().isVoid() || keys[column].isNull(row)))
      return true;
  }
  return false;
}

void JoinHashTable::insertAt(const std::vector<Vector>& keys, const uint64_t* hashes, idx_t count,
                             idx_t first_row, size_t writer_index) {
  Writer& writer = *writers_[writer_index];
  writer.selection.clear();
  writer.row_pointers.resize(direct_ ? 0 : count);
  for (idx_t row = 0; row < count; ++row) {
    if (!direct_)
      writer.row_pointers[row] = rowAt(first_row + row);
    if (any_null_rejecting_ && hasNullKey(keys, row))
      continue;
    writer.selection.push_back(static_cast<uint32_t>(row));
  }
  idx_t kept = writer.selection.size();
  if (direct_) {
    // The bucket is the key: no stored row is ever compared.
    writer.buckets.resize(count);
    directBuckets(keys[0], count, writer.buckets.data());
    for (idx_t i = 0; i < kept; ++i) {
      uint32_t row = writer.selection[i];
      uint32_t build_row = static_cast<uint32_t>(first_row + row);
      uint32_t previous = std::atomic_ref<uint32_t>(buckets_[writer.buckets[row]])
                              .exchange(build_row + 1, std::memory_order_relaxed);
      next_[build_row] = previous;
      writer.chained = writer.chained || previous != kEnd;
    }
    return;
  }
  for (idx_t column = 0; column < keys.size(); ++column) {
    scatterKeyColumn(keys[column], writer.selection.data(), kept, writer.row_pointers.data(),
                     layout_, column, writer.heap);
  }
  for (idx_t i = 0; i < kept; ++i) {
    uint32_t row = writer.selection[i];
    uint64_t hash = hashes[row];
    std::memcpy(writer.row_pointers[row], &hash, sizeof(hash));
    uint32_t build_row = static_cast<uint32_t>(first_row + row);
    // Writers link rows into the same chains: the head moves by one atomic exchange.
    next_[build_row] = std::atomic_ref<uint32_t>(buckets_[hash & mask_])
                           .exchange(build_row + 1, std::memory_order_relaxed);
  }
}

void JoinHashTable::startProbe(const std::vector<Vector>& keys, idx_t count,
                               ProbeCursor& cursor) const {
  cursor.hashes.resize(count);
  cursor.candidate_rows.resize(count);
  cursor.candidate_of.resize(count);
  cursor.selection.resize(count);
  cursor.mismatches.resize(count);
  cursor.rows.resize(count);
  cursor.candidates.resize(count);
  cursor.count = 0;
  if (size_ == 0)
    return;
  // A large table's buckets and rows miss the caches: ask for a whole vector's at once.
  bool prefetch = buckets_.size() >= kPrefetchBuckets;
  if (direct_) {
    directBuckets(keys[0], count, cursor.hashes.data());
    if (prefetch) {
      for (idx_t row = 0; row < count; ++row) {
        if (cursor.hashes[row] != kNoBucket)
          __builtin_prefetch(&buckets_[cursor.hashes[row]]);
      }
    }
    idx_t active = 0;
    for (idx_t row = 0; row < count; ++row) {
      if (cursor.hashes[row] == kNoBucket)
        continue;
      uint32_t head = buckets_[cursor.hashes[row]];
      cursor.rows[active] = static_cast<uint32_t>(row);
      cursor.candidates[active] = head - 1;
      active += head != kEnd ? 1 : 0;
    }
    cursor.count = active;
    return;
  }
  hashKeys(keys, count, cursor.hashes.data());
  if (prefetch) {
    for (idx_t row = 0; row < count; ++row)
      __builtin_prefetch(&buckets_[cursor.hashes[row] & mask_]);
  }
  idx_t active = 0;
  for (idx_t row = 0; row < count; ++row) {
    uint32_t head = buckets_[cursor.hashes[row] & mask_];
    if (head == kEnd || (any_null_rejecting_ && hasNullKey(keys, row)))
      continue;
    cursor.rows[active] = static_cast<uint32_t>(row);
    cursor.candidates[active] = head - 1;
    ++active;
  }
  cursor.count = active;
  if (prefetch) {
    for (idx_t i = 0; i < active; ++i)
      __builtin_prefetch(rowAt(cursor.candidates[i]));
  }
}

idx_t JoinHashTable::matchAndAdvance(const std::vector<Vector>& keys, ProbeCursor& cursor,
                                     uint32_t* probe_rows, uint32_t* build_rows) const {
  if (direct_) {
    // Every candidate has the probe row's key.
    for (idx_t i = 0; i < cursor.count; ++i) {
      probe_rows[i] = cursor.rows[i];
      build_rows[i] = cursor.candidates[i];
    }
    idx_t matches = cursor.count;
    cursor.count = anyChained() ? advance(cursor) : 0;
    return matches;
  }
  // The stored hash decides most candidates before any key is compared.
  idx_t selected = 0;
  for (idx_t i = 0; i < cursor.count; ++i) {
    uint32_t row = cursor.rows[i];
    uint8_t* candidate = rowAt(cursor.candidates[i]);
    if (GroupRowLayout::hashOf(candidate) != cursor.hashes[row])
      continue;
    cursor.candidate_rows[row] = candidate;
    cursor.candidate_of[row] = cursor.candidates[i];
    cursor.selection[selected++] = row;
  }
  for (idx_t column = 0; column < keys.size() && selected > 0; ++column) {
    idx_t mismatch_count = 0;
    selected = matchKeyColumn(keys[column], cursor.selection.data(), selected,
                              cursor.candidate_rows.data(), layout_, column,
                              cursor.mismatches.data(), mismatch_count);
  }
  for (idx_t i = 0; i < selected; ++i) {
    uint32_t row = cursor.selection[i];
    probe_rows[i] = row;
    build_rows[i] = cursor.candidate_of[row];
  }
  cursor.count = advance(cursor);
  if (buckets_.size() >= kPrefetchBuckets) {
    for (idx_t i = 0; i < cursor.count; ++i)
      __builtin_prefetch(rowAt(cursor.candidates[i]));
  }
  return selected;
}

bool JoinHashTable::anyChained() const {
  for (const auto& writer : writers_) {
    if (writer->chained)
      return true;
  }
  return false;
}

idx_t JoinHashTable::advance(ProbeCursor& cursor) const {
  idx_t active = 0;
  for (idx_t i = 0; i < cursor.count; ++i) {
    uint32_t next = next_[cursor.candidates[i]];
    if (next == kEnd)
      continue;
    cursor.rows[active] = cursor.rows[i];
    cursor.candidates[active] = next - 1;
    ++active;
  }
  return active;
}

}  // namespace sluice
