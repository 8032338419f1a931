// src/function/scalar/arithmetic.cpp
//
// + - * / % div and unary minus with Spark's ANSI semantics: integral overflow raises
// ARITHMETIC_OVERFLOW (INT, BIGINT) or BINARY_ARITHMETIC_OVERFLOW (TINYINT, SMALLINT),
// decimal overflow NUMERIC_VALUE_OUT_OF_RANGE, a zero divisor DIVIDE_BY_ZERO; `/` returns
// DOUBLE unless an operand is DECIMAL; `div` returns BIGINT. Intervals, dates and timestamps
// have rules of their own (interval_arithmetic.cpp).

#include <cmath>
#include <limits>

#include "common/error/error.hpp"
#include "common/types/calendar_interval.hpp"
#include "common/types/decimal.hpp"
#include "common/types/type_coercion.hpp"
#include "common/types/value_text.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/arithmetic_op.hpp"
#include "function/scalar/interval_arithmetic.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

std::string_view opSymbol(ArithmeticOp op) {
  switch (op) {
    case ArithmeticOp::kAdd:
      return "+";
    case ArithmeticOp::kSubtract:
      return "-";
    case ArithmeticOp::kMultiply:
      return "*";
    case ArithmeticOp::kDivide:
      return "/";
    case ArithmeticOp::kRemainder:
      return "%";
    case ArithmeticOp::kIntegralDivide:
      return "div";
  }
  return "?";
}

std::string_view tryFunctionName(ArithmeticOp op) {
  switch (op) {
    case ArithmeticOp::kAdd:
      return "try_add";
    case ArithmeticOp::kSubtract:
      return "try_subtract";
    case ArithmeticOp::kMultiply:
      return "try_multiply";
    case ArithmeticOp::kRemainder:
      return "try_mod";
    default:
      return "try_divide";
  }
}

void raiseArithmeticOverflow(ArithmeticOp op, bool wide) {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "{} overflow. Use '{}' to tolerate overflow and return NULL instead. If necessary "
             "set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
             wide ? "long" : "integer", tryFunctionName(op));
}

namespace {

[[noreturn]] void raiseDivideByZero() {
  throwError(ErrorClass::DIVIDE_BY_ZERO,
             "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL "
             "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
             "error.");
}

template <typename T>
std::string literalText(T value) {
  if constexpr (std::is_same_v<T, int8_t>)
    return fmt::format("{}Y", value);
  if constexpr (std::is_same_v<T, int16_t>)
    return fmt::format("{}S", value);
  return fmt::format("{}", value);
}

template <typename T>
[[noreturn]] void raiseIntegralOverflow(ArithmeticOp op, T a, T b) {
  if constexpr (sizeof(T) < 4) {
    throwError(ErrorClass::BINARY_ARITHMETIC_OVERFLOW,
               "{} {} {} caused overflow. Use `{}` to tolerate overflow and return NULL instead. "
               "If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
               literalText(a), opSymbol(op), literalText(b), tryFunctionName(op));
  } else {
    raiseArithmeticOverflow(op, sizeof(T) == 8);
  }
}

[[noreturn]] void raiseIntegralDivideOverflow() {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "Overflow in integral divide. Use 'try_divide' to tolerate overflow and return NULL "
             "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
             "error.");
}

[[noreturn]] void raiseDecimalOverflow(const DataType& type) {
  throw Error(ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE, "WITH_SUGGESTION",
              fmt::format("The result cannot be represented as Decimal({}, {}). If necessary set "
                          "\"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and "
                          "return NULL instead.",
                          type.precision(), type.scale()));
}

//! Integral + - * % div with overflow checks; T is the operand and result type.
template <typename T>
ScalarKernel integralKernel(ArithmeticOp op, bool try_mode) {
  return [op, try_mode](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                        Vector& result) {
    binaryLoop<T, T, T>(*args[0], *args[1], rows, result, [&](T a, T b, idx_t row) -> T {
      T out = 0;
      bool overflow = false;
      switch (op) {
        case ArithmeticOp::kAdd:
          overflow = __builtin_add_overflow(a, b, &out);
          break;
        case ArithmeticOp::kSubtract:
          overflow = __builtin_sub_overflow(a, b, &out);
          break;
        case ArithmeticOp::kMultiply:
          overflow = __builtin_mul_overflow(a, b, &out);
          break;
        case ArithmeticOp::kRemainder:
          if (b == 0) {
            if (try_mode)
              break;
            raiseDivideByZero();
          }
          // MIN % -1 is 0; computing it would trap.
          out = b == -1 ? 0 : static_cast<T>(a % b);
          return out;
        default:
          break;
      }
      if (op == ArithmeticOp::kRemainder || overflow) {
        if (!try_mode)
          raiseIntegralOverflow(op, a, b);
        result.setNull(row);
      }
      return out;
    });
  };
}

