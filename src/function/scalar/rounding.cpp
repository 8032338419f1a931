// src/function/scalar/rounding.cpp
//
// round (HALF_UP), bround (HALF_EVEN), ceil / ceiling and floor, as Spark's RoundBase,
// RoundCeil, RoundFloor, Ceil and Floor compute them.
//
// - The scale must be a constant. A DECIMAL(p, s) rounded to scale d >= 0 becomes
//   DECIMAL(min(p - s + 1 + min(s, d), 38), min(s, d)); to d < 0, DECIMAL(min(max(p - s + 1,
//   1 - d), 38), 0): one more integral digit, since 9.9 rounds to 10.
// - Integral values keep their type; a negative scale rounds them to tens, hundreds, ...
//   and a result that no longer fits raises ARITHMETIC_OVERFLOW (ANSI).
// - FLOAT and DOUBLE round their shortest decimal form (Java's BigDecimal.valueOf), so
//   round(2.675D, 2) is 2.68 although the binary value is slightly below 2.675; NaN and
//   infinities are returned as they are.
// - ceil(x) and floor(x) return BIGINT for DOUBLE and BIGINT input (Java's saturating
//   (long) conversion) and DECIMAL(p - s + 1, 0) for decimals; with a scale, the input is
//   cast to DECIMAL and rounded toward +/- infinity as above.

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

enum class RoundingMode { kHalfUp, kHalfEven, kCeiling, kFloor };

//! value / 10^digits, rounded by `mode` (digits >= 0).
int128_t divideRounded(int128_t value, int digits, RoundingMode mode) {
  if (digits == 0)
    return value;
  int128_t quotient = 0;
  int128_t remainder = value;
  bool half_or_more = false;
  bool above_half = false;
  if (digits <= 38) {
    int128_t divisor = decimal::powerOfTen(digits);
    quotient = value / divisor;
    remainder = value % divisor;
    int128_t magnitude = remainder < 0 ? -remainder : remainder;
    // Compare 2 * |remainder| with the divisor without overflowing at 10^38.
    half_or_more = magnitude >= divisor - magnitude;
    above_half = magnitude > divisor - magnitude;
  }
  if (remainder == 0)
    return quotient;
  int128_t away = value > 0 ? quotient + 1 : quotient - 1;
  switch (mode) {
    case RoundingMode::kCeiling:
      return value > 0 ? quotient + 1 : quotient;
    case RoundingMode::kFloor:
      return value < 0 ? quotient - 1 : quotient;
    case RoundingMode::kHalfUp:
      return half_or_more ? away : quotient;
    case RoundingMode::kHalfEven:
      if (above_half)
        return away;
      if (half_or_more)
        return (quotient % 2 != 0) ? away : quotient;
      return quotient;
  }
  return quotient;
}

//! Rounds `value` to `scale` digits after the point through its shortest decimal form.
double roundDouble(double value, int scale, RoundingMode mode) {
  if (std::isnan(value) || std::isinf(value))
    return value;
  char buffer[64];
  auto [end, error] =
      std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::scientific);
  std::string_view text(buffer, end - buffer);
  bool negative = text[0] == '-';
  if (negative)
    text.remove_prefix(1);
  size_t exponent_at = text.find('e');
  int exponent = std::atoi(std::string(text.substr(exponent_at + 1)).c_str());
  std::string digits;
  for (char c : text.substr(0, exponent_at)) {
    if (c != '.')
      digits += c;
  }
  // digits[i] has weight 10^(exponent - i); keep those of weight >= 10^-scale.
  long keep = static_cast<long>(exponent) + 1 + scale;
  if (keep >= static_cast<long>(digits.size()))
    return value;
  bool round_up = false;
  if (keep >= 0) {
    char first_dropped = digits[keep];
    bool rest_nonzero = digits.find_first_not_of('0', keep + 1) != std::string::npos;
    bool previous_odd = keep > 0 && (digits[keep - 1] - '0') % 2 == 1;
    bool any_dropped = first_dropped != '0' || rest_nonzero;
    switch (mode) {
      case RoundingMode::kHalfUp:
        round_up = first_dropped >= '5';
        break;
      case RoundingMode::kHalfEven:
        round_up = first_dropped > '5' || (first_dropped == '5' && (rest_nonzero || previous_odd));
        break;
      case RoundingMode::kCeiling:
        round_up = any_dropped && !negative;
        break;
      case RoundingMode::kFloor:
        round_up = any_dropped && negative;
        break;
    }
  } else {
    round_up =
        (mode == RoundingMode::kCeiling && !negative) || (mode == RoundingMode::kFloor && negative);
  }
  std::string kept = keep > 0 ? digits.substr(0, keep) : "0";
  if (round_up) {
    // Add one unit in the last kept place.
    int position = static_cast<int>(kept.size()) - 1;
    while (position >= 0 && kept[position] == '9')
      kept[position--] = '0';
    if (position < 0) {
      kept.insert(kept.begin(), '1');
    } else {
      kept[position] = static_cast<char>(kept[position] + 1);
    }
  }
  std::string rounded = (negative ? "-" : "") + kept + "e" + std::to_string(-scale);
  double out = std::strtod(rounded.c_str(), nullptr);
  return out == 0.0 ? 0.0 : out;  // BigDecimal has no negative zero
}

