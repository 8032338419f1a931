// src/function/scalar/string_kernel.hpp
//
// The kernel shape of most string functions: read typed arguments, build the result text in a
// reused buffer, copy it into the result vector. NULL in any argument gives NULL.
#pragma once

#include <string>

#include "function/scalar/nary_loop.hpp"

namespace sluice {

//! A kernel whose `op(out, args...)` appends the result to `out` and returns true, or returns
//! false for NULL. Args are the physical argument types (StringView, int32_t, ...).
template <typename... Args, typename Op>
ScalarKernel stringResultKernel(Op op) {
  return [op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    std::string buffer;
    naryLoop<StringView, Args...>(args, rows, result, [&](idx_t row, Args... values) -> StringView {
      buffer.clear();
      if (!op(buffer, values...)) {
        result.setNull(row);
        return StringView();
      }
      return result.addString(buffer);
    });
  };
}

//! For each row of `rows`: NULL where `values` is NULL, else the text `write(value, out)`
//! appends for the row's value (a nested value, read whole: to_json, to_csv).
template <typename Write>
void writeTextOfValues(const Vector& values, const RowSet& rows, Vector& result, Write&& write) {
  StringView* out = result.mutableData<StringView>();
  std::string text;
  forEachRow(rows, [&](idx_t row) {
    if (values.isNull(row)) {
      result.setNull(row);
      return;
    }
    text.clear();
    write(values.getValue(row), text);
    result.setNull(row, false);
    out[row] = result.addString(text);
  });
}

}  // namespace sluice
