// src/storage/json/json_type_widening.hpp
//
// The type that holds values of two inferred JSON types (Spark's
// JsonInferSchema.compatibleType): NULL gives way to anything, numbers widen (BIGINT and
// DOUBLE to DOUBLE, decimals to a decimal wide enough or DOUBLE past 38 digits), STRUCTs
// merge their fields by name, ARRAYs their elements, and any other mix is STRING.
#pragma once

#include <vector>

#include "common/types/data_type.hpp"

namespace sluice::json {

//! Spark's JsonInferSchema.compatibleType.
DataType compatibleJsonType(const DataType& a, const DataType& b);

//! Merges two field lists sorted by name: the union, sorted, with compatibleJsonType for the
//! fields both have.
std::vector<StructField> mergeSortedFields(const std::vector<StructField>& a,
                                           const std::vector<StructField>& b);

//! Sorts fields by name (stable) and merges the types of fields of equal name into one.
void sortAndMergeDuplicates(std::vector<StructField>& fields);

}  // namespace sluice::json
