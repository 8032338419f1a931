// src/storage/delta/batch_rows.hpp
//
// Row selection and column projection of Batches for the Delta writers: splitting a batch by
// partition, cutting it at a file's row limit, and ordering rows for clustering. Rows are
// copied value by value (the boxed slow path), which is simple and handles every nested type;
// the common cases (one partition, no limit reached) never copy.
#pragma once

#include <vector>

#include "common/vector/vector.hpp"

namespace sluice::delta {

//! The rows `rows` of `batch`, in that order.
Batch selectRows(const Batch& batch, const std::vector<idx_t>& rows);
//! The rows [begin, end) of `batch`.
Batch sliceRows(const Batch& batch, idx_t begin, idx_t end);
//! The columns `columns` of `batch` (vectors are shared, not copied).
Batch projectColumns(const Batch& batch, const std::vector<idx_t>& columns);

}  // namespace sluice::delta
