// src/exec/physical/physical_limit.cpp
#include "exec/physical/physical_limit.hpp"

#include <fmt/format.h>

#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

// Rows [from, from + count) of `batch`.
Batch sliceRows(const Batch& batch, idx_t from, idx_t count) {
  if (from == 0 && count == batch.num_rows)
    return batch;
  std::vector<uint32_t> rows(count);
  for (idx_t i = 0; i < count; ++i)
    rows[i] = static_cast<uint32_t>(from + i);
  return gatherBatch(batch.columns, RowSet{rows.data(), count});
}

}  // namespace

PhysicalLimit::PhysicalLimit(std::vector<DataType> types, int64_t limit, int64_t offset)
    : MaterializingBreaker("Limit", std::move(types)), limit_(limit), offset_(offset) {}

bool PhysicalLimit::hasEnoughRows(uint64_t rows_collected) const {
  return limit_ >= 0 &&
         rows_collected >= static_cast<uint64_t>(limit_) + static_cast<uint64_t>(offset_);
}

std::vector<Batch> PhysicalLimit::produce(std::vector<Batch> input) const {
  std::vector<Batch> output;
  uint64_t to_skip = static_cast<uint64_t>(offset_);
  uint64_t to_keep = limit_ < 0 ? UINT64_MAX : static_cast<uint64_t>(limit_);
  for (Batch& batch : input) {
    if (to_keep == 0)
      break;
    idx_t skip = static_cast<idx_t>(std::min<uint64_t>(to_skip, batch.num_rows));
    to_skip -= skip;
    idx_t keep = static_cast<idx_t>(std::min<uint64_t>(to_keep, batch.num_rows - skip));
    if (keep == 0)
      continue;
    to_keep -= keep;
    output.push_back(sliceRows(batch, skip, keep));
  }
  return output;
}

std::string PhysicalLimit::details() const {
  return limit_ < 0 ? fmt::format("offset {}", offset_)
                    : fmt::format("{} offset {}", limit_, offset_);
}

}  // namespace sluice
