// src/function/cast/variant_cast.hpp
//
// Conversions between VARIANT and Spark's other types, as Spark's VariantGet.cast and
// VariantExpressionEvalUtils.castToVariant do them: CAST to and from VARIANT, variant_get's
// target types and to_variant_object.
#pragma once

#include "common/types/value.hpp"
#include "common/variant/variant.hpp"
#include "common/variant/variant_builder.hpp"
#include "function/function.hpp"

namespace sluice {

//! Appends `value` (NULL as a variant null; structs and string-keyed maps as objects) to
//! `builder`; a struct with two fields of one name raises VARIANT_DUPLICATE_KEY.
void appendToVariant(variant::VariantBuilder& builder, const Value& value);

//! The encoded variant of `value` (CAST(x AS VARIANT), to_variant_object).
std::string encodeAsVariant(const Value& value, std::string_view function);

//! `value` as type `to`: a variant null is SQL NULL; a primitive is cast from its own type
//! (a string variant "12" to INT is 12) with ANSI rules; an object or array becomes a struct,
//! map or array field by field, or its JSON text for STRING; a VARIANT target is a copy with
//! only the keys it uses. A value that does not convert raises INVALID_VARIANT_CAST, or gives
//! NULL in `try_mode`.
Value variantToValue(const ExecContext& context, const variant::VariantRef& value,
                     const DataType& to, bool try_mode);

//! Writes `value` as result's type into `row` of `result` (variantToValue's rules, with the
//! common extractions written without boxing).
void writeVariantAs(const ExecContext& context, const variant::VariantRef& value, Vector& result,
                    idx_t row, bool try_mode);

//! CAST(x AS VARIANT) of `rows`.
void castToVariant(const Vector& input, const RowSet& rows, Vector& result);
//! CAST(v AS T) of `rows` (T is result's type).
void castFromVariant(const ExecContext& context, const Vector& input, const RowSet& rows,
                     Vector& result, bool try_mode);

}  // namespace sluice