//! BIGINT div: truncates toward zero.
ScalarKernel integralDivideKernel(bool try_mode) {
  return [try_mode](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                    Vector& result) {
    binaryLoop<int64_t, int64_t, int64_t>(
        *args[0], *args[1], rows, result, [&](int64_t a, int64_t b, idx_t row) -> int64_t {
          if (b == 0) {
            if (!try_mode)
              raiseDivideByZero();
            result.setNull(row);
            return 0;
          }
          if (a == std::numeric_limits<int64_t>::min() && b == -1) {
            if (!try_mode)
              raiseIntegralDivideOverflow();
            result.setNull(row);
            return 0;
          }
          return a / b;
        });
  };
}

template <typename T>
ScalarKernel floatingKernel(ArithmeticOp op, bool try_mode) {
  return [op, try_mode](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                        Vector& result) {
    binaryLoop<T, T, T>(*args[0], *args[1], rows, result, [&](T a, T b, idx_t row) -> T {
      switch (op) {
        case ArithmeticOp::kAdd:
          return a + b;
        case ArithmeticOp::kSubtract:
          return a - b;
        case ArithmeticOp::kMultiply:
          return a * b;
        default:
          break;
      }
      if (b == 0) {
        if (!try_mode)
          raiseDivideByZero();
        result.setNull(row);
        return 0;
      }
      if (op == ArithmeticOp::kDivide)
        return a / b;
      return std::fmod(a, b);
    });
  };
}

//! DECIMAL arithmetic; TL, TR and TO are the physical types of the operands and result.
template <typename TL, typename TR, typename TO>
ScalarKernel decimalKernel(ArithmeticOp op, bool try_mode, DataType left, DataType right,
                           DataType out_type) {
  int sa = left.scale();
  int sb = right.scale();
  int p = out_type.precision();
  int s = out_type.scale();
  // Spark's result types usually leave room for every result: then the unscaled values
  // combine exactly in 128 bits, with no rounding and no overflow to check.
  bool exact_multiply =
      op == ArithmeticOp::kMultiply && s == sa + sb && p >= left.precision() + right.precision();
  bool exact_add = (op == ArithmeticOp::kAdd || op == ArithmeticOp::kSubtract) &&
                   s == std::max(sa, sb) &&
                   p > std::max(left.precision() - sa, right.precision() - sb) + s;
  if (exact_multiply || exact_add) {
    int128_t scale_a = exact_add ? decimal::powerOfTen(s - sa) : 1;
    int128_t scale_b = exact_add ? decimal::powerOfTen(s - sb) : 1;
    return
        [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
          binaryLoop<TL, TR, TO>(*args[0], *args[1], rows, result, [&](TL a, TR b, idx_t) -> TO {
            auto x = static_cast<int128_t>(a);
            auto y = static_cast<int128_t>(b);
            switch (op) {
              case ArithmeticOp::kMultiply:
                return static_cast<TO>(x * y);
              case ArithmeticOp::kAdd:
                return static_cast<TO>(x * scale_a + y * scale_b);
              default:
                return static_cast<TO>(x * scale_a - y * scale_b);
            }
          });
        };
  }
  return [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    binaryLoop<TL, TR, TO>(*args[0], *args[1], rows, result, [&](TL a, TR b, idx_t row) -> TO {
      std::optional<int128_t> value;
      switch (op) {
        case ArithmeticOp::kAdd:
          value = decimal::add(a, sa, b, sb, p, s);
          break;
        case ArithmeticOp::kSubtract:
          value = decimal::subtract(a, sa, b, sb, p, s);
          break;
        case ArithmeticOp::kMultiply:
          value = decimal::multiply(a, sa, b, sb, p, s);
          break;
        case ArithmeticOp::kDivide:
        case ArithmeticOp::kRemainder:
          if (b == 0) {
            if (!try_mode)
              raiseDivideByZero();
            result.setNull(row);
            return 0;
          }
          value = op == ArithmeticOp::kDivide ? decimal::divide(a, sa, b, sb, p, s)
                                              : decimal::remainder(a, sa, b, sb, p, s);
          break;
        default:
          break;
      }
      if (!value) {
        if (!try_mode)
          raiseDecimalOverflow(out_type);
        result.setNull(row);
        return 0;
      }
      return static_cast<TO>(*value);
    });
  };
}

