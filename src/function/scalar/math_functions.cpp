// src/function/scalar/math_functions.cpp
//
// Spark's DOUBLE math functions: sqrt, cbrt, exp, expm1, the logarithms, the trigonometric
// (with sec, csc and cot) and hyperbolic functions, rint, degrees, radians, pow, atan2, hypot,
// signum, pi(), e() and factorial.
// Arguments are cast to DOUBLE (strings and every numeric type); NULL gives NULL. The
// logarithms return NULL, not NaN or -Infinity, at and below their asymptote (Hive's rule,
// which Spark keeps): ln/log10/log2 for x <= 0, log1p for x <= -1, log(b, x) for b <= 0 or
// x <= 0. The values come from the C library, which agrees with Java's StrictMath (fdlibm)
// for the correctly rounded cases the tests use.

#include <bit>
#include <cmath>
#include <cstdint>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

constexpr double kPi = 3.141592653589793;
constexpr double kEuler = 2.718281828459045;

double toDegrees(double x) {
  return x * 57.29577951308232;
}  // Java's Math.toDegrees
double toRadians(double x) {
  return x * 0.017453292519943295;
}  // Java's Math.toRadians
double signum(double x) {
  return x > 0 ? 1.0 : (x < 0 ? -1.0 : x);
}  // keeps NaN and -0.0
double log2Spark(double x) {
  return std::log(x) / std::log(2.0);
}
double cot(double x) {
  return 1 / std::tan(x);
}
double secantValue(double x) {
  return 1 / std::cos(x);
}
double cosecantValue(double x) {
  return 1 / std::sin(x);
}
//! Math.rint: the nearest integer, ties to the even one (the default rounding mode).
double rintValue(double x) {
  return std::nearbyint(x);
}
double asinhSpark(double x) {
  if (x == -INFINITY)
    return x;
  return std::log(x + std::sqrt(x * x + 1.0));
}
double acoshSpark(double x) {
  return std::log(x + std::sqrt(x * x - 1.0));
}
double atanhSpark(double x) {
  return 0.5 * (std::log1p(x) - std::log1p(-x));
}

double sqrtValue(double x) {
  return std::sqrt(x);
}
//! fdlibm's cbrt, which Java's StrictMath.cbrt ports: exact for perfect cubes (cbrt(27.0) is
//! 3.0), where the C library may be one ulp off.
double cbrtValue(double x) {
  constexpr uint32_t kB1 = 715094163;  // (682 - 0.03306235651) * 2^20
  constexpr uint32_t kB2 = 696219795;  // (664 - 0.03306235651) * 2^20
  constexpr double kC = 5.42857142857142815906e-01;
  constexpr double kD = -7.05306122448979611050e-01;
  constexpr double kE = 1.41428571428571436819e+00;
  constexpr double kF = 1.60714285714285720630e+00;
  constexpr double kG = 3.57142857142857150787e-01;
  auto high = [](double v) { return static_cast<uint32_t>(std::bit_cast<uint64_t>(v) >> 32); };
  auto low = [](double v) { return static_cast<uint32_t>(std::bit_cast<uint64_t>(v)); };
  auto withHigh = [](double v, uint32_t h) {
    return std::bit_cast<double>((std::bit_cast<uint64_t>(v) & 0xFFFFFFFFULL) |
                                 (uint64_t{h} << 32));
  };
  auto withLow = [](double v, uint32_t l) {
    return std::bit_cast<double>((std::bit_cast<uint64_t>(v) & 0xFFFFFFFF00000000ULL) | l);
  };
  uint32_t hx = high(x);
  uint32_t sign = hx & 0x80000000u;
  hx ^= sign;
  if (hx >= 0x7ff00000u)
    return x + x;  // NaN and infinities
  if ((hx | low(x)) == 0)
    return x;           // +-0
  x = withHigh(x, hx);  // |x|
  double t = 0.0;
  if (hx < 0x00100000u) {          // subnormal
    t = withHigh(t, 0x43500000u);  // 2^54
    t *= x;
    t = withHigh(t, high(t) / 3 + kB2);
  } else {
    t = withHigh(t, hx / 3 + kB1);
  }
  double r = t * t / x;
  double s = kC + r * t;
  t *= kG + kF / (s + kE + kD / s);
  t = withLow(t, 0);
  t = withHigh(t, high(t) + 1);
  s = t * t;
  r = x / s;
  double w = t + t;
  r = (r - t) / (w + r);
  t = t + t * r;
  return withHigh(t, high(t) | sign);
}
double expValue(double x) {
  return std::exp(x);
}
double expm1Value(double x) {
  return std::expm1(x);
}
double lnValue(double x) {
  return std::log(x);
}
double log10Value(double x) {
  return std::log10(x);
}
double log1pValue(double x) {
  return std::log1p(x);
}
double sinValue(double x) {
  return std::sin(x);
}
double cosValue(double x) {
  return std::cos(x);
}
double tanValue(double x) {
  return std::tan(x);
}
double asinValue(double x) {
  return std::asin(x);
}
double acosValue(double x) {
  return std::acos(x);
}
double atanValue(double x) {
  return std::atan(x);
}
double sinhValue(double x) {
  return std::sinh(x);
}
double coshValue(double x) {
  return std::cosh(x);
}
double tanhValue(double x) {
  return std::tanh(x);
}

