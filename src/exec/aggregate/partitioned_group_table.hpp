// src/exec/aggregate/partitioned_group_table.hpp
//
// One thread's groups while the aggregate is a sink: a GroupHashTable over rows that live in
// the thread's RowPartitions, and the heap that keeps the bytes of long string keys and values.
//
// The table pre-aggregates: rows of a group that is already in it update that group. When it
// fills up it grows while that pays: while it is small (it stays in the caches), while rows
// keep finding their groups (two rows per group since the last reset), or while the thread's
// groups repeat over a longer cycle (two rows per distinct group in all, by a sketch) and all
// of them fit. Otherwise it forgets its groups and starts over, leaving the rows where they
// are; the merge then combines the duplicates a reset leaves, partition by partition, on every
// thread. So a thread's work stays cache-resident for inputs whose groups are mostly all
// different, where a table that grew to hold them all would miss the cache on every row.
//
// A single integer key is looked up in a DenseKeyCache first; only the rows it misses probe the
// hash table.
#pragma once

#include <memory>
#include <vector>

#include "common/vector/buffer.hpp"
#include "exec/aggregate/dense_key_cache.hpp"
#include "exec/aggregate/group_hash_table.hpp"
#include "exec/aggregate/row_partitions.hpp"

namespace sluice {

class PartitionedGroupTable {
 public:
  explicit PartitionedGroupTable(const GroupRowLayout& layout);

  //! Finds or creates the group of each row r of `rows`: groups[r] receives its row.
  void findOrCreate(const std::vector<Vector>& keys, const RowSet& rows, const uint64_t* hashes,
                    const uint64_t* partition_hashes, uint8_t** groups);

  const RowPartitions& partitions() const { return partitions_; }
  StringHeap& heap() { return heap_; }
  //! The bytes of the group rows and the slots, roughly (long strings not counted).
  uint64_t memoryBytes() const;

 private:
  //! The number of slots a table may grow to even when rows rarely find their group.
  static constexpr idx_t kCacheResidentCapacity = idx_t{1} << 18;
  //! The number of slots no table grows beyond (64 MiB of slots).
  static constexpr idx_t kMaxCapacity = idx_t{1} << 23;

  void makeRoom(idx_t count);

  GroupHashTable table_;
  std::unique_ptr<DenseKeyCache> dense_keys_;  // a single integer key only
  std::vector<uint32_t> dense_misses_;
  RowPartitions partitions_;
  StringHeap heap_;
  DistinctSketch sketch_;
  idx_t rows_since_reset_ = 0;
  idx_t rows_ = 0;
};

}  // namespace sluice
