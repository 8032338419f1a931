// src/function/scalar/collection/collection_functions.hpp
//
// The collection functions other code binds directly: the subscript operator, which has no
// name of its own, and the array forms of reverse and concat, which share their names with
// the string functions.
#pragma once

#include "function/function_registry.hpp"

namespace sluice {

//! base[index]: 0-based for an ARRAY (INVALID_ARRAY_INDEX out of range), the value of a key
//! for a MAP (NULL when missing). Argument 0 must be an ARRAY or a MAP.
BoundScalarFunction bindSubscript(const BindRequest& request);
//! reverse(array): the elements in reverse order.
BoundScalarFunction bindArrayReverse(const BindRequest& request);
//! concat(array, ...): the elements of every argument, in order; NULL when any is.
BoundScalarFunction bindArrayConcat(const BindRequest& request);

}  // namespace sluice
