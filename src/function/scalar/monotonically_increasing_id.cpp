// src/function/scalar/monotonically_increasing_id.cpp
//
// monotonically_increasing_id(): Spark's MonotonicallyIncreasingID, a BIGINT that is the
// partition index in the upper 31 bits and, in the lower 33, how many rows this call has
// computed before in the partition (partitions: exec/physical/physical_operator.hpp). Unique and
// increasing within a query, not consecutive; never NULL; non-deterministic, so never folded.

#include "function/function_registry.hpp"
#include "function/partition_state.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindMonotonicallyIncreasingId(const BindRequest&) {
  ScalarKernel kernel = [](const ExecContext& context, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    auto first_id = [](uint32_t partition) { return static_cast<int64_t>(partition) << 33; };
    // The next id of this call in the partition.
    withPartitionState<int64_t>(context, first_id, [&](int64_t& next_id, uint32_t) {
      int64_t* out = result.mutableData<int64_t>();
      forEachRow(rows, [&](idx_t row) {
        result.setNull(row, false);
        out[row] = next_id++;
      });
    });
  };
  BoundScalarFunction bound{
      "monotonically_increasing_id", {}, DataType::longType(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

}  // namespace

void registerMonotonicallyIncreasingIdFunctions(FunctionRegistry& registry) {
  registry.addScalar({"monotonically_increasing_id", 0, 0, bindMonotonicallyIncreasingId});
}

}  // namespace sluice
