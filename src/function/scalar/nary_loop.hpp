// src/function/scalar/nary_loop.hpp
//
// The typed loop for kernels of any number of arguments: NULL in any argument gives NULL,
// otherwise op(row, values...) computes the value. The argument types are template
// parameters, so the loop is specialised per signature and the op is inlined.
#pragma once

#include <utility>

#include "function/function.hpp"

namespace sluice {

namespace detail {

template <typename R, typename... Args, typename Op, size_t... Index>
void naryLoopImpl(const ArgumentVectors& args, const RowSet& rows, Vector& result, Op& op,
                  std::index_sequence<Index...>) {
  R* out = result.mutableData<R>();
  forEachRow(rows, [&](idx_t row) {
    if ((args[Index]->isNull(row) || ...)) {
      result.setNull(row);
      return;
    }
    result.setNull(row, false);
    out[row] = op(row, args[Index]->template at<Args>(row)...);
  });
}

}  // namespace detail

//! result[row] = op(row, arg0, arg1, ...) with argument i read as Args[i]. `op` may call
//! result.setNull(row) to return NULL (its return value is then ignored).
template <typename R, typename... Args, typename Op>
void naryLoop(const ArgumentVectors& args, const RowSet& rows, Vector& result, Op&& op) {
  detail::naryLoopImpl<R, Args...>(args, rows, result, op, std::index_sequence_for<Args...>{});
}

}  // namespace sluice
