// src/storage/delta/value_order.hpp
//
// The order of scalar Values that statistics, data skipping and clustering need: numbers by
// value (NaN above everything, as Spark orders it), strings and binaries by unsigned bytes
// (which for UTF-8 is code point order), dates and timestamps by their integer.
#pragma once

#include <optional>

#include "common/types/value.hpp"

namespace sluice::delta {

//! <0, 0, >0 for two non-NULL values of the same type (decimals of the same scale).
int compareScalarValues(const Value& left, const Value& right);

//! Orders NULL before everything (ASC NULLS FIRST), then compareScalarValues.
int compareNullsFirst(const Value& left, const Value& right);

//! `value` as a value of `type` when that is exact (integral widening, decimal rescaling up,
//! integral to decimal, DATE to TIMESTAMP is not done); nullopt otherwise.
std::optional<Value> coerceScalar(const Value& value, const DataType& type);

}  // namespace sluice::delta
