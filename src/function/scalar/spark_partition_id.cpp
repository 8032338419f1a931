// src/function/scalar/spark_partition_id.cpp
//
// spark_partition_id(): the partition a row is computed in (exec/physical/physical_operator.hpp
// says how sluice numbers them). Non-deterministic in Spark, so never folded to a constant here
// either; outside a chain it is 0.

#include "function/function_registry.hpp"
#include "function/partition_state.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindSparkPartitionId(const BindRequest&) {
  ScalarKernel kernel = [](const ExecContext& context, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    auto partition = static_cast<int32_t>(context.partition ? context.partition->partition() : 0);
    int32_t* out = result.mutableData<int32_t>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = partition;
    });
  };
  BoundScalarFunction bound{"SPARK_PARTITION_ID", {}, DataType::intType(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

}  // namespace

void registerSparkPartitionIdFunctions(FunctionRegistry& registry) {
  registry.addScalar({"spark_partition_id", 0, 0, bindSparkPartitionId});
}

}  // namespace sluice
