// src/exec/aggregate/distinct_rows.cpp
#include "exec/aggregate/distinct_rows.hpp"

#include <algorithm>

#include "exec/aggregate/group_keys.hpp"

namespace sluice {

std::unique_ptr<GroupHashTable> mergeDistinctRows(const GroupRowLayout& layout,
                                                  const std::vector<const RowPartitions*>& tables,
                                                  idx_t partition) {
  idx_t total = 0;
  for (const RowPartitions* table : tables)
    total += table->size(partition);
  auto merged = std::make_unique<GroupHashTable>(layout, 16);
  if (total == 0)
    return merged;
  merged->reserve(total);
  std::vector<uint8_t*> targets(kVectorSize);
  for (const RowPartitions* table : tables) {
    table->forEachVector(partition, [&](uint8_t* const* rows, idx_t count) {
      merged->findOrAdopt(rows, count, targets.data());
    });
  }
  return merged;
}

void gatherArguments(uint8_t* const* rows, idx_t count, const GroupRowLayout& layout,
                     idx_t first_column, std::vector<Vector>& arguments) {
  arguments.clear();
  for (idx_t column = first_column; column < layout.key_types.size(); ++column) {
    Vector argument(layout.key_types[column], std::max<idx_t>(count, 1));
    gatherKeyColumn(rows, count, layout, column, argument, 0);
    arguments.push_back(std::move(argument));
  }
}

}  // namespace sluice
