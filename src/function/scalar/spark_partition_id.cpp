// src/function/scalar/spark_partition_id.cpp
//
// spark_partition_id(): the partition a row is computed in. sluice computes a query's rows as
// one partition (as rand() assumes), so it is 0 for every row. Non-deterministic in Spark, so
// never folded to a constant here either.

#include "function/function_registry.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindSparkPartitionId(const BindRequest&) {
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    int32_t* out = result.mutableData<int32_t>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = 0;
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
