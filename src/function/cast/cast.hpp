// src/function/cast/cast.hpp
//
// CAST and TRY_CAST between all of Spark's types with ANSI semantics: malformed text raises
// CAST_INVALID_INPUT, a value out of the target's range CAST_OVERFLOW or
// NUMERIC_VALUE_OUT_OF_RANGE; in try mode both give NULL instead.
#pragma once

#include <string>

#include "common/types/value.hpp"
#include "function/function.hpp"

namespace sluice {

//! Casts `rows` of `input` to `result`'s type, writing into `result` at the same rows.
void castVector(const ExecContext& context, const Vector& input, const RowSet& rows, Vector& result,
                bool try_mode);

//! Casts one boxed value (used to fold constants and to type literals).
Value castValue(const ExecContext& context, const Value& value, const DataType& to,
                bool try_mode = false);

//! The value as Spark shows it inside error messages: 'text', 42, 42L, 1.5D, DATE '2024-01-01'.
std::string sqlValueText(const Value& value, const ExecContext& context);

}  // namespace sluice