//! f(x) for every non-NULL x; with kAsymptote set, x <= asymptote gives NULL.
template <double (*F)(double), bool kHasAsymptote = false>
ScalarKernel unaryDoubleKernel(double asymptote = 0.0) {
  return [asymptote](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                     Vector& result) {
    unaryLoop<double, double>(*args[0], rows, result, [&](double x, idx_t row) -> double {
      if constexpr (kHasAsymptote) {
        if (x <= asymptote) {
          result.setNull(row);
          return 0;
        }
      }
      return F(x);
    });
  };
}

template <double (*F)(double), bool kHasAsymptote = false>
void addUnary(FunctionRegistry& registry, std::string name, std::vector<std::string> aliases = {},
              double asymptote = 0.0) {
  registry.addScalar({name, 1, 1,
                      [name, asymptote](const BindRequest& request) -> BoundScalarFunction {
                        DataType argument = expectArgument(request, 0, DataType::doubleType());
                        return {name,
                                {argument},
                                DataType::doubleType(),
                                unaryDoubleKernel<F, kHasAsymptote>(asymptote)};
                      }},
                     std::move(aliases));
}

double powValue(double x, double y) {
  return std::pow(x, y);
}
double atan2Value(double y, double x) {
  return std::atan2(y + 0.0, x + 0.0);
}  // -0.0 as 0.0
double hypotValue(double x, double y) {
  return std::hypot(x, y);
}

template <double (*F)(double, double)>
void addBinary(FunctionRegistry& registry, std::string name,
               std::vector<std::string> aliases = {}) {
  registry.addScalar({name, 2, 2,
                      [name](const BindRequest& request) -> BoundScalarFunction {
                        DataType left = expectArgument(request, 0, DataType::doubleType());
                        DataType right = expectArgument(request, 1, DataType::doubleType());
                        ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args,
                                                 const RowSet& rows, Vector& result) {
                          binaryLoop<double, double, double>(
                              *args[0], *args[1], rows, result,
                              [](double a, double b, idx_t) { return F(a, b); });
                        };
                        return {name, {left, right}, DataType::doubleType(), std::move(kernel)};
                      }},
                     std::move(aliases));
}

