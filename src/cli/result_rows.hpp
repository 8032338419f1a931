// src/cli/result_rows.hpp
//
// Walks a result's rows batch by batch, so that writers can ask each vector whether a value is
// NULL without boxing it.
#pragma once

#include "session/statement_result.hpp"

namespace sluice {

//! Calls visit(row, batch, batch_row) for every row; `row` counts across batches.
template <typename Visit>
void forEachRow(const StatementResult& result, Visit&& visit) {
  idx_t row = 0;
  for (const Batch& batch : result.batches()) {
    for (idx_t batch_row = 0; batch_row < batch.num_rows; ++batch_row) {
      visit(row, batch, batch_row);
      ++row;
    }
  }
}

}  // namespace sluice
