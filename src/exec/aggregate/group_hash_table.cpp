// src/exec/aggregate/group_hash_table.cpp
#include "exec/aggregate/group_hash_table.hpp"

#include <algorithm>
#include <cstring>

#include "common/check.hpp"
#include "exec/aggregate/group_keys.hpp"

namespace sluice {

namespace {

idx_t nextPowerOfTwo(idx_t value) {
  idx_t power = 1;
  while (power < value)
    power <<= 1;
  return power;
}

//! The slots a table of `groups` groups needs: a power of two, at least 16, half of them free.
idx_t slotsFor(idx_t groups) {
  return std::max<idx_t>(16, nextPowerOfTwo(2 * groups));
}

}  // namespace

GroupHashTable::GroupHashTable(const GroupRowLayout& layout, idx_t initial_capacity)
    : layout_(layout) {
  resize(nextPowerOfTwo(std::max<idx_t>(initial_capacity, 16)));
}

void GroupHashTable::reserve(idx_t groups) {
  idx_t capacity = std::max(capacity_, slotsFor(groups));
  if (capacity != capacity_)
    resize(capacity);
}

void GroupHashTable::clear() {
  std::memset(entries_, 0, capacity_ * sizeof(uint64_t));
  groups_.clear();
}

void GroupHashTable::clearFor(idx_t groups) {
  idx_t wanted = slotsFor(groups);
  // Clearing costs a write per slot: worth it while the slots are not far more than needed.
  constexpr idx_t kMaxSpareFactor = 4;
  if (capacity_ < wanted || capacity_ > kMaxSpareFactor * wanted) {
    groups_.clear();
    resize(wanted);
  } else {
    clear();
  }
}

void GroupHashTable::resize(idx_t capacity) {
  capacity_ = capacity;
  mask_ = capacity - 1;
  // Zeroed memory: every slot empty.
  size_t bytes = capacity * sizeof(uint64_t);
  if (bytes >= PageArena::kSlabSize) {
    page_entries_ = PageMemory(bytes, FirstTouch::kRead);
    heap_entries_.reset();
    entries_ = reinterpret_cast<uint64_t*>(page_entries_.data());
  } else {
    heap_entries_ = std::make_unique<uint64_t[]>(capacity);
    page_entries_ = PageMemory();
    entries_ = heap_entries_.get();
  }
  for (uint8_t* row : groups_)
    insertEntry(GroupRowLayout::hashOf(row), row);
}

void GroupHashTable::insertEntry(uint64_t hash, uint8_t* row) {
  idx_t slot = hash & mask_;
  while (entries_[slot] != 0)
    slot = (slot + 1) & mask_;
  entries_[slot] = entryFor(hash, row);
}

void GroupHashTable::findOrCreate(const std::vector<Vector>& keys, const RowSet& rows,
                                  const uint64_t* hashes, const uint64_t* partition_hashes,
                                  uint8_t** groups, RowPartitions& storage, StringHeap& heap,
                                  DistinctSketch* sketch) {
  idx_t count = rows.count;
  if (count == 0)
    return;
  SLUICE_CHECK_LE(groups_.size() + count, maxSize());
  idx_t span = 0;
  for (idx_t i = 0; i < count; ++i)
    span = std::max<idx_t>(span, rows.row(i) + 1);
  slots_.resize(span);
  active_.resize(count);
  candidates_.resize(count);
  created_.resize(count);
  mismatches_.resize(count);
  // A large table misses the cache on most probes: each probe asks for the slot of a probe a
  // little ahead (and for the candidate row it finds), so that the misses overlap instead of
  // waiting one after the other.
  bool prefetch = capacity_ >= kPrefetchCapacity;
  for (idx_t i = 0; i < count; ++i) {
    uint32_t row = static_cast<uint32_t>(rows.row(i));
    active_[i] = row;
    slots_[row] = hashes[row] & mask_;
  }
  idx_t first_key_offset = layout_.key_offsets.empty() ? 0 : layout_.key_offsets[0];
  bool separate_partition_hash = layout_.partition_hash_offset != 0;
  idx_t remaining = count;
  while (remaining > 0) {
    idx_t created = 0;
    idx_t candidates = 0;
    for (idx_t i = 0; i < remaining; ++i) {
      uint32_t row = active_[i];
      if (prefetch && i + kPrefetchDistance < remaining) {
        __builtin_prefetch(&entries_[slots_[active_[i + kPrefetchDistance]]]);
      }
      uint64_t salt = saltOf(hashes[row]);
      idx_t slot = slots_[row];
      while (true) {
        uint64_t entry = entries_[slot];
        if (entry == 0) {
          uint8_t* group = storage.allocate(partition_hashes[row]);
          std::memcpy(group, &hashes[row], sizeof(uint64_t));
          if (separate_partition_hash) {
            std::memcpy(group + layout_.partition_hash_offset, &partition_hashes[row],
                        sizeof(uint64_t));
          }
          entries_[slot] = entryFor(hashes[row], group);
          groups_.push_back(group);
          if (sketch != nullptr)
            sketch->add(hashes[row]);
          groups[row] = group;
          created_[created++] = row;
          break;
        }
        if ((entry >> 48) == salt) {
          groups[row] = rowOf(entry);
          if (prefetch)
            __builtin_prefetch(groups[row] + first_key_offset);
          candidates_[candidates++] = row;
          break;
        }
        slot = (slot + 1) & mask_;
      }
      slots_[row] = slot;
    }
    // New groups get their keys before the candidates are compared: a later row of this vector
    // may have found one of them.
    for (idx_t column = 0; column < keys.size(); ++column) {
      scatterKeyColumn(keys[column], created_.data(), created, groups, layout_, column, heap);
    }
    idx_t mismatched = 0;
    for (idx_t column = 0; column < keys.size() && candidates > 0; ++column) {
      candidates = matchKeyColumn(keys[column], candidates_.data(), candidates, groups, layout_,
                                  column, mismatches_.data(), mismatched);
    }
    for (idx_t i = 0; i < mismatched; ++i) {
      uint32_t row = mismatches_[i];
      slots_[row] = (slots_[row] + 1) & mask_;
      active_[i] = row;
    }
    remaining = mismatched;
  }
}

void GroupHashTable::findOrAdopt(uint8_t* const* rows, idx_t count, uint8_t** targets) {
  if (count == 0)
    return;
  SLUICE_CHECK_LE(groups_.size() + count, maxSize());
  slots_.resize(count);
  active_.resize(count);
  candidates_.resize(count);
  mismatches_.resize(count);
  bool prefetch = capacity_ >= kPrefetchCapacity;
  for (idx_t i = 0; i < count; ++i) {
    active_[i] = static_cast<uint32_t>(i);
    slots_[i] = GroupRowLayout::hashOf(rows[i]) & mask_;
  }
  idx_t remaining = count;
  while (remaining > 0) {
    idx_t candidates = 0;
    for (idx_t i = 0; i < remaining; ++i) {
      uint32_t index = active_[i];
      if (prefetch && i + kPrefetchDistance < remaining) {
        __builtin_prefetch(&entries_[slots_[active_[i + kPrefetchDistance]]]);
      }
      uint64_t hash = GroupRowLayout::hashOf(rows[index]);
      uint64_t salt = saltOf(hash);
      idx_t slot = slots_[index];
      while (true) {
        uint64_t entry = entries_[slot];
        if (entry == 0) {
          entries_[slot] = entryFor(hash, rows[index]);
          groups_.push_back(rows[index]);
          targets[index] = nullptr;
          break;
        }
        if ((entry >> 48) == salt) {
          targets[index] = rowOf(entry);
          candidates_[candidates++] = index;
          break;
        }
        slot = (slot + 1) & mask_;
      }
      slots_[index] = slot;
    }
    idx_t mismatched = 0;
    for (idx_t column = 0; column < layout_.key_types.size() && candidates > 0; ++column) {
      candidates = matchRowKeyColumn(rows, layout_, candidates_.data(), candidates, targets,
                                     layout_, column, mismatches_.data(), mismatched);
    }
    for (idx_t i = 0; i < mismatched; ++i) {
      uint32_t index = mismatches_[i];
      slots_[index] = (slots_[index] + 1) & mask_;
      active_[i] = index;
    }
    remaining = mismatched;
  }
}

void GroupHashTable::find(uint8_t* const* rows, idx_t count, const GroupRowLayout& probe_layout,
                          uint8_t** targets) const {
  slots_.resize(count);
  active_.resize(count);
  candidates_.resize(count);
  mismatches_.resize(count);
  bool prefetch = capacity_ >= kPrefetchCapacity;
  for (idx_t i = 0; i < count; ++i) {
    active_[i] = static_cast<uint32_t>(i);
    slots_[i] = probe_layout.partitionHashOf(rows[i]) & mask_;
  }
  idx_t remaining = count;
  while (remaining > 0) {
    idx_t candidates = 0;
    for (idx_t i = 0; i < remaining; ++i) {
      uint32_t index = active_[i];
      if (prefetch && i + kPrefetchDistance < remaining) {
        __builtin_prefetch(&entries_[slots_[active_[i + kPrefetchDistance]]]);
      }
      uint64_t salt = saltOf(probe_layout.partitionHashOf(rows[index]));
      idx_t slot = slots_[index];
      while (true) {
        uint64_t entry = entries_[slot];
        if (entry == 0) {
          targets[index] = nullptr;
          break;
        }
        if ((entry >> 48) == salt) {
          targets[index] = rowOf(entry);
          candidates_[candidates++] = index;
          break;
        }
        slot = (slot + 1) & mask_;
      }
      slots_[index] = slot;
    }
    idx_t mismatched = 0;
    for (idx_t column = 0; column < layout_.key_types.size() && candidates > 0; ++column) {
      candidates = matchRowKeyColumn(rows, probe_layout, candidates_.data(), candidates, targets,
                                     layout_, column, mismatches_.data(), mismatched);
    }
    for (idx_t i = 0; i < mismatched; ++i) {
      uint32_t index = mismatches_[i];
      slots_[index] = (slots_[index] + 1) & mask_;
      active_[i] = index;
    }
    remaining = mismatched;
  }
}

}  // namespace sluice
