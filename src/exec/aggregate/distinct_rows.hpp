// src/exec/aggregate/distinct_rows.hpp
//
// The merge side of DISTINCT aggregates. While the aggregate is a sink, every thread stores the
// (group keys, arguments) tuples of a DISTINCT aggregate in a table of its own, partitioned by
// the group's hash (by the tuple's hash for a global aggregate). Merging a partition
// deduplicates the tuples of all threads, and each distinct tuple then updates its group once.
#pragma once

#include <memory>
#include <vector>

#include "exec/aggregate/group_hash_table.hpp"
#include "exec/aggregate/row_partitions.hpp"

namespace sluice {

//! Partition `partition` of every one of `tables`, each distinct row once: the groups of the
//! returned table (for a partition without rows, a table without groups).
std::unique_ptr<GroupHashTable> mergeDistinctRows(const GroupRowLayout& layout,
                                                  const std::vector<const RowPartitions*>& tables,
                                                  idx_t partition);

//! Reads key columns first_column, first_column + 1, ... of rows[0..count) into `arguments`,
//! one flat vector of `count` rows per column.
void gatherArguments(uint8_t* const* rows, idx_t count, const GroupRowLayout& layout,
                     idx_t first_column, std::vector<Vector>& arguments);

}  // namespace sluice
