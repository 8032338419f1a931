// src/common/types/type_coercion.hpp
//
// Spark's ANSI type coercion (AnsiTypeCoercion): the common type of two operands, the
// promotion of strings beside other types, and which casts are allowed.
#pragma once

#include <optional>
#include <vector>

#include "common/types/data_type.hpp"

namespace sluice {

//! Spark's findTightestCommonType: equal types, NULL with anything, integral with a wider
//! decimal, numeric widening (an integral with FLOAT gives DOUBLE), datetime widening, and the
//! same recursively inside ARRAY / MAP / STRUCT.
std::optional<DataType> findTightestCommonType(const DataType& left, const DataType& right);

//! Spark's findWiderTypeForTwo: the tightest common type, else decimal widening (decimal with
//! an integral gives the wider decimal, with FLOAT/DOUBLE gives DOUBLE), else string
//! promotion (STRING beside an integral is BIGINT, beside a fractional DOUBLE, beside another
//! atomic type that type).
std::optional<DataType> findWiderType(const DataType& left, const DataType& right);

//! The wider type of all of `types` (for CASE, COALESCE, IN, VALUES rows, array()).
std::optional<DataType> findWiderCommonType(const std::vector<DataType>& types);

//! Spark's findWiderTypeWithoutStringPromotion over all of `types` (inline tables, VALUES).
std::optional<DataType> findWiderCommonTypeWithoutStringPromotion(
    const std::vector<DataType>& types);

//! Spark's findWiderTypeForString only: the type a STRING operand is promoted to beside
//! `other` in a binary operator; nullopt when no promotion applies.
std::optional<DataType> stringPromotionType(const DataType& left, const DataType& right);

//! Spark's numericPrecedence for the non-decimal numbers (TINYINT 0 ... DOUBLE 5); -1 for any
//! other type.
int numericPrecedence(TypeId id);

//! Spark's Cast.canAnsiCast: whether CAST(from AS to) is allowed at all.
bool canAnsiCast(const DataType& from, const DataType& to);

//! Spark's VariantGet.checkDataType: whether values of `type` convert to and from VARIANT
//! (numbers, BOOLEAN, STRING, BINARY, datetimes, VARIANT, and arrays of them; with
//! `allow_structs_and_maps`, also structs and maps with STRING keys).
bool isVariantConvertible(const DataType& type, bool allow_structs_and_maps = true);

//! Spark's Cast.canANSIStoreAssign (spark.sql.storeAssignmentPolicy=ANSI): whether a value
//! written into a column of type `to` may be cast from `from` (numbers to numbers, anything
//! atomic to STRING, DATE to and from TIMESTAMP, nested types field by field); never STRING to
//! a number or a number to BOOLEAN.
bool canStoreAssign(const DataType& from, const DataType& to);

}  // namespace sluice
