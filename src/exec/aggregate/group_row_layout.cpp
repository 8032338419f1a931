// src/exec/aggregate/group_row_layout.cpp
#include "exec/aggregate/group_row_layout.hpp"

#include <algorithm>

namespace sluice {

namespace {

idx_t alignUp(idx_t offset, idx_t alignment) {
  return (offset + alignment - 1) / alignment * alignment;
}

}  // namespace

GroupRowLayout::GroupRowLayout(std::vector<DataType> types,
                               const std::vector<const AggregateFunction*>& aggregates,
                               bool separate_partition_hash)
    : key_types(std::move(types)) {
  idx_t offset = sizeof(uint64_t);
  if (separate_partition_hash) {
    partition_hash_offset = offset;
    offset += sizeof(uint64_t);
  }
  validity_offset = offset;
  offset += key_types.size();
  for (const DataType& type : key_types) {
    idx_t width = type.physicalSize();
    idx_t alignment = std::clamp<idx_t>(width, 1, 16);
    // StringViews are two 8-byte words.
    if (type.hasStringValues())
      alignment = 8;
    offset = alignUp(offset, alignment);
    key_offsets.push_back(offset);
    offset += width;
    row_alignment = std::max(row_alignment, alignment);
  }
  for (const AggregateFunction* aggregate : aggregates) {
    offset = alignUp(offset, aggregate->stateAlignment());
    state_offsets.push_back(offset);
    offset += aggregate->stateSize();
    row_alignment = std::max(row_alignment, aggregate->stateAlignment());
  }
  row_width = alignUp(offset, row_alignment);
}

}  // namespace sluice
