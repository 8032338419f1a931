// src/exec/aggregate/partitioned_group_table.cpp
#include "exec/aggregate/partitioned_group_table.hpp"

#include <algorithm>

namespace sluice {

PartitionedGroupTable::PartitionedGroupTable(const GroupRowLayout& layout)
    : table_(layout, 256), partitions_(layout.row_width) {
  if (layout.key_types.size() == 1 && DenseKeyCache::appliesTo(layout.key_types[0]))
    dense_keys_ = std::make_unique<DenseKeyCache>();
}

void PartitionedGroupTable::findOrCreate(const std::vector<Vector>& keys, const RowSet& rows,
                                         const uint64_t* hashes, const uint64_t* partition_hashes,
                                         uint8_t** groups) {
  if (dense_keys_ && dense_keys_->enabled()) {
    dense_misses_.resize(rows.count);
    idx_t missed = dense_keys_->lookup(keys[0], rows, groups, dense_misses_.data());
    makeRoom(missed);
    table_.findOrCreate(keys, RowSet{dense_misses_.data(), missed}, hashes, partition_hashes,
                        groups, partitions_, heap_, &sketch_);
    dense_keys_->record(keys[0], dense_misses_.data(), missed, groups);
  } else {
    makeRoom(rows.count);
    table_.findOrCreate(keys, rows, hashes, partition_hashes, groups, partitions_, heap_, &sketch_);
  }
  rows_since_reset_ += rows.count;
  rows_ += rows.count;
}

void PartitionedGroupTable::makeRoom(idx_t count) {
  idx_t needed = table_.size() + count;
  if (needed <= table_.maxSize())
    return;
  if (table_.capacity() < kCacheResidentCapacity ||
      (table_.capacity() < kMaxCapacity && rows_since_reset_ >= 2 * table_.size())) {
    table_.reserve(needed);
    return;
  }
  double groups = sketch_.estimate();
  if (static_cast<double>(rows_) >= 2 * groups &&
      2.5 * groups <= static_cast<double>(kMaxCapacity)) {
    table_.reserve(std::max<idx_t>(needed, static_cast<idx_t>(1.25 * groups)));
    return;
  }
  table_.clear();
  if (dense_keys_)
    dense_keys_->clear();
  rows_since_reset_ = 0;
  table_.reserve(count);
}

uint64_t PartitionedGroupTable::memoryBytes() const {
  uint64_t rows = 0;
  for (idx_t partition = 0; partition < RowPartitions::kCount; ++partition)
    rows += partitions_.size(partition);
  return rows * partitions_.rowWidth() + table_.capacity() * sizeof(uint64_t) +
         (dense_keys_ ? dense_keys_->memoryBytes() : 0);
}

}  // namespace sluice
