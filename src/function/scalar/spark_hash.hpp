// src/function/scalar/spark_hash.hpp
//
// Spark's XxHash64Function.hash of one value, for aggregates that hash their input as Spark
// does (approx_count_distinct's HyperLogLog++ hashes each value with seed 42).
#pragma once

#include <cstdint>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

//! XXH64 of row `row` of `vector` (flat or constant) as Spark's InterpretedHashFunction hashes a
//! value of `type` (MAP entries key then value, in order); a NULL returns `seed`.
int64_t sparkXxHash64(const Vector& vector, idx_t row, const DataType& type, int64_t seed);

}  // namespace sluice
