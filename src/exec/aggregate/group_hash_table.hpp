// src/exec/aggregate/group_hash_table.hpp
//
// An open-addressing hash table from group keys to group rows (exec/aggregate/
// group_row_layout.hpp). Each slot is 8 bytes: 16 bits of the hash (the salt) beside the
// row's 48-bit address, so a probe compares keys only when the salts agree, and a table of a
// few thousand groups fits in the L1/L2 caches. Probing is linear and runs a vector of rows at
// a time: every row walks to a slot that is empty (a new group) or has its salt, then the
// candidates' keys are compared a column at a time, and the rows whose keys differ walk on.
//
// The table does not own rows: a sink's table creates them in the thread's RowPartitions; the
// merge phase's table adopts the rows of the threads' tables as its groups.
#pragma once

#include <memory>
#include <vector>

#include "common/vector/buffer.hpp"
#include "common/vector/vector.hpp"
#include "exec/aggregate/distinct_sketch.hpp"
#include "exec/aggregate/group_row_layout.hpp"
#include "exec/aggregate/page_memory.hpp"
#include "exec/aggregate/row_partitions.hpp"
#include "function/function.hpp"

namespace sluice {

class GroupHashTable {
 public:
  explicit GroupHashTable(const GroupRowLayout& layout, idx_t initial_capacity = 1024);

  //! The number of groups.
  idx_t size() const { return groups_.size(); }
  idx_t capacity() const { return capacity_; }
  //! The number of groups the table holds before it must grow (half its slots).
  idx_t maxSize() const { return capacity_ / 2; }
  //! The groups, in the order they were created or adopted.
  const std::vector<uint8_t*>& groups() const { return groups_; }

  //! Grows the table so that `groups` groups fit.
  void reserve(idx_t groups);
  //! Forgets every group (their rows stay where they are) and keeps the capacity.
  void clear();
  //! Forgets every group and makes room for `groups` new ones, in the slots it has unless they
  //! are too few or many times too many: reusing them spares the page faults of fresh memory.
  void clearFor(idx_t groups);

  //! Finds the group of each row r of `rows` by the key vectors (flat, aligned with the
  //! batch) and hashes[r], creating the missing groups in `storage` (partitioned by
  //! partition_hashes[r]) and adding their hashes to `sketch` (when not null); groups[r]
  //! receives the group's row. The caller has made room for rows.count new groups (reserve).
  void findOrCreate(const std::vector<Vector>& keys, const RowSet& rows, const uint64_t* hashes,
                    const uint64_t* partition_hashes, uint8_t** groups, RowPartitions& storage,
                    StringHeap& heap, DistinctSketch* sketch = nullptr);

  //! Merge: for i < count, finds the group whose keys equal those of rows[i] (a row of this
  //! layout from another table); when there is none, rows[i] becomes a group of this table and
  //! targets[i] is null. The caller has made room for `count` new groups.
  void findOrAdopt(uint8_t* const* rows, idx_t count, uint8_t** targets);

  //! Looks up rows of `probe_layout` whose first key columns are this table's keys, by the hash
  //! stored at their partition hash offset: targets[i] is the group or null.
  void find(uint8_t* const* rows, idx_t count, const GroupRowLayout& probe_layout,
            uint8_t** targets) const;

 private:
  static constexpr int kSaltShift = 32;
  //! From this many slots (256 KiB) on, probes prefetch their slots and candidate rows.
  static constexpr idx_t kPrefetchCapacity = idx_t{1} << 15;
  //! How many probes ahead a probe prefetches its slot.
  static constexpr idx_t kPrefetchDistance = 16;
  static uint64_t saltOf(uint64_t hash) { return (hash >> kSaltShift) & 0xFFFF; }
  static uint64_t entryFor(uint64_t hash, const uint8_t* row) {
    return (saltOf(hash) << 48) | reinterpret_cast<uint64_t>(row);
  }
  static uint8_t* rowOf(uint64_t entry) {
    return reinterpret_cast<uint8_t*>(entry & ((uint64_t{1} << 48) - 1));
  }

  void insertEntry(uint64_t hash, uint8_t* row);
  void resize(idx_t capacity);

  const GroupRowLayout& layout_;
  idx_t capacity_ = 0;
  idx_t mask_ = 0;
  uint64_t* entries_ = nullptr;
  // A small table's slots come from the heap, a large one's from PageMemory, populated up front.
  std::unique_ptr<uint64_t[]> heap_entries_;
  PageMemory page_entries_;
  std::vector<uint8_t*> groups_;
  // Scratch space of the probes, kept to avoid allocating per vector.
  mutable std::vector<idx_t> slots_;
  mutable std::vector<uint32_t> active_;
  mutable std::vector<uint32_t> candidates_;
  mutable std::vector<uint32_t> created_;
  mutable std::vector<uint32_t> mismatches_;
};

}  // namespace sluice
