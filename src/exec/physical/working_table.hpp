// src/exec/physical/working_table.hpp
//
// The rows a recursive CTE made in its previous step, which the scans of its recursive term
// read (physical_working_table_scan.hpp). The recursion fills it between two runs of the term,
// never while the term runs.
#pragma once

#include <vector>

#include "common/vector/vector.hpp"

namespace sluice {

struct WorkingTable {
  std::vector<Batch> batches;
};

}  // namespace sluice
