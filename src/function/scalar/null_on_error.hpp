// src/function/scalar/null_on_error.hpp
//
// The try_ form of a function whose kernel raises errors for bad rows (try_make_timestamp):
// the rows whose computation raises an error are NULL, the others as the kernel computes them.
// A batch without an error costs one call; one with an error is computed again row by row.
#pragma once

#include <cstdint>

#include "common/error/error.hpp"
#include "function/function.hpp"

namespace sluice {

inline ScalarKernel nullOnErrorKernel(ScalarKernel kernel) {
  return [kernel = std::move(kernel)](const ExecContext& context, const ArgumentVectors& args,
                                      const RowSet& rows, Vector& result) {
    try {
      kernel(context, args, rows, result);
      return;
    } catch (const Error&) {
      // Computed again below, one row at a time.
    }
    forEachRow(rows, [&](idx_t row) {
      uint32_t index = static_cast<uint32_t>(row);
      RowSet single{&index, 1};
      try {
        kernel(context, args, single, result);
      } catch (const Error&) {
        result.setNull(row);
      }
    });
  };
}

}  // namespace sluice
