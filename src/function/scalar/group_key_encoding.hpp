// src/function/scalar/group_key_encoding.hpp
//
// Grouping by STRUCT and ARRAY values (GROUP BY window(ts, '5 minutes'), DISTINCT over a
// struct, UNION of arrays): the hash aggregate keeps keys in fixed-width row slots, so such a
// key is grouped by its encoding, a BINARY in which equal values (Spark's grouping equality:
// NULL equals NULL, -0.0 is 0.0, every NaN is one NaN) have equal bytes, and the encoding is
// decoded back into the value after the aggregate. The encoding is private to one plan: it is
// never stored.
#pragma once

#include "common/types/data_type.hpp"
#include "function/function.hpp"

namespace sluice {

//! True for the key types that are grouped through an encoding: STRUCT and ARRAY whose
//! elements are atomic, STRUCT or ARRAY.
bool isEncodedGroupKeyType(const DataType& type);

//! The function that turns a value of `type` into its BINARY grouping encoding.
BoundScalarFunction groupKeyEncoder(const DataType& type);
//! The function that turns an encoding made by groupKeyEncoder(type) back into the value.
BoundScalarFunction groupKeyDecoder(const DataType& type);

}  // namespace sluice
