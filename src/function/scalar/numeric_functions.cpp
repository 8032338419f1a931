// src/function/scalar/numeric_functions.cpp
//
// abs, pmod, width_bucket, greatest and least.
// - abs keeps its argument's type; the most negative integral value has no absolute value
//   and raises ARITHMETIC_OVERFLOW (ANSI).
// - pmod(a, n) is the remainder made non-negative for a positive divisor:
//   r = a % n; r < 0 ? (r + n) % n : r. Operands are coerced as for %, and a zero divisor
//   raises DIVIDE_BY_ZERO.
// - width_bucket(v, min, max, n) numbers equal-width buckets 1..n between min and max, 0 below
//   and n + 1 above (mirrored when min > max); NULL for n <= 0, NaN, equal or infinite bounds.
// - greatest / least cast all arguments to their wider common type and skip NULLs; the
//   result is NULL only when every argument is. NaN is larger than any other double, as in
//   Spark's ordering.

#include <cmath>
#include <limits>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/type_coercion.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseDivideByZero() {
  throwError(ErrorClass::DIVIDE_BY_ZERO,
             "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL "
             "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
             "error.");
}

BoundScalarFunction bindAbs(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  DataType input = type.isNumeric() || type.isInterval()
                       ? type
                       : expectArgument(request, 0, DataType::doubleType());
  // An interval's months or microseconds are an INT or a BIGINT.
  DataType values = input.id() == TypeId::kYearMonthInterval ? DataType::intType()
                    : input.id() == TypeId::kDayTimeInterval ? DataType::longType()
                                                             : input;
  ScalarKernel kernel = visitNumericType(values, [&]<typename T>() -> ScalarKernel {
    return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
      unaryLoop<T, T>(*args[0], rows, result, [](T value, idx_t) -> T {
        if constexpr (std::is_floating_point_v<T>) {
          return std::fabs(value);
        } else {
          if (value >= 0)
            return value;
          T out;
          if (__builtin_sub_overflow(T{0}, value, &out)) {
            throwError(ErrorClass::ARITHMETIC_OVERFLOW,
                       "Overflow in function abs(). If necessary set \"spark.sql.ansi.enabled\" "
                       "to \"false\" to bypass this error.");
          }
          return out;
        }
      });
    };
  });
  return {"abs", {input}, input, std::move(kernel)};
}

//! The common operand type of a binary arithmetic function (as for % and +).
DataType arithmeticOperandType(const BindRequest& request) {
  DataType left = request.argument_types[0];
  DataType right = request.argument_types[1];
  if (auto promoted = stringPromotionType(left, right))
    left = right = *promoted;
  if (left.isVoid() && right.isVoid())
    return DataType::doubleType();
  if (left.isVoid())
    left = right;
  if (right.isVoid())
    right = left;
  if (left.id() == TypeId::kString)
    left = DataType::doubleType();
  if (right.id() == TypeId::kString)
    right = DataType::doubleType();
  requireArgumentType(
      left.isNumeric() && right.isNumeric(), request.name,
      fmt::format("the left and right operands of the binary operator have "
                  "incompatible types (\"{}\" and \"{}\")",
                  request.argument_types[0].sql(), request.argument_types[1].sql()));
  if (left.isDecimal() || right.isDecimal()) {
    if (left.isFloating() || right.isFloating())
      return DataType::doubleType();
    auto toDecimal = [](const DataType& type) {
      return type.isDecimal() ? type : decimal::forIntegral(type.id());
    };
    return decimal::widerDecimal(toDecimal(left), toDecimal(right));
  }
  return *findTightestCommonType(left, right);
}

template <typename T>
ScalarKernel pmodKernel() {
  return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    binaryLoop<T, T, T>(*args[0], *args[1], rows, result, [](T a, T n, idx_t) -> T {
      if (n == 0)
        raiseDivideByZero();
      if constexpr (std::is_floating_point_v<T>) {
        T r = std::fmod(a, n);
        return r < 0 ? std::fmod(r + n, n) : r;
      } else {
        if (n == -1)
          return 0;  // MIN % -1 would trap
        T r = static_cast<T>(a % n);
        return r < 0 ? static_cast<T>((r + n) % n) : r;
      }
    });
  };
}

BoundScalarFunction bindPmod(const BindRequest& request) {
  DataType operand = arithmeticOperandType(request);
  if (operand.isDecimal()) {
    // Both operands share the scale of the wider decimal, so unscaled values divide directly.
    DataType out = decimal::remainderResultType(operand, operand);
    ScalarKernel kernel = visitNumericType(operand, [&]<typename T>() {
      return visitNumericType(out, [&]<typename TOut>() -> ScalarKernel {
        if constexpr (!std::is_integral_v<T> || !std::is_integral_v<TOut>) {
          SLUICE_UNREACHABLE("decimal pmod with a floating-point physical type");
        } else {
          return [operand, out](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                                Vector& result) {
            binaryLoop<T, T, TOut>(*args[0], *args[1], rows, result, [&](T a, T n, idx_t) -> TOut {
              if (n == 0)
                raiseDivideByZero();
              int128_t r = int128_t{a} % int128_t{n};
              if (r < 0)
                r = (r + n) % n;
              auto rescaled = decimal::rescale(r, operand.scale(), out.scale(), out.precision());
              return static_cast<TOut>(rescaled ? *rescaled : 0);
            });
          };
        }
      });
    });
    return {"pmod", {operand, operand}, out, std::move(kernel)};
  }
  ScalarKernel kernel = visitNumericType(operand, [&]<typename T>() { return pmodKernel<T>(); });
  return {"pmod", {operand, operand}, operand, std::move(kernel)};
}

