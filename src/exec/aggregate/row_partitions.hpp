// src/exec/aggregate/row_partitions.hpp
//
// Where the rows of one thread's groups live: 2^kRadixBits partitions chosen by the top bits of
// the partition hash, each a list of fixed-size blocks that never move (so a row's address is
// stable), carved out of the thread's PageArena. The merge phase hands out one partition at a
// time, and every thread's rows of that partition go into one table, on whichever thread takes
// it.
#pragma once

#include <cstring>
#include <memory>
#include <vector>

#include "common/vector/vector.hpp"
#include "exec/aggregate/page_memory.hpp"

namespace sluice {

class RowPartition {
 public:
  //! A new zeroed row of `width` bytes, aligned to 16.
  uint8_t* allocate(idx_t width, PageArena& arena) {
    if (remaining_ == 0)
      newBlock(width, arena);
    uint8_t* row = cursor_;
    cursor_ += width;
    --remaining_;
    ++blocks_.back().rows;
    ++size_;
    return row;
  }
  //! The number of rows.
  idx_t size() const { return size_; }

  //! Calls body(rows, count) for every row in the order they were created, a vector of at most
  //! kVectorSize row addresses at a time.
  template <typename Body>
  void forEachVector(idx_t width, Body&& body) const {
    uint8_t* rows[kVectorSize];
    idx_t count = 0;
    for (const Block& block : blocks_) {
      for (idx_t row = 0; row < block.rows; ++row) {
        rows[count++] = block.data + row * width;
        if (count == kVectorSize) {
          body(static_cast<uint8_t* const*>(rows), count);
          count = 0;
        }
      }
    }
    if (count > 0)
      body(static_cast<uint8_t* const*>(rows), count);
  }

 private:
  struct Block {
    uint8_t* data;
    idx_t rows = 0;
  };
  void newBlock(idx_t width, PageArena& arena);

  std::vector<Block> blocks_;
  uint8_t* cursor_ = nullptr;
  idx_t remaining_ = 0;  // rows left in the last block
  idx_t next_block_rows_ = 16;
  idx_t size_ = 0;
};

class RowPartitions {
 public:
  static constexpr int kRadixBits = 7;
  static constexpr idx_t kCount = idx_t{1} << kRadixBits;

  static idx_t partitionOf(uint64_t partition_hash) { return partition_hash >> (64 - kRadixBits); }

  explicit RowPartitions(idx_t row_width) : row_width_(row_width), partitions_(kCount) {}

  uint8_t* allocate(uint64_t partition_hash) {
    return partitions_[partitionOf(partition_hash)].allocate(row_width_, arena_);
  }
  //! The number of rows of partition `index`.
  idx_t size(idx_t index) const { return partitions_[index].size(); }
  //! Calls body(rows, count) for the rows of partition `index`, a vector at a time.
  template <typename Body>
  void forEachVector(idx_t index, Body&& body) const {
    partitions_[index].forEachVector(row_width_, std::forward<Body>(body));
  }
  idx_t rowWidth() const { return row_width_; }

 private:
  idx_t row_width_;
  PageArena arena_;
  std::vector<RowPartition> partitions_;
};

}  // namespace sluice