[[noreturn]] void raiseRoundOverflow(std::string_view name) {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "Overflow. Use '{}' to tolerate overflow and return NULL instead. If necessary set "
             "\"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
             name == "bround" ? "try_bround" : "try_round");
}

template <typename T>
ScalarKernel integralRoundKernel(int scale, RoundingMode mode, std::string name) {
  return [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    unaryLoop<T, T>(*args[0], rows, result, [&](T value, idx_t) -> T {
      if (scale >= 0)
        return value;
      int128_t quotient = divideRounded(value, -scale, mode);
      if (quotient == 0)
        return 0;
      int128_t rounded = quotient * decimal::powerOfTen(std::min(-scale, 38));
      if (-scale > 38 || rounded > std::numeric_limits<T>::max() ||
          rounded < std::numeric_limits<T>::min()) {
        raiseRoundOverflow(name);
      }
      return static_cast<T>(rounded);
    });
  };
}

template <typename T>
ScalarKernel floatingRoundKernel(int scale, RoundingMode mode) {
  return [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    unaryLoop<T, T>(*args[0], rows, result, [&](T value, idx_t) -> T {
      if constexpr (std::is_same_v<T, float>) {
        if (std::isnan(value) || std::isinf(value))
          return value;
        // BigDecimal(f.toDouble) rounded, then converted straight to float.
        double rounded = roundDouble(static_cast<double>(value), scale, mode);
        char buffer[64];
        auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), rounded);
        *end = '\0';
        return std::strtof(buffer, nullptr);
      } else {
        return roundDouble(value, scale, mode);
      }
    });
  };
}

//! DECIMAL(p, s) -> `out`, rounding to `scale` (which may be negative).
template <typename TIn, typename TOut>
ScalarKernel decimalRoundKernel(DataType in, DataType out, int scale, RoundingMode mode) {
  return [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    unaryLoop<TIn, TOut>(*args[0], rows, result, [&](TIn value, idx_t row) -> TOut {
      int128_t rounded = value;
      if (scale < in.scale())
        rounded = divideRounded(value, in.scale() - scale, mode);
      if (scale < 0 && rounded != 0) {
        if (-scale > 38) {
          result.setNull(row);
          return 0;
        }
        rounded *= decimal::powerOfTen(-scale);
      }
      if (!decimal::fitsPrecision(rounded, out.precision())) {
        result.setNull(row);
        return 0;
      }
      return static_cast<TOut>(rounded);
    });
  };
}

//! Spark's RoundBase.dataType for a DECIMAL input.
DataType roundedDecimalType(const DataType& type, int scale) {
  int integral_digits = type.precision() - type.scale() + 1;
  if (scale < 0)
    return DataType::decimal(std::min(std::max(integral_digits, 1 - scale), 38), 0);
  int new_scale = std::min(type.scale(), scale);
  return DataType::decimal(std::min(integral_digits + new_scale, 38), new_scale);
}

BoundScalarFunction bindNullScale(std::string name, DataType input, DataType out) {
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    forEachRow(rows, [&](idx_t row) { result.setNull(row); });
  };
  return {std::move(name), {input, DataType::intType()}, out, std::move(kernel)};
}

BoundScalarFunction bindRoundKernel(std::string name, const DataType& input,
                                    std::optional<int64_t> scale_value, RoundingMode mode) {
  if (!scale_value) {
    return bindNullScale(name, input, input.isDecimal() ? roundedDecimalType(input, 0) : input);
  }
  int scale = static_cast<int>(std::clamp<int64_t>(*scale_value, -1000, 1000));
  if (input.isDecimal()) {
    DataType out = roundedDecimalType(input, scale);
    ScalarKernel kernel = visitNumericType(input, [&]<typename TIn>() {
      return visitNumericType(out, [&]<typename TOut>() -> ScalarKernel {
        return decimalRoundKernel<TIn, TOut>(input, out, scale, mode);
      });
    });
    return {name, {input, DataType::intType()}, out, std::move(kernel)};
  }
  ScalarKernel kernel = visitNumericType(input, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_floating_point_v<T>) {
      return floatingRoundKernel<T>(scale, mode);
    } else {
      return integralRoundKernel<T>(scale, mode, name);
    }
  });
  return {name, {input, DataType::intType()}, input, std::move(kernel)};
}

