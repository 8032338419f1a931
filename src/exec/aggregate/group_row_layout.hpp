// src/exec/aggregate/group_row_layout.hpp
//
// The row-major layout of one group in the hash aggregate: its hash, its key values and the
// states of its aggregates, side by side in one fixed-width row, so finding a group and
// updating its states touch one place in memory.
//
//   [hash: 8][partition hash: 8, optional][key validity: 1 byte per key][key values][states]
//
// A key value takes its physical width (a STRING or BINARY key is a StringView whose long
// bytes live in the table's heap); every field is aligned to its own width (16 at most). The
// partition hash is stored only by tables whose rows are partitioned by another hash than the
// one they are found by (DISTINCT tables: found by all their keys, partitioned by the group's).
#pragma once

#include <cstring>
#include <vector>

#include "common/types/data_type.hpp"
#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

struct GroupRowLayout {
  GroupRowLayout() = default;
  GroupRowLayout(std::vector<DataType> key_types,
                 const std::vector<const AggregateFunction*>& aggregates,
                 bool separate_partition_hash = false);

  std::vector<DataType> key_types;
  std::vector<idx_t> key_offsets;  // the value of key i
  idx_t validity_offset = 0;       // byte validity_offset + i: 1 when key i is not NULL
  std::vector<idx_t> state_offsets;
  idx_t partition_hash_offset = 0;  // 0: the partition hash is the hash
  idx_t row_width = 0;
  idx_t row_alignment = 8;

  static uint64_t hashOf(const uint8_t* row) {
    uint64_t hash;
    std::memcpy(&hash, row, sizeof(hash));
    return hash;
  }
  uint64_t partitionHashOf(const uint8_t* row) const {
    uint64_t hash;
    std::memcpy(&hash, row + partition_hash_offset, sizeof(hash));
    return hash;
  }
};

}  // namespace sluice
