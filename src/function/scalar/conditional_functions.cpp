// src/function/scalar/conditional_functions.cpp
//
// The NaN tests and raise_error. isnan is never NULL (NULL is not NaN); nanvl(a, b) is b where a
// is NaN, a otherwise, computed in DOUBLE unless both arguments are FLOAT. raise_error(msg)
// fails the query with USER_RAISED_EXCEPTION on the first row it computes; its type is VOID so
// that it fits any branch of a CASE (assert_true is built on it by the binder).
// nullif, nvl2, zeroifnull, nullifzero and assert_true are bound as CASE expressions
// (planner/binder/conditional_binder.cpp).
#include <cmath>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

//! FLOAT when the argument is a FLOAT, else DOUBLE (Spark's TypeCollection(DoubleType,
//! FloatType) with its implicit casts).
DataType nanTestType(const BindRequest& request, size_t index) {
  return expectArgumentOneOf(request, index, {DataType::doubleType(), DataType::floatType()});
}

template <typename T>
void isNanLoop(const Vector& input, const RowSet& rows, Vector& result) {
  bool* out = result.mutableData<bool>();
  forEachRow(rows, [&](idx_t row) {
    result.setNull(row, false);
    out[row] = !input.isNull(row) && std::isnan(input.at<T>(row));
  });
}

BoundScalarFunction bindIsNan(const BindRequest& request) {
  DataType type = nanTestType(request, 0);
  ScalarKernel kernel = [is_float = type.id() == TypeId::kFloat](
                            const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                            Vector& result) {
    if (is_float)
      isNanLoop<float>(*args[0], rows, result);
    else
      isNanLoop<double>(*args[0], rows, result);
  };
  return {"isnan", {type}, DataType::boolean(), std::move(kernel)};
}

template <typename T>
void nanvlLoop(const Vector& value, const Vector& fallback, const RowSet& rows, Vector& result) {
  T* out = result.mutableData<T>();
  forEachRow(rows, [&](idx_t row) {
    if (value.isNull(row)) {
      result.setNull(row);
      return;
    }
    T first = value.at<T>(row);
    if (!std::isnan(first)) {
      result.setNull(row, false);
      out[row] = first;
      return;
    }
    if (fallback.isNull(row)) {
      result.setNull(row);
      return;
    }
    result.setNull(row, false);
    out[row] = fallback.at<T>(row);
  });
}

BoundScalarFunction bindNanvl(const BindRequest& request) {
  DataType first = nanTestType(request, 0);
  DataType second = nanTestType(request, 1);
  DataType type = first.id() == TypeId::kFloat && second.id() == TypeId::kFloat
                      ? DataType::floatType()
                      : DataType::doubleType();
  ScalarKernel kernel = [is_float = type.id() == TypeId::kFloat](
                            const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                            Vector& result) {
    if (is_float)
      nanvlLoop<float>(*args[0], *args[1], rows, result);
    else
      nanvlLoop<double>(*args[0], *args[1], rows, result);
  };
  return {"nanvl", {type, type}, type, std::move(kernel)};
}

BoundScalarFunction bindRaiseError(const BindRequest& request) {
  DataType message = expectArgument(request, 0, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    if (rows.count == 0)
      return;
    idx_t row = rows.row(0);
    // Spark prints a NULL message as "null".
    std::string text = args[0]->isNull(row) ? "null" : std::string(args[0]->at<StringView>(row));
    throw Error(ErrorClass::USER_RAISED_EXCEPTION, text);
    (void)result;
  };
  BoundScalarFunction function{"raise_error", {message}, DataType::voidType(), std::move(kernel)};
  function.deterministic = false;  // never folded away before the rows that reach it
  return function;
}

}  // namespace

void registerConditionalFunctions(FunctionRegistry& registry) {
  registry.addScalar({"isnan", 1, 1, bindIsNan});
  registry.addScalar({"nanvl", 2, 2, bindNanvl});
  registry.addScalar({"raise_error", 1, 1, bindRaiseError});
}

}  // namespace sluice
