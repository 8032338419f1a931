// src/function/scalar/argument_types.hpp
//
// How a function states the argument types it expects, with Spark's ANSI implicit casts
// (AnsiTypeCoercion.implicitCast): a STRING becomes any atomic type, a number any other number,
// any atomic value a STRING, NULL anything; everything else is DATATYPE_MISMATCH.
#pragma once

#include <initializer_list>
#include <optional>

#include "function/function_registry.hpp"

namespace sluice {

//! The type `from` is implicitly cast to for a parameter of type `target`; nullopt when ANSI
//! coercion does not allow it.
std::optional<DataType> implicitCastType(const DataType& from, const DataType& target);

//! The type argument `index` of `request` is cast to for a parameter of type `target`; raises
//! DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE when it cannot be.
DataType expectArgument(const BindRequest& request, size_t index, const DataType& target);

//! As expectArgument, for a parameter that takes no implicit cast but from NULL (Spark's
//! to_time takes a STRING, not a number).
DataType expectArgumentWithoutCast(const BindRequest& request, size_t index,
                                   const DataType& target);

//! As expectArgument for a parameter that accepts several types (Spark's TypeCollection): the
//! argument's own type when listed, else the first listed type it casts to.
DataType expectArgumentOneOf(const BindRequest& request, size_t index,
                             std::initializer_list<DataType> targets);

//! A GEOMETRY or GEOGRAPHY argument as it is (NULL as GEOMETRY(ANY)); DATATYPE_MISMATCH
//! otherwise.
DataType expectSpatialArgument(const BindRequest& request, size_t index);

//! True when `type` is a MAP or holds one in an array element or struct field: Spark refuses
//! such values where they must be hashed or grouped.
bool containsMapType(const DataType& type);
//! True when `type` is a VARIANT or holds one: Spark neither orders, groups nor compares
//! variants.
bool containsVariantType(const DataType& type);
//! True when `type` holds a value that has equality but no order: a calendar interval (its
//! three fields) or a GEOMETRY / GEOGRAPHY (its SRID and WKB bytes).
bool containsUnorderedType(const DataType& type);
//! Spark's RowOrdering.isOrderable: no MAP, VARIANT, CALENDAR INTERVAL, GEOMETRY or GEOGRAPHY
//! anywhere in `type`.
bool isOrderableType(const DataType& type);

//! The constant value of argument `index`, or null when the argument is not a constant.
const Value* constantArgument(const BindRequest& request, size_t index);

//! Raises NON_FOLDABLE_ARGUMENT unless argument `index` is a constant of an integral type;
//! returns its value (nullopt for a NULL constant).
std::optional<int64_t> foldableIntegerArgument(const BindRequest& request, size_t index,
                                               std::string_view parameter);

//! The options argument of the JSON and CSV functions must be a MAP<STRING, STRING> (a map()
//! call); raises INVALID_OPTIONS otherwise.
void requireOptionsMap(const DataType& type);

//! The position of the field named `name` (columnNameOfCorruptRecord) in the STRUCT `schema`
//! of from_json / from_csv, which receives a malformed record's text; nullopt when there is
//! none. Raises INVALID_CORRUPT_RECORD_TYPE when that field is not a STRING, as Spark does.
std::optional<size_t> corruptRecordField(const DataType& schema, std::string_view name);

}  // namespace sluice
