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

//! The partition of a hash: its top bits, or at a deeper `level` (splitting one partition's
//! rows again), the bits below the previous level's.
inline idx_t spillPartitionOf(uint64_t hash, int level = 0) {
  return (hash >> (64 - kSpillPartitionBits * (level + 1))) & (kSpillPartitions - 1);
}

//! The levels of splitting the 64 bits of a hash allow.
inline constexpr int kSpillPartitionLevels = 64 / kSpillPartitionBits;

//! rows[p] lists the rows of 0..count-1 whose hashes fall in partition p at `level`.
void splitBySpillPartition(const uint64_t* hashes, idx_t count,
                           std::vector<std::vector<uint32_t>>& rows, int level = 0);

//! A spill file per partition, made when the first rows of the partition are written.
class PartitionedSpill {
 public:
  PartitionedSpill(std::vector<DataType> types, uint64_t row_group_rows);

  void write(idx_t partition, const Batch& batch);
  //! Writes every row of `batch` to the partition of its hash at `level`.
  void writeByHash(const Batch& batch, const uint64_t* hashes, int level = 0);
  //! Closes every file; no more writes follow.
  void close();
  //! The file of `partition`, or null when no rows were written to it.
  const SpillFile* file(idx_t partition) const { return files_[partition].get(); }
  //! The bytes the batches written to `partition` held in memory.
  uint64_t bytes(idx_t partition) const { return bytes_[partition]; }

 private:
  std::vector<DataType> types_;
  uint64_t row_group_rows_;
  std::vector<std::unique_ptr<SpillFile>> files_;
  std::vector<std::unique_ptr<SpillWriter>> writers_;
  std::vector<uint64_t> bytes_;
  std::vector<std::vector<uint32_t>> rows_;  // scratch of writeByHash
};

}  // namespace sluice
