// src/storage/format/scan_predicate.hpp
//
// Whether the statistics of some rows (a Delta file's, a Parquet row group's) rule out every
// row matching a ScanPredicate (common/scan_predicate.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/scan_predicate.hpp"
#include "common/types/value.hpp"

namespace sluice {

//! What statistics say about one column of some rows: bounds of its non-NULL values (absent
//! when unknown or untrusted), its NULL count and the number of rows, when known.
struct ColumnBounds {
  std::optional<Value> min;
  std::optional<Value> max;
  std::optional<int64_t> null_count;
  std::optional<int64_t> row_count;
};

//! False only when no row described by `bounds` can satisfy `predicate`; `constant` is the
//! predicate's value already converted to the column's type (unused by NULL tests).
bool boundsMayMatch(ScanPredicate::Op op, const ColumnBounds& bounds, const Value& constant);

}  // namespace sluice
