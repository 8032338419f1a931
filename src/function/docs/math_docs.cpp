// src/function/docs/math_docs.cpp
//
// What DESCRIBE FUNCTION shows of the math, bitwise and random functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> mathFunctionDocs() {
  return {
      {{"abs"},
       {"_FUNC_(expr) - Returns the absolute value of the number or interval `expr`.",
        "> SELECT _FUNC_(-7.25);\n"
        " 7.25"}},
      {{"positive"},
       {"_FUNC_(expr) - Returns `expr` unchanged; the unary plus.",
        "> SELECT _FUNC_(-4);\n"
        " -4"}},
      {{"negative"},
       {"_FUNC_(expr) - Returns `expr` with its sign flipped; the unary minus.",
        "> SELECT _FUNC_(4);\n"
        " -4"}},
      {{"sign", "signum"},
       {"_FUNC_(expr) - Returns -1.0, 0.0 or 1.0 as `expr` is negative, zero or positive.",
        "> SELECT _FUNC_(-12);\n"
        " -1.0\n"
        "> SELECT _FUNC_(0.0);\n"
        " 0.0"}},
      {{"ceil", "ceiling"},
       {"_FUNC_(expr [, scale]) - Returns the smallest number not below `expr`, with `scale` "
        "decimal places (0 by default; negative rounds to tens, hundreds, ...).",
        "> SELECT _FUNC_(2.1);\n"
        " 3\n"
        "> SELECT _FUNC_(-2.9);\n"
        " -2\n"
        "> SELECT _FUNC_(3.14159, 2);\n"
        " 3.15"}},
      {{"floor"},
       {"_FUNC_(expr [, scale]) - Returns the largest number not above `expr`, with `scale` "
        "decimal places (0 by default; negative rounds to tens, hundreds, ...).",
        "> SELECT _FUNC_(2.9);\n"
        " 2\n"
        "> SELECT _FUNC_(-2.1);\n"
        " -3\n"
        "> SELECT _FUNC_(1234, -2);\n"
        " 1200"}},
      {{"round"},
       {"_FUNC_(expr [, d]) - Returns `expr` rounded to `d` decimal places (0 by default), halves "
        "away from zero.",
        "> SELECT _FUNC_(2.5);\n"
        " 3\n"
        "> SELECT _FUNC_(-1.235, 2);\n"
        " -1.24\n"
        "> SELECT _FUNC_(1250, -2);\n"
        " 1300"}},
      {{"bround"},
       {"_FUNC_(expr [, d]) - Returns `expr` rounded to `d` decimal places (0 by default), halves "
        "to the even neighbour.",
        "> SELECT _FUNC_(2.5);\n"
        " 2\n"
        "> SELECT _FUNC_(3.5);\n"
        " 4\n"
        "> SELECT _FUNC_(1.245, 2);\n"
        " 1.24"}},
      {{"rint"},
       {"_FUNC_(expr) - Returns the double closest to `expr` that is a whole number, halves to the "
        "even one.",
        "> SELECT _FUNC_(2.5);\n"
        " 2.0\n"
        "> SELECT _FUNC_(-1.7);\n"
        " -2.0"}},
      {{"sqrt"},
       {"_FUNC_(expr) - Returns the square root of `expr`, NaN for a negative number.",
        "> SELECT _FUNC_(2.25);\n"
        " 1.5"}},
      {{"cbrt"},
       {"_FUNC_(expr) - Returns the cube root of `expr`.",
        "> SELECT _FUNC_(-27);\n"
        " -3.0"}},
      {{"exp"},
       {"_FUNC_(expr) - Returns e raised to the power `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 1.0"}},
      {{"expm1"},
       {"_FUNC_(expr) - Returns e raised to the power `expr`, minus 1, precise for `expr` near 0.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"ln"},
       {"_FUNC_(expr) - Returns the natural logarithm of `expr`, or null when `expr` is not "
        "positive.",
        "> SELECT _FUNC_(1);\n"
        " 0.0\n"
        "> SELECT _FUNC_(0);\n"
        " NULL"}},
      {{"log"},
       {"_FUNC_(base, expr) - Returns the logarithm of `expr` in base `base`; with one argument, "
        "the natural logarithm.",
        "> SELECT _FUNC_(2, 1024);\n"
        " 10.0\n"
        "> SELECT _FUNC_(1);\n"
        " 0.0"}},
      {{"log10"},
       {"_FUNC_(expr) - Returns the base-10 logarithm of `expr`, or null when `expr` is not "
        "positive.",
        "> SELECT _FUNC_(1000);\n"
        " 3.0"}},
      {{"log2"},
       {"_FUNC_(expr) - Returns the base-2 logarithm of `expr`, or null when `expr` is not "
        "positive.",
        "> SELECT _FUNC_(64);\n"
        " 6.0"}},
      {{"log1p"},
       {"_FUNC_(expr) - Returns the natural logarithm of 1 + `expr`, precise for `expr` near 0.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"pow", "power"},
       {"_FUNC_(base, exponent) - Returns `base` raised to the power `exponent`, as a double.",
        "> SELECT _FUNC_(2, 10);\n"
        " 1024.0\n"
        "> SELECT _FUNC_(9, 0.5);\n"
        " 3.0"}},
      {{"mod"},
       {"_FUNC_(dividend, divisor) - Returns the remainder of `dividend` divided by `divisor`, "
        "with the sign of `dividend`; same as `dividend % divisor`.",
        "> SELECT _FUNC_(17, 5);\n"
        " 2\n"
        "> SELECT _FUNC_(-17, 5);\n"
        " -2"}},
      {{"pmod"},
       {"_FUNC_(dividend, divisor) - Returns the remainder of `dividend` divided by `divisor`, "
        "made non-negative for a positive `divisor`.",
        "> SELECT _FUNC_(-17, 5);\n"
        " 3\n"
        "> SELECT _FUNC_(17, 5);\n"
        " 2"}},
      {{"div"},
       {"_FUNC_(dividend, divisor) - Returns the whole part of `dividend` divided by `divisor`, as "
        "a bigint; same as `dividend div divisor`.",
        "> SELECT _FUNC_(17, 5);\n"
        " 3\n"
        "> SELECT 9 div 2;\n"
        " 4"}},
      {{"try_add"},
       {"_FUNC_(expr1, expr2) - Returns `expr1` + `expr2`, but null instead of failing on "
        "overflow.",
        "> SELECT _FUNC_(40, 2);\n"
        " 42\n"
        "> SELECT _FUNC_(2147483647, 1);\n"
        " NULL"}},
      {{"try_subtract"},
       {"_FUNC_(expr1, expr2) - Returns `expr1` - `expr2`, but null instead of failing on "
        "overflow.",
        "> SELECT _FUNC_(DATE'2024-03-01', 1);\n"
        " 2024-02-29\n"
        "> SELECT _FUNC_(-2147483648, 1);\n"
        " NULL"}},
      {{"try_multiply"},
       {"_FUNC_(expr1, expr2) - Returns `expr1` * `expr2`, but null instead of failing on "
        "overflow.",
        "> SELECT _FUNC_(6, 7);\n"
        " 42\n"
        "> SELECT _FUNC_(9223372036854775807L, 2);\n"
        " NULL"}},
      {{"try_divide"},
       {"_FUNC_(dividend, divisor) - Returns `dividend` / `divisor`, but null instead of failing "
        "when `divisor` is 0.",
        "> SELECT _FUNC_(7, 2);\n"
        " 3.5\n"
        "> SELECT _FUNC_(7, 0);\n"
        " NULL"}},
      {{"try_mod"},
       {"_FUNC_(dividend, divisor) - Returns `dividend` % `divisor`, but null instead of failing "
        "when `divisor` is 0.",
        "> SELECT _FUNC_(7, 4);\n"
        " 3\n"
        "> SELECT _FUNC_(7, 0);\n"
        " NULL"}},
      {{"factorial"},
       {"_FUNC_(n) - Returns n! for `n` from 0 to 20, and null for another `n`.",
        "> SELECT _FUNC_(6);\n"
        " 720\n"
        "> SELECT _FUNC_(21);\n"
        " NULL"}},
      {{"pi"},
       {"_FUNC_() - Returns the number pi.",
        "> SELECT _FUNC_();\n"
        " 3.141592653589793"}},
      {{"e"},
       {"_FUNC_() - Returns Euler's number e, the base of the natural logarithm.",
        "> SELECT _FUNC_();\n"
        " 2.718281828459045"}},
      {{"degrees"},
       {"_FUNC_(expr) - Returns the angle `expr`, given in radians, in degrees.",
        "> SELECT _FUNC_(pi());\n"
        " 180.0"}},
      {{"radians"},
       {"_FUNC_(expr) - Returns the angle `expr`, given in degrees, in radians.",
        "> SELECT _FUNC_(180);\n"
        " 3.141592653589793"}},
      {{"sin"},
       {"_FUNC_(expr) - Returns the sine of the angle `expr`, in radians.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"cos"},
       {"_FUNC_(expr) - Returns the cosine of the angle `expr`, in radians.",
        "> SELECT _FUNC_(0);\n"
        " 1.0"}},
      {{"tan"},
       {"_FUNC_(expr) - Returns the tangent of the angle `expr`, in radians.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"cot"},
       {"_FUNC_(expr) - Returns the cotangent of the angle `expr`, in radians.",
        "> SELECT _FUNC_(pi() / 4) BETWEEN 0.9999 AND 1.0001;\n"
        " true"}},
      {{"sec"},
       {"_FUNC_(expr) - Returns the secant (1 / cosine) of the angle `expr`, in radians.",
        "> SELECT _FUNC_(0);\n"
        " 1.0"}},
      {{"csc"},
       {"_FUNC_(expr) - Returns the cosecant (1 / sine) of the angle `expr`, in radians.",
        "> SELECT _FUNC_(pi() / 2);\n"
        " 1.0"}},
      {{"asin"},
       {"_FUNC_(expr) - Returns the angle in radians whose sine is `expr`, or NaN when `expr` is "
        "outside [-1, 1].",
        "> SELECT _FUNC_(0);\n"
        " 0.0\n"
        "> SELECT _FUNC_(2);\n"
        " NaN"}},
      {{"acos"},
       {"_FUNC_(expr) - Returns the angle in radians whose cosine is `expr`, or NaN when `expr` is "
        "outside [-1, 1].",
        "> SELECT _FUNC_(1);\n"
        " 0.0"}},
      {{"atan"},
       {"_FUNC_(expr) - Returns the angle in radians whose tangent is `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"atan2"},
       {"_FUNC_(exprY, exprX) - Returns the angle in radians between the positive x axis and the "
        "point (`exprX`, `exprY`).",
        "> SELECT _FUNC_(1, 1) = pi() / 4;\n"
        " true"}},
      {{"sinh"},
       {"_FUNC_(expr) - Returns the hyperbolic sine of `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"cosh"},
       {"_FUNC_(expr) - Returns the hyperbolic cosine of `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 1.0"}},
      {{"tanh"},
       {"_FUNC_(expr) - Returns the hyperbolic tangent of `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"asinh"},
       {"_FUNC_(expr) - Returns the inverse hyperbolic sine of `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"acosh"},
       {"_FUNC_(expr) - Returns the inverse hyperbolic cosine of `expr`.",
        "> SELECT _FUNC_(1);\n"
        " 0.0"}},
      {{"atanh"},
       {"_FUNC_(expr) - Returns the inverse hyperbolic tangent of `expr`.",
        "> SELECT _FUNC_(0);\n"
        " 0.0"}},
      {{"hypot"},
       {"_FUNC_(expr1, expr2) - Returns sqrt(`expr1`² + `expr2`²) without overflow in between.",
        "> SELECT _FUNC_(3, 4);\n"
        " 5.0"}},
      {{"width_bucket"},
       {"_FUNC_(value, min_value, max_value, num_bucket) - Returns the number of the bucket "
        "`value` falls in when [`min_value`, `max_value`) is cut into `num_bucket` equal buckets: "
        "0 below the range and `num_bucket` + 1 above it.",
        "> SELECT _FUNC_(5.3, 0, 10, 5);\n"
        " 3\n"
        "> SELECT _FUNC_(-1, 0, 10, 5);\n"
        " 0\n"
        "> SELECT _FUNC_(10, 0, 10, 5);\n"
        " 6"}},
      {{"bin"},
       {"_FUNC_(expr) - Returns the binary digits of the bigint `expr` (two's complement for a "
        "negative one).",
        "> SELECT _FUNC_(10);\n"
        " 1010\n"
        "> SELECT _FUNC_(-1);\n"
        " 1111111111111111111111111111111111111111111111111111111111111111"}},
      {{"conv"},
       {"_FUNC_(num, from_base, to_base) - Returns the string of digits `num` written in base "
        "`from_base`, rewritten in base `to_base` (2 to 36; a negative `to_base` writes a signed "
        "number).",
        "> SELECT _FUNC_('ff', 16, 10);\n"
        " 255\n"
        "> SELECT _FUNC_('255', 10, 2);\n"
        " 11111111\n"
        "> SELECT _FUNC_('-10', 10, -16);\n"
        " -A"}},
      {{"shiftleft"},
       {"_FUNC_(base, n) - Returns the integer `base` shifted left by `n` bits; same as `base << "
        "n`.",
        "> SELECT _FUNC_(3, 4);\n"
        " 48"}},
      {{"shiftright"},
       {"_FUNC_(base, n) - Returns the integer `base` shifted right by `n` bits, keeping its sign; "
        "same as `base >> n`.",
        "> SELECT _FUNC_(-32, 2);\n"
        " -8"}},
      {{"shiftrightunsigned"},
       {"_FUNC_(base, n) - Returns the integer `base` shifted right by `n` bits, filling with "
        "zeros; same as `base >>> n`.",
        "> SELECT _FUNC_(-32, 28);\n"
        " 15"}},
      {{"bit_count"},
       {"_FUNC_(expr) - Returns the number of bits set in the integer or boolean `expr` (in two's "
        "complement).",
        "> SELECT _FUNC_(7);\n"
        " 3\n"
        "> SELECT _FUNC_(-1);\n"
        " 64"}},
      {{"bit_get", "getbit"},
       {"_FUNC_(expr, pos) - Returns the bit, 0 or 1, at position `pos` of the integer `expr`, "
        "counting from 0 at the least significant bit.",
        "> SELECT _FUNC_(6, 1);\n"
        " 1\n"
        "> SELECT _FUNC_(6, 0);\n"
        " 0"}},
      {{"rand", "random"},
       {"_FUNC_([seed]) - Returns a random double, uniform in [0, 1); with the same `seed` a "
        "partition gives the same values as Spark.",
        "> SELECT _FUNC_() < 1.0;\n"
        " true"}},
      {{"randn"},
       {"_FUNC_([seed]) - Returns a random double drawn from the standard normal distribution; "
        "with the same `seed` a partition gives the same values as Spark.",
        "> SELECT typeof(_FUNC_(3));\n"
        " double"}},
      {{"uniform"},
       {"_FUNC_(min, max [, seed]) - Returns a random number between `min` and `max`, of the wider "
        "type of the two, `max` excluded for a floating-point result.",
        "> SELECT _FUNC_(5, 10, 0) BETWEEN 5 AND 10;\n"
        " true\n"
        "> SELECT typeof(_FUNC_(1.0D, 2, 0));\n"
        " double"}},
      {{"randstr"},
       {"_FUNC_(length [, seed]) - Returns a random string of `length` characters drawn from 0-9, "
        "a-z and A-Z.",
        "> SELECT length(_FUNC_(12));\n"
        " 12"}},
      {{"shuffle"},
       {"_FUNC_(array [, seed]) - Returns the elements of `array` in a random order.",
        "> SELECT array_sort(_FUNC_(array(3, 1, 2)));\n"
        " [1,2,3]"}},
  };
}

}  // namespace sluice
