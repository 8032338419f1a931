// src/function/scalar/kernel_loops.hpp
//
// The typed loops that scalar kernels are made of: read arguments (flat or constant), skip
// NULLs, call a small operation per value, write the result. The operation is inlined into
// the loop; there is no call per value.
#pragma once

#include "function/function.hpp"

namespace sluice {

//! result[row] = op(a[row], result, row) for non-NULL inputs; NULL in, NULL out. `op` returns
//! the value of type R, or calls result.setNull(row) itself and returns anything.
template <typename A, typename R, typename Op>
void unaryLoop(const Vector& a, const RowSet& rows, Vector& result, Op&& op) {
  R* out = result.mutableData<R>();
  if (!a.mayHaveNulls() && !a.isConstant() && rows.isDense() && !result.mayHaveNulls()) {
    // The common case: a flat column without NULLs into a fresh result.
    const A* in = a.data<A>();
    for (idx_t row = 0; row < rows.count; ++row)
      out[row] = op(in[row], row);
    return;
  }
  forEachRow(rows, [&](idx_t row) {
    if (a.isNull(row)) {
      result.setNull(row);
      return;
    }
    result.setNull(row, false);
    out[row] = op(a.at<A>(row), row);
  });
}

//! As unaryLoop with two arguments; NULL in either gives NULL.
template <typename A, typename B, typename R, typename Op>
void binaryLoop(const Vector& a, const Vector& b, const RowSet& rows, Vector& result, Op&& op) {
  R* out = result.mutableData<R>();
  bool may_have_nulls = a.mayHaveNulls() || b.mayHaveNulls();
  if (!may_have_nulls && !a.isConstant() && !b.isConstant() && rows.isDense()) {
    // The common case: two flat columns without NULLs.
    const A* left = a.data<A>();
    const B* right = b.data<B>();
    for (idx_t row = 0; row < rows.count; ++row)
      out[row] = op(left[row], right[row], row);
    return;
  }
  if (!may_have_nulls && !result.mayHaveNulls()) {
    // No NULLs in or out: a column against a constant (x > 3), or the rows of a selection.
    const A* left = a.data<A>();
    const B* right = b.data<B>();
    if (b.isConstant() && !a.isConstant()) {
      const B y = right[0];
      forEachRow(rows, [&](idx_t row) { out[row] = op(left[row], y, row); });
    } else if (a.isConstant() && !b.isConstant()) {
      const A x = left[0];
      forEachRow(rows, [&](idx_t row) { out[row] = op(x, right[row], row); });
    } else {
      forEachRow(rows, [&](idx_t row) { out[row] = op(a.at<A>(row), b.at<B>(row), row); });
    }
    return;
  }
  forEachRow(rows, [&](idx_t row) {
    if (a.isNull(row) || b.isNull(row)) {
      result.setNull(row);
      return;
    }
    result.setNull(row, false);
    out[row] = op(a.at<A>(row), b.at<B>(row), row);
  });
}

}  // namespace sluice
