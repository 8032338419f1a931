// src/planner/logical/scan_pushdown.hpp
//
// What the optimizer hands down to a scan: the columns read above it and the predicates its
// rows are filtered by, which it may use to skip data.
#pragma once

#include <vector>

#include "common/scan_predicate.hpp"

namespace sluice {

//! What the optimizer hands down to a scan (kScan).
struct ScanPushdown {
  //! Per output column, whether anything above reads it; empty when all are read. A column
  //! nobody reads comes out as a constant NULL vector and is never read from the files.
  std::vector<bool> used_columns;
  //! Conditions the rows above are filtered by, for skipping files and row groups.
  std::vector<ScanPredicate> predicates;

  bool readsColumn(size_t column) const { return used_columns.empty() || used_columns[column]; }
};

}  // namespace sluice
