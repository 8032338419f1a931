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
  writer.row_pointers.resize(count);
  for (idx_t row = 0; row < count; ++row) {
    writer.row_pointers[row] = rowAt(first_row + row);
    if (any_null_rejecting_ && hasNullKey(keys, row))
      continue;
    writer.selection.push_back(static_cast<uint32_t>(row));
  }
  idx_t kept = writer.selection.size();
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
  hashKeys(keys, count, cursor.hashes.data());
  // A large table's buckets and rows miss the caches: ask for a whole vector's at once.
  bool prefetch = buckets_.size() >= kPrefetchBuckets;
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
  idx_t active = 0;
  for (idx_t i = 0; i < cursor.count; ++i) {
    uint32_t next = next_[cursor.candidates[i]];
    if (next == kEnd)
      continue;
    cursor.rows[active] = cursor.rows[i];
    cursor.candidates[active] = next - 1;
    ++active;
  }
  cursor.count = active;
  if (buckets_.size() >= kPrefetchBuckets) {
    for (idx_t i = 0; i < active; ++i)
      __builtin_prefetch(rowAt(cursor.candidates[i]));
  }
  return selected;
}

}  // namespace sluice