BoundScalarFunction bindWidthBucket(const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t i = 0; i < 3; ++i)
    types.push_back(expectArgument(request, i, DataType::doubleType()));
  types.push_back(expectArgument(request, 3, DataType::longType()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int64_t, double, double, double, int64_t>(
        args, rows, result,
        [&](idx_t row, double value, double min, double max, int64_t buckets) -> int64_t {
          if (buckets <= 0 || buckets == std::numeric_limits<int64_t>::max() || std::isnan(value) ||
              min == max || std::isnan(min) || std::isinf(min) || std::isnan(max) ||
              std::isinf(max)) {
            result.setNull(row);
            return 0;
          }
          double lower = std::min(min, max);
          double upper = std::max(min, max);
          double count = static_cast<double>(buckets);
          if (min < max) {
            if (value < lower)
              return 0;
            if (value >= upper)
              return buckets + 1;
            return static_cast<int64_t>(count * (value - lower) / (upper - lower)) + 1;
          }
          if (value > upper)
            return 0;
          if (value <= lower)
            return buckets + 1;
          return static_cast<int64_t>(count * (upper - value) / (upper - lower)) + 1;
        });
  };
  return {"width_bucket", types, DataType::longType(), std::move(kernel)};
}

//! Spark's ordering of one type's values: NaN above every other floating-point value.
template <typename T>
bool lessThan(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a))
      return false;
    if (std::isnan(b))
      return true;
    return a < b;
  } else {
    return a < b;
  }
}

//! greatest / least: the value no other value of the row sorts after (greatest) or before
//! (least) by `less`, skipping NULLs.
template <typename T, typename Less>
ScalarKernel extremeKernel(bool greatest, Less less) {
  return [greatest, less](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                          Vector& result) {
    T* out = result.mutableData<T>();
    forEachRow(rows, [&](idx_t row) {
      const T* best = nullptr;
      for (const Vector* arg : args) {
        if (arg->isNull(row))
          continue;
        const T& value = arg->at<T>(row);
        if (best == nullptr || (greatest ? less(*best, value) : less(value, *best)))
          best = &value;
      }
      if (best == nullptr) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      if constexpr (std::is_same_v<T, StringView>) {
        out[row] = result.addString(best->view());
      } else {
        out[row] = *best;
      }
    });
  };
}

BoundScalarFunction bindGreatestOrLeast(std::string name, bool greatest,
                                        const BindRequest& request) {
  if (request.argument_types.size() < 2) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires > 1 parameters but the actual number is {}.", name,
                            request.argument_types.size()));
  }
  auto common = findWiderCommonType(request.argument_types);
  if (!common) {
    std::string listed;
    for (const DataType& type : request.argument_types) {
      listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
    }
    throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                            "all be the same type, but it's [{}].",
                            name, name, listed));
  }
  DataType type = common->isVoid() ? DataType::voidType() : *common;
  requireArgumentType(!type.isNested(), name,
                      fmt::format("the arguments of {} must be of an orderable scalar type", name));
  std::vector<DataType> argument_types(request.argument_types.size(), type);
  if (type.isVoid()) {
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                             Vector& result) {
      forEachRow(rows, [&](idx_t row) { result.setNull(row); });
    };
    return {name, argument_types, type, std::move(kernel)};
  }
  ScalarKernel kernel;
  if (type.isCollatedString()) {
    const Collation* collation = &Collation::byId(type.collation());
    kernel = extremeKernel<StringView>(greatest, [collation](StringView a, StringView b) {
      return collation->compare(a.view(), b.view()) < 0;
    });
  } else {
    kernel = visitScalarType(type, [&]<typename T>() {
      return extremeKernel<T>(greatest, [](const T& a, const T& b) { return lessThan(a, b); });
    });
  }
  return {name, argument_types, type, std::move(kernel)};
}

}  // namespace

void registerNumericFunctions(FunctionRegistry& registry) {
  registry.addScalar({"abs", 1, 1, bindAbs});
  registry.addScalar({"pmod", 2, 2, bindPmod});
  registry.addScalar({"width_bucket", 4, 4, bindWidthBucket});
  registry.addScalar({"greatest", 0, -1, [](const BindRequest& r) {
                        return bindGreatestOrLeast("greatest", true, r);
                      }});
  registry.addScalar({"least", 0, -1,
                      [](const BindRequest& r) { return bindGreatestOrLeast("least", false, r); }});
}

}  // namespace sluice
