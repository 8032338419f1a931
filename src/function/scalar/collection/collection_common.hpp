// src/function/scalar/collection/collection_common.hpp
//
// What the collection functions share: Spark's ordering and equality of elements (NaN equal
// to NaN and above every other number, -0.0 equal to 0.0, nested values field by field),
// argument checks with Spark's DATATYPE_MISMATCH messages, and a kernel that hands each row's
// arguments over as boxed values. Collections are rebuilt row by row from their elements, so
// the boxed form keeps each function to its rule rather than to the layout.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "function/function_registry.hpp"

namespace sluice {

//! The most elements an array may hold (Spark's ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH).
constexpr int64_t kMaxArrayLength = 2147483632;

//! Spark's ordering of two values of one type: NULL first, NaN last among numbers.
int compareElements(const Value& a, const Value& b);
//! Spark's equality of elements (ordering.equiv): NULL equals NULL here; callers that treat
//! NULL apart test it first.
inline bool sameElement(const Value& a, const Value& b) {
  return compareElements(a, b) == 0;
}

struct ElementLess {
  bool operator()(const Value& a, const Value& b) const { return compareElements(a, b) < 0; }
};

//! DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE for argument `index`, which should be `expected`
//! (already quoted, e.g. "\"ARRAY\"").
[[noreturn]] void raiseCollectionType(const BindRequest& request, size_t index,
                                      const std::string& expected);

//! The ARRAY type of argument `index` (a NULL argument is ARRAY<VOID>), or a type mismatch.
DataType arrayArgument(const BindRequest& request, size_t index);
//! The MAP type of argument `index` (a NULL argument is MAP<VOID, VOID>), or a type mismatch.
DataType mapArgument(const BindRequest& request, size_t index);

//! The element type two collections (or a collection and a value) share, Spark's
//! findWiderTypeWithoutStringPromotion; nullopt when there is none.
std::optional<DataType> commonElementType(const DataType& a, const DataType& b);

//! Computes one row's result from its boxed arguments.
using RowFunction = std::function<Value(const std::vector<Value>& arguments)>;
//! A kernel calling `compute` for each row; with `strict`, a row with a NULL argument is NULL
//! without calling it.
ScalarKernel boxedKernel(RowFunction compute, bool strict = true);

//! An ARRAY value of `type` holding `elements`.
inline Value arrayValue(const DataType& type, std::vector<Value> elements) {
  return Value::nested(type, std::move(elements));
}

//! Raises DUPLICATED_MAP_KEY for `key` (the default spark.sql.mapKeyDedupPolicy=EXCEPTION).
[[noreturn]] void raiseDuplicatedMapKey(const Value& key);
//! Raises NULL_MAP_KEY.
[[noreturn]] void raiseNullMapKey();
//! Builds a MAP value of `type` from keys and values, with Spark's checks: a NULL key or a key
//! seen twice is an error.
Value buildMap(const DataType& type, const std::vector<Value>& keys,
               const std::vector<Value>& values);

//! The text Spark shows for a value inside a message (strings as they are).
std::string elementText(const Value& value);

}  // namespace sluice