//! round / bround: any number (strings as DOUBLE), scale a constant INT, default 0.
BoundScalarFunction bindRound(std::string name, RoundingMode mode, const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  DataType input = type.isNumeric() ? type : expectArgument(request, 0, DataType::doubleType());
  std::optional<int64_t> scale = 0;
  if (request.argument_types.size() == 2) {
    expectArgument(request, 1, DataType::intType());
    const Value* constant = constantArgument(request, 1);
    if (constant == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `scale` "
                              "should be a foldable \"INT\" expression.",
                              name));
    }
    scale = constant->isNull()
                ? std::nullopt
                : std::optional<int64_t>(constant->type().isIntegral() ? constant->getInt64() : 0);
  }
  BoundScalarFunction bound = bindRoundKernel(name, input, scale, mode);
  if (request.argument_types.size() == 1)
    bound.argument_types.resize(1);
  return bound;
}

//! ceil(x) / floor(x) without a scale.
BoundScalarFunction bindCeilFloorUnary(std::string name, bool ceiling, const BindRequest& request) {
  DataType input = expectArgumentOneOf(request, 0, {DataType::doubleType(), DataType::longType()});
  if (request.argument_types[0].isDecimal())
    input = request.argument_types[0];
  if (input.isDecimal()) {
    if (input.scale() == 0) {
      ScalarKernel kernel = visitNumericType(input, [&]<typename T>() -> ScalarKernel {
        return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                  Vector& result) {
          unaryLoop<T, T>(*args[0], rows, result, [](T value, idx_t) { return value; });
        };
      });
      return {name, {input}, input, std::move(kernel)};
    }
    DataType out = DataType::decimal(std::min(input.precision() - input.scale() + 1, 38), 0);
    RoundingMode mode = ceiling ? RoundingMode::kCeiling : RoundingMode::kFloor;
    ScalarKernel kernel = visitNumericType(input, [&]<typename TIn>() {
      return visitNumericType(out, [&]<typename TOut>() -> ScalarKernel {
        return decimalRoundKernel<TIn, TOut>(input, out, 0, mode);
      });
    });
    return {name, {input}, out, std::move(kernel)};
  }
  if (input.id() == TypeId::kLong) {
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                             Vector& result) {
      unaryLoop<int64_t, int64_t>(*args[0], rows, result,
                                  [](int64_t value, idx_t) { return value; });
    };
    return {name, {input}, DataType::longType(), std::move(kernel)};
  }
  ScalarKernel kernel = [ceiling](const ExecContext&, const ArgumentVectors& args,
                                  const RowSet& rows, Vector& result) {
    unaryLoop<double, int64_t>(*args[0], rows, result, [&](double value, idx_t) -> int64_t {
      double rounded = ceiling ? std::ceil(value) : std::floor(value);
      // Java's (long) conversion: NaN is 0, out-of-range values saturate.
      if (std::isnan(rounded))
        return 0;
      if (rounded >= 9223372036854775807.0)
        return std::numeric_limits<int64_t>::max();
      if (rounded <= -9223372036854775808.0)
        return std::numeric_limits<int64_t>::min();
      return static_cast<int64_t>(rounded);
    });
  };
  return {name, {input}, DataType::longType(), std::move(kernel)};
}

BoundScalarFunction bindCeilFloor(std::string name, bool ceiling, const BindRequest& request) {
  if (request.argument_types.size() == 1)
    return bindCeilFloorUnary(name, ceiling, request);
  const Value* scale = constantArgument(request, 1);
  if (scale == nullptr || request.argument_types[1].id() != TypeId::kInt || scale->isNull()) {
    throwError(ErrorClass::NON_FOLDABLE_ARGUMENT,
               "The function `{}` requires the parameter `scale` to be a foldable expression of "
               "the type \"INT\", but the actual argument is a non-foldable.",
               name);
  }
  const DataType& type = request.argument_types[0];
  if (!(type.isNumeric() || type.isVoid() || type.id() == TypeId::kString)) {
    expectArgument(request, 0, DataType::decimal(38, 18));
  }
  // A STRING or NULL argument becomes the widest DECIMAL with room for a fraction.
  DataType input = type.isNumeric() ? decimal::forType(type) : DataType::decimal(38, 18);
  return bindRoundKernel(name, input, scale->getInt64(),
                         ceiling ? RoundingMode::kCeiling : RoundingMode::kFloor);
}

}  // namespace

void registerRoundingFunctions(FunctionRegistry& registry) {
  registry.addScalar({"round", 1, 2, [](const BindRequest& r) {
                        return bindRound("round", RoundingMode::kHalfUp, r);
                      }});
  registry.addScalar({"bround", 1, 2, [](const BindRequest& r) {
                        return bindRound("bround", RoundingMode::kHalfEven, r);
                      }});
  registry.addScalar(
      {"ceil", 1, 2, [](const BindRequest& r) { return bindCeilFloor("ceil", true, r); }},
      {"ceiling"});
  registry.addScalar(
      {"floor", 1, 2, [](const BindRequest& r) { return bindCeilFloor("floor", false, r); }});
}

}  // namespace sluice