//! log(x) is ln(x); log(base, x) is ln(x) / ln(base), NULL when either is <= 0.
BoundScalarFunction bindLog(const BindRequest& request) {
  if (request.argument_types.size() == 1) {
    DataType argument = expectArgument(request, 0, DataType::doubleType());
    return {"log", {argument}, DataType::doubleType(), unaryDoubleKernel<lnValue, true>()};
  }
  DataType base = expectArgument(request, 0, DataType::doubleType());
  DataType value = expectArgument(request, 1, DataType::doubleType());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<double, double, double>(*args[0], *args[1], rows, result,
                                       [&](double b, double x, idx_t row) -> double {
                                         if (b <= 0.0 || x <= 0.0) {
                                           result.setNull(row);
                                           return 0;
                                         }
                                         return std::log(x) / std::log(b);
                                       });
  };
  return {"log", {base, value}, DataType::doubleType(), std::move(kernel)};
}

void addConstant(FunctionRegistry& registry, std::string name, double value) {
  registry.addScalar({name, 0, 0, [name, value](const BindRequest&) -> BoundScalarFunction {
                        ScalarKernel kernel = [value](const ExecContext&, const ArgumentVectors&,
                                                      const RowSet& rows, Vector& result) {
                          double* out = result.mutableData<double>();
                          forEachRow(rows, [&](idx_t row) {
                            result.setNull(row, false);
                            out[row] = value;
                          });
                        };
                        return {name, {}, DataType::doubleType(), std::move(kernel)};
                      }});
}

//! factorial(n) for 0 <= n <= 20 (the ones that fit BIGINT); NULL otherwise.
BoundScalarFunction bindFactorial(const BindRequest& request) {
  DataType argument = expectArgument(request, 0, DataType::intType());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<int32_t, int64_t>(*args[0], rows, result, [&](int32_t n, idx_t row) -> int64_t {
      if (n < 0 || n > 20) {
        result.setNull(row);
        return 0;
      }
      int64_t product = 1;
      for (int32_t factor = 2; factor <= n; ++factor)
        product *= factor;
      return product;
    });
  };
  return {"factorial", {argument}, DataType::longType(), std::move(kernel)};
}

}  // namespace

void registerMathFunctions(FunctionRegistry& registry) {
  addUnary<sqrtValue>(registry, "sqrt");
  addUnary<cbrtValue>(registry, "cbrt");
  addUnary<expValue>(registry, "exp");
  addUnary<expm1Value>(registry, "expm1");
  addUnary<lnValue, true>(registry, "ln");
  addUnary<log10Value, true>(registry, "log10");
  addUnary<log2Spark, true>(registry, "log2");
  addUnary<log1pValue, true>(registry, "log1p", {}, -1.0);
  addUnary<sinValue>(registry, "sin");
  addUnary<cosValue>(registry, "cos");
  addUnary<tanValue>(registry, "tan");
  addUnary<cot>(registry, "cot");
  addUnary<secantValue>(registry, "sec");
  addUnary<cosecantValue>(registry, "csc");
  addUnary<rintValue>(registry, "rint");
  addUnary<asinValue>(registry, "asin");
  addUnary<acosValue>(registry, "acos");
  addUnary<atanValue>(registry, "atan");
  addUnary<sinhValue>(registry, "sinh");
  addUnary<coshValue>(registry, "cosh");
  addUnary<tanhValue>(registry, "tanh");
  addUnary<asinhSpark>(registry, "asinh");
  addUnary<acoshSpark>(registry, "acosh");
  addUnary<atanhSpark>(registry, "atanh");
  addUnary<toDegrees>(registry, "degrees");
  addUnary<toRadians>(registry, "radians");
  addUnary<signum>(registry, "signum", {"sign"});
  addBinary<powValue>(registry, "pow", {"power"});
  addBinary<atan2Value>(registry, "atan2");
  addBinary<hypotValue>(registry, "hypot");
  registry.addScalar({"log", 1, 2, bindLog});
  addConstant(registry, "pi", kPi);
  addConstant(registry, "e", kEuler);
  registry.addScalar({"factorial", 1, 1, bindFactorial});
}

}  // namespace sluice
