// src/exec/expression/vector_copy.hpp
//
// Copies selected rows between vectors of the same type, keeping row positions (for CASE and
// COALESCE results) or compacting them (for filters).
#pragma once

#include "common/vector/vector.hpp"
#include "function/function.hpp"

namespace sluice {

//! target[row] = source[row] for each row of `rows`.
void copyRows(const Vector& source, const RowSet& rows, Vector& target);
//! target[i] = source[rows.row(i)] for i in 0..rows.count.
void gatherRows(const Vector& source, const RowSet& rows, Vector& target);
//! A vector of rows.count rows holding source[rows.row(i)]: `source` itself when it is
//! constant (a constant stands for any number of rows), else a gathered copy.
Vector gatherColumn(const Vector& source, const RowSet& rows);
//! The columns' rows listed in `rows`, as a batch of their own (gatherColumn of each).
Batch gatherBatch(const std::vector<Vector>& columns, const RowSet& rows);
//! target[target_row] = source[row], one value (NULL included), copying string bytes into
//! the target.
void copyValue(const Vector& source, idx_t row, Vector& target, idx_t target_row);
//! target[offset + row] = source[row] for row in 0..count (appending a batch to a column).
//! Long strings are copied into the heap of `string_owner` (the target's when null), which the
//! target must then share (threads filling disjoint rows of one target use one owner each).
void appendRows(const Vector& source, idx_t count, Vector& target, idx_t offset,
                Vector* string_owner = nullptr);

}  // namespace sluice
