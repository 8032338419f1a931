// src/common/types/json_type_widening.hpp
//
// The type that holds values of two types inferred from JSON or VARIANT values (Spark's
// JsonInferSchema.compatibleType): NULL gives way to anything, numbers widen (BIGINT and
// DOUBLE to DOUBLE, decimals to a decimal wide enough or DOUBLE past 38 digits), STRUCTs
// merge their fields by name, ARRAYs their elements, and any other mix is the fallback:
// STRING for JSON, VARIANT for schema_of_variant.
#pragma once

#include <vector>

#include "common/types/data_type.hpp"

namespace sluice::json {

//! Spark's JsonInferSchema.compatibleType.
DataType compatibleJsonType(const DataType& a, const DataType& b,
                            const DataType& fallback = DataType::string());

//! Merges two field lists sorted by name: the union, sorted, with compatibleJsonType for the
//! fields both have.
std::vector<StructField> mergeSortedFields(const std::vector<StructField>& a,
                                           const std::vector<StructField>& b,
                                           const DataType& fallback = DataType::string());

//! Sorts fields by name (stable) and merges the types of fields of equal name into one.
void sortAndMergeDuplicates(std::vector<StructField>& fields);

}  // namespace sluice::json
