// src/function/scalar/interval_arithmetic.hpp
//
// + - * / over ANSI intervals, dates and timestamps (interval_arithmetic.cpp), which the
// arithmetic operators hand over to before their numeric rules.
#pragma once

#include <optional>

#include "function/function_registry.hpp"
#include "function/scalar/arithmetic_op.hpp"

namespace sluice {

//! Binds + - * / (try_add and the like when `try_mode`) when Spark rewrites them for an
//! interval, a date or a timestamp operand; nullopt when the numeric rules apply.
std::optional<BoundScalarFunction> bindIntervalArithmetic(ArithmeticOp op, bool try_mode,
                                                          const BindRequest& request);

}  // namespace sluice