//! DECIMAL div: the truncated quotient as BIGINT.
template <typename TL, typename TR>
ScalarKernel decimalIntegralDivideKernel(bool try_mode, DataType left, DataType right) {
  return [=](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    binaryLoop<TL, TR, int64_t>(
        *args[0], *args[1], rows, result, [&](TL a, TR b, idx_t row) -> int64_t {
          if (b == 0) {
            if (!try_mode)
              raiseDivideByZero();
            result.setNull(row);
            return 0;
          }
          // Bring both to the same scale, then divide the unscaled values.
          int scale = std::max(left.scale(), right.scale());
          auto x = decimal::rescale(a, left.scale(), scale, DataType::kMaxDecimalPrecision);
          auto y = decimal::rescale(b, right.scale(), scale, DataType::kMaxDecimalPrecision);
          if (!x || !y)
            raiseDecimalOverflow(DataType::decimal(38, 0));
          int128_t quotient = *x / *y;
          if (quotient > std::numeric_limits<int64_t>::max() ||
              quotient < std::numeric_limits<int64_t>::min()) {
            if (!try_mode)
              raiseIntegralDivideOverflow();
            result.setNull(row);
            return 0;
          }
          return static_cast<int64_t>(quotient);
        });
  };
}

std::string describeTypes(const BindRequest& request) {
  return fmt::format(
      "the left and right operands of the binary operator have incompatible types "
      "(\"{}\" and \"{}\")",
      request.argument_types[0].sql(), request.argument_types[1].sql());
}

//! Applies Spark's coercions for a binary arithmetic operator and returns the common operand
//! types (before the operator-specific result type).
std::pair<DataType, DataType> coerceOperands(const BindRequest& request) {
  DataType left = request.argument_types[0];
  DataType right = request.argument_types[1];
  if (auto promoted = stringPromotionType(left, right)) {
    left = *promoted;
    right = *promoted;
  }
  if (left.isVoid() && right.isVoid())
    return {DataType::doubleType(), DataType::doubleType()};
  if (left.isVoid())
    left = right;
  if (right.isVoid())
    right = left;
  requireArgumentType(left.isNumeric() && right.isNumeric(), request.name, describeTypes(request));
  if (left.isDecimal() || right.isDecimal()) {
    if (left.isFloating() || right.isFloating()) {
      return {DataType::doubleType(), DataType::doubleType()};
    }
    // Integral literals beside a decimal were already narrowed by the binder (Spark's
    // literalPickMinimumPrecision); other integrals take their type's full width.
    auto toDecimal = [](const DataType& type) {
      return type.isDecimal() ? type : decimal::forIntegral(type.id());
    };
    return {toDecimal(left), toDecimal(right)};
  }
  auto common = findTightestCommonType(left, right);
  requireArgumentType(common.has_value(), request.name, describeTypes(request));
  return {*common, *common};
}

BoundScalarFunction bindArithmetic(ArithmeticOp op, bool try_mode, const BindRequest& request) {
  if (auto bound = bindIntervalArithmetic(op, try_mode, request))
    return std::move(*bound);
  auto [left, right] = coerceOperands(request);
  std::string name(opSymbol(op));
  if (op == ArithmeticOp::kDivide && !left.isDecimal() && !right.isDecimal()) {
    left = right = DataType::doubleType();
  }
  if (op == ArithmeticOp::kIntegralDivide) {
    if (!left.isDecimal()) {
      requireArgumentType(left.isIntegral(), request.name, describeTypes(request));
      return {name,
              {DataType::longType(), DataType::longType()},
              DataType::longType(),
              integralDivideKernel(try_mode)};
    }
    ScalarKernel kernel = visitNumericType(left, [&]<typename TL>() {
      return visitNumericType(right, [&]<typename TR>() -> ScalarKernel {
        return decimalIntegralDivideKernel<TL, TR>(try_mode, left, right);
      });
    });
    return {name, {left, right}, DataType::longType(), std::move(kernel)};
  }
  if (left.isDecimal()) {
    DataType out;
    switch (op) {
      case ArithmeticOp::kAdd:
      case ArithmeticOp::kSubtract:
        out = decimal::addResultType(left, right);
        break;
      case ArithmeticOp::kMultiply:
        out = decimal::multiplyResultType(left, right);
        break;
      case ArithmeticOp::kDivide:
        out = decimal::divideResultType(left, right);
        break;
      default:
        out = decimal::remainderResultType(left, right);
        break;
    }
    ScalarKernel kernel = visitNumericType(left, [&]<typename TL>() {
      return visitNumericType(right, [&]<typename TR>() {
        return visitNumericType(out, [&]<typename TO>() -> ScalarKernel {
          return decimalKernel<TL, TR, TO>(op, try_mode, left, right, out);
        });
      });
    });
    return {name, {left, right}, out, std::move(kernel)};
  }
  ScalarKernel kernel = visitNumericType(left, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_floating_point_v<T>) {
      return floatingKernel<T>(op, try_mode);
    } else {
      if (op == ArithmeticOp::kDivide)
        return floatingKernel<double>(op, try_mode);
      return integralKernel<T>(op, try_mode);
    }
  });
  return {name, {left, right}, left, std::move(kernel)};
}

