// src/function/scalar/interval_functions.hpp
//
// make_dt_interval, make_ym_interval and extract over intervals (interval_functions.cpp).
#pragma once

#include <string>
#include <string_view>

#include "function/function_registry.hpp"

namespace sluice {

//! extract(field FROM interval) and date_part for an interval source (argument 1; argument 0 is
//! the field's constant). Raises INVALID_EXTRACT_FIELD_TYPE for a field the type does not span.
BoundScalarFunction bindIntervalExtract(std::string name, std::string_view field,
                                        const BindRequest& request);

}  // namespace sluice
