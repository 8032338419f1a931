// src/storage/delta/batch_rows.cpp
//
// Copying selected rows of a Batch.

#include "storage/delta/batch_rows.hpp"

namespace sluice::delta {

Batch selectRows(const Batch& batch, const std::vector<idx_t>& rows) {
  Batch result;
  result.num_rows = rows.size();
  for (const Vector& column : batch.columns) {
    Vector copy(column.type(), rows.empty() ? 1 : rows.size());
    for (idx_t index = 0; index < rows.size(); ++index) {
      copy.setValue(index, column.getValue(rows[index]));
    }
    result.columns.push_back(std::move(copy));
  }
  return result;
}

Batch sliceRows(const Batch& batch, idx_t begin, idx_t end) {
  if (begin == 0 && end == batch.num_rows)
    return batch;
  std::vector<idx_t> rows;
  rows.reserve(end - begin);
  for (idx_t row = begin; row < end; ++row)
    rows.push_back(row);
  return selectRows(batch, rows);
}

Batch projectColumns(const Batch& batch, const std::vector<idx_t>& columns) {
  Batch result;
  result.num_rows = batch.num_rows;
  for (idx_t column : columns)
    result.columns.push_back(batch.columns[column]);
  return result;
}

}  // namespace sluice::delta
