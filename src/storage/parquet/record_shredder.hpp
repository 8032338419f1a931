// src/storage/parquet/record_shredder.hpp
//
// Record shredding (Dremel): turns the rows of one top-level column vector into, for each
// leaf column under it, definition levels, repetition levels and the positions of the
// non-null leaf values in their vector. Flat columns take a fast path without positions.
#pragma once

#include <cstdint>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/parquet/column_writer.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

struct ShreddedLeaf {
  std::vector<uint16_t> definition_levels;
  std::vector<uint16_t> repetition_levels;
  std::vector<uint32_t> positions;
  const Vector* values = nullptr;
  bool flat = false;  // entry i is row first_row + i of `values`; positions unused
  size_t first_row = 0;
  size_t num_entries = 0;

  void clear() {
    definition_levels.clear();
    repetition_levels.clear();
    positions.clear();
    values = nullptr;
    flat = false;
    first_row = 0;
    num_entries = 0;
  }
  LeafBatch batch() const {
    LeafBatch batch;
    batch.definition_levels = definition_levels.empty() ? nullptr : definition_levels.data();
    batch.repetition_levels = repetition_levels.empty() ? nullptr : repetition_levels.data();
    batch.num_entries = num_entries;
    batch.values = values;
    batch.positions = flat ? nullptr : positions.data();
    batch.first_row = first_row;
    return batch;
  }
};

//! Shreds rows [begin, end) of `vector`, the column `node`, into `leaves` (indexed by the
//! schema's leaf numbers; only the node's own leaves are touched, after being cleared).
void shredColumn(const ColumnNode& node, const Vector& vector, idx_t begin, idx_t end,
                 std::vector<ShreddedLeaf>& leaves);

}  // namespace sluice::parquet
