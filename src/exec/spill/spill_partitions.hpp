// src/exec/spill/spill_partitions.hpp
//
// Operators that spill by hash (the aggregate by its groups, the join by its keys) split rows
// into kSpillPartitions by the top bits of the hash, so that the rows that must meet again
// (a group's, a key's) are in the same partition, and write each partition to a file of its
// own.
#pragma once

#include <memory>
#include <vector>

#include "exec/spill/spill_file.hpp"

namespace sluice {

//! Rows per row group of the spill files operators write by partition: one vector.
constexpr uint64_t kSpillRowGroupRows = kVectorSize;

inline constexpr int kSpillPartitionBits = 4;
inline constexpr idx_t kSpillPartitions = idx_t{1} << kSpillPartitionBits;

inline idx_t spillPartitionOf(uint64_t hash) {
  return hash >> (64 - kSpillPartitionBits);
}

//! rows[p] lists the rows of 0..count-1 whose hashes fall in partition p.
void splitBySpillPartition(const uint64_t* hashes, idx_t count,
                           std::vector<std::vector<uint32_t>>& rows);

//! A spill file per partition, made when the first rows of the partition are written.
class PartitionedSpill {
 public:
  PartitionedSpill(std::vector<DataType> types, uint64_t row_group_rows);

  void write(idx_t partition, const Batch& batch);
  //! Closes every file; no more writes follow.
  void close();
  //! The file of `partition`, or null when no rows were written to it.
  const SpillFile* file(idx_t partition) const { return files_[partition].get(); }

 private:
  std::vector<DataType> types_;
  uint64_t row_group_rows_;
  std::vector<std::unique_ptr<SpillFile>> files_;
  std::vector<std::unique_ptr<SpillWriter>> writers_;
};

}  // namespace sluice
