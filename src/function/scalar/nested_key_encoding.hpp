// src/function/scalar/nested_key_encoding.hpp
//
// Grouping and ordering by STRUCT and ARRAY values (GROUP BY window(ts, '5 minutes'), DISTINCT
// over a struct, UNION of arrays, ORDER BY a struct): the hash aggregate and the sort work on
// atomic key columns, so such a key is replaced by its encoding, a BINARY whose bytes compare
// (unsigned, byte by byte) as Spark orders the values: struct fields in order, array elements
// in order and then the shorter array first, NULL before any value, -0.0 equal to 0.0 and NaN
// above every number. Equal values therefore have equal bytes, which is what grouping needs.
// The physical planner encodes such keys below the operator and, for grouping, decodes them
// above it. The encoding lives only inside one plan: it is never stored.
#pragma once

#include <string_view>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "common/vector/vector.hpp"
#include "function/function.hpp"

namespace sluice {

//! True for the key types that are grouped and sorted through an encoding: STRUCT and ARRAY
//! values with no MAP inside.
bool isEncodedKeyType(const DataType& type);

//! Writes the key encoding of values[r] into result[r] (a BINARY vector with the capacity of
//! `values`; NULL stays NULL) for every row r of `rows`.
void encodeKeys(const Vector& values, const RowSet& rows, Vector& result);
//! The value whose key encoding is `bytes`.
Value decodeKey(std::string_view bytes, const DataType& type);

//! Fails with NOT_SUPPORTED when `type` holds strings of a collation other than UTF8_BINARY,
//! which the encoding would order by their bytes.
void requireByteOrderedStrings(const DataType& type);

//! The function that turns a value of `type` into its BINARY key encoding (NULL stays NULL).
BoundScalarFunction keyEncoder(const DataType& type);
//! The function that turns an encoding made by keyEncoder(type) back into the value.
BoundScalarFunction keyDecoder(const DataType& type);

}  // namespace sluice
