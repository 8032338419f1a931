// src/exec/aggregate/row_partitions.cpp
#include "exec/aggregate/row_partitions.hpp"

#include <algorithm>

namespace sluice {

void RowPartition::newBlock(idx_t width, PageArena& arena) {
  // Blocks double up to 256 KiB (or one row), so a partition with a few groups stays small and
  // one with millions allocates rarely. The arena aligns to 16, and widths are multiples of the
  // row alignment, so every row is aligned; its memory is fresh, so every row starts zeroed.
  idx_t rows = std::clamp<idx_t>(next_block_rows_, 1, std::max<idx_t>(1, 256 * 1024 / width));
  next_block_rows_ *= 2;
  blocks_.push_back(Block{arena.allocate(rows * width), 0});
  cursor_ = blocks_.back().data;
  remaining_ = rows;
}

}  // namespace sluice
