// src/function/function.hpp
//
// What every scalar function shares: the rows a kernel computes, the context it runs in, and
// the bound form the binder stores in an expression. A kernel is one call per vector, never a
// virtual call per value; its loops are specialised by type at compile time.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

class PartitionState;
class TimeZone;

//! The rows of a batch that an expression computes: either all rows 0..count-1 (`indices`
//! null), or the listed ones. Results are aligned with the batch: row r of the result is for
//! row r of the input. Rows not listed are left untouched; branches of CASE, AND, OR and
//! COALESCE run only on the rows that reach them, so an error in a branch not taken is never
//! raised (as in Spark).
struct RowSet {
  const uint32_t* indices = nullptr;
  idx_t count = 0;

  idx_t row(idx_t index) const { return indices ? indices[index] : index; }
  bool isDense() const { return indices == nullptr; }
};

//! Calls `body(row)` for every row of `rows`, with a branch-free loop for the dense case.
template <typename Body>
inline void forEachRow(const RowSet& rows, Body&& body) {
  if (rows.indices == nullptr) {
    for (idx_t row = 0; row < rows.count; ++row)
      body(row);
  } else {
    for (idx_t index = 0; index < rows.count; ++index)
      body(idx_t{rows.indices[index]});
  }
}

//! Session facts a kernel may need.
struct ExecContext {
  const TimeZone* time_zone = nullptr;  // spark.sql.session.timeZone
  //! Bytes a query's operators may hold before they spill to disk (sluice.memoryLimit); 0 for
  //! the default (exec/spill/memory_limit.hpp).
  uint64_t memory_limit = 0;
  //! When the statement started, in microseconds since the epoch: current_timestamp() and its
  //! kin return it, so that every call in one query agrees, as in Spark. 0: read the clock.
  int64_t statement_start_micros = 0;
  //! How many steps a recursive CTE may take and how many rows it may make before it fails
  //! (spark.sql.cteRecursionLevelLimit, spark.sql.cteRecursionRowLimit); -1: no limit.
  int64_t cte_recursion_level_limit = 100;
  int64_t cte_recursion_row_limit = 1000000;
  //! The partition being computed and what stateful kernels keep in it (partition_state.hpp);
  //! null outside an operator chain (exec/chain), where the partition is 0.
  PartitionState* partition = nullptr;
};

//! A function's arguments, evaluated: each flat (aligned with the batch) or constant.
using ArgumentVectors = std::vector<const Vector*>;

//! Computes `result` for `rows` from `arguments`. `result` is a flat vector of the bound
//! return type with capacity for every row of the batch; the kernel sets values and NULLs.
using ScalarKernel =
    std::function<void(const ExecContext& context, const ArgumentVectors& arguments,
                       const RowSet& rows, Vector& result)>;

//! A scalar function resolved for concrete argument types.
struct BoundScalarFunction {
  std::string name;                      // as Spark names it in plans and messages
  std::vector<DataType> argument_types;  // the binder casts each argument to this type
  DataType return_type;
  ScalarKernel kernel;
  bool deterministic = true;  // false for rand(), uuid(): never folded into a constant
};

//! "first", "second", ... "fifth", then "6th": how Spark's errors number arguments.
std::string ordinalName(size_t index);

}  // namespace sluice
