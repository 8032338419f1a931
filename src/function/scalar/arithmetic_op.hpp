// src/function/scalar/arithmetic_op.hpp
//
// The binary arithmetic operators, as arithmetic.cpp and interval_arithmetic.cpp bind them, with
// the names and the overflow error they share.
#pragma once

#include <string_view>

namespace sluice {

enum class ArithmeticOp { kAdd, kSubtract, kMultiply, kDivide, kRemainder, kIntegralDivide };

//! "+", "-", "*", "/", "%" or "div".
std::string_view opSymbol(ArithmeticOp op);
//! The try_ function that returns NULL where `op` raises: try_add, try_divide, ...
std::string_view tryFunctionName(ArithmeticOp op);
//! ARITHMETIC_OVERFLOW for an INT (`wide` false) or BIGINT-sized result of `op`, as Spark words
//! it: "long overflow. Use 'try_add' to tolerate overflow ...".
[[noreturn]] void raiseArithmeticOverflow(ArithmeticOp op, bool wide);

}  // namespace sluice