//! positive(x): x itself, for a number or an interval (a string is read as a DOUBLE).
BoundScalarFunction bindPositive(const BindRequest& request) {
  DataType type = request.argument_types[0];
  if (type.id() == TypeId::kString || type.isVoid())
    type = DataType::doubleType();
  requireArgumentType(type.isNumeric() || type.isInterval(), request.name,
                      fmt::format("the input of positive must be numeric, not \"{}\"",
                                  request.argument_types[0].sql()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    visitScalarType(result.type(), [&]<typename T>() {
      unaryLoop<T, T>(*args[0], rows, result, [](T a, idx_t) -> T { return a; });
    });
  };
  return {"positive", {type}, type, std::move(kernel)};
}

BoundScalarFunction bindNegative(const BindRequest& request) {
  DataType type = request.argument_types[0];
  if (type.id() == TypeId::kString)
    type = DataType::doubleType();
  if (type.isVoid())
    type = DataType::doubleType();
  requireArgumentType(type.isNumeric() || type.isInterval() || type.isCalendarInterval(),
                      request.name,
                      fmt::format("the input of negative must be numeric, not \"{}\"", type.sql()));
  ScalarKernel kernel;
  if (type.isCalendarInterval()) {
    kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                Vector& result) {
      unaryLoop<int128_t, int128_t>(*args[0], rows, result, [](int128_t bits, idx_t) {
        std::optional<CalendarInterval> negated =
            negateCalendarInterval(CalendarInterval::fromBits(bits));
        if (!negated)
          throwError(ErrorClass::ARITHMETIC_OVERFLOW, "integer overflow.");
        return negated->bits();
      });
    };
  } else if (type.isInterval()) {
    kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                Vector& result) {
      visitScalarType(result.type(), [&]<typename T>() {
        if constexpr (std::is_integral_v<T>) {
          unaryLoop<T, T>(*args[0], rows, result, [&](T a, idx_t) -> T {
            T out;
            if (__builtin_sub_overflow(T{0}, a, &out))
              raiseIntegralOverflow(ArithmeticOp::kSubtract, T{0}, a);
            return out;
          });
        }
      });
    };
  } else {
    kernel = visitNumericType(type, [&]<typename T>() -> ScalarKernel {
      return [type](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                    Vector& result) {
        unaryLoop<T, T>(*args[0], rows, result, [&](T a, idx_t) -> T {
          if constexpr (std::is_floating_point_v<T>) {
            return -a;
          } else {
            T out;
            if (__builtin_sub_overflow(T{0}, a, &out)) {
              if (type.isDecimal())
                raiseDecimalOverflow(type);
              throwError(ErrorClass::ARITHMETIC_OVERFLOW,
                         "{} overflow. If necessary set \"spark.sql.ansi.enabled\" to \"false\" "
                         "to bypass this error.",
                         sizeof(T) == 8 ? "long" : (sizeof(T) == 4 ? "integer" : "integer"));
            }
            return out;
          }
        });
      };
    });
  }
  return {"negative", {type}, type, std::move(kernel)};
}

void addBinary(FunctionRegistry& registry, std::string name, ArithmeticOp op, bool try_mode,
               std::vector<std::string> aliases = {}) {
  registry.addScalar({std::move(name), 2, 2,
                      [op, try_mode](const BindRequest& request) {
                        return bindArithmetic(op, try_mode, request);
                      }},
                     std::move(aliases));
}

}  // namespace

void registerArithmeticFunctions(FunctionRegistry& registry) {
  addBinary(registry, "+", ArithmeticOp::kAdd, false);
  addBinary(registry, "-", ArithmeticOp::kSubtract, false);
  addBinary(registry, "*", ArithmeticOp::kMultiply, false);
  addBinary(registry, "/", ArithmeticOp::kDivide, false);
  addBinary(registry, "%", ArithmeticOp::kRemainder, false, {"mod"});
  addBinary(registry, "div", ArithmeticOp::kIntegralDivide, false);
  addBinary(registry, "try_add", ArithmeticOp::kAdd, true);
  addBinary(registry, "try_subtract", ArithmeticOp::kSubtract, true);
  addBinary(registry, "try_multiply", ArithmeticOp::kMultiply, true);
  addBinary(registry, "try_divide", ArithmeticOp::kDivide, true);
  addBinary(registry, "try_mod", ArithmeticOp::kRemainder, true);
  registry.addScalar({"negative", 1, 1, bindNegative});
  registry.addScalar({"positive", 1, 1, bindPositive});
}

}  // namespace sluice
