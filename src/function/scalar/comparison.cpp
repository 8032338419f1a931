// src/function/scalar/comparison.cpp
//
// = == <> != < <= > >= and <=> with Spark's semantics: operands are widened to a common type
// (strings promoted beside numbers and dates), NaN equals NaN and sorts above every other
// double, -0.0 equals 0.0, strings compare by bytes or by their type's collation, and <=>
// treats NULLs as equal values.

#include <cmath>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "common/types/type_contents.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

enum class ComparisonOp {
  kEqual,
  kNotEqual,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kNullSafeEqual
};

template <typename T>
int compareValues(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, StringView>) {
    return a.compare(b);
  } else if constexpr (std::is_floating_point_v<T>) {
    bool a_nan = std::isnan(a);
    bool b_nan = std::isnan(b);
    if (a_nan || b_nan)
      return a_nan == b_nan ? 0 : (a_nan ? 1 : -1);
    return a < b ? -1 : (a > b ? 1 : 0);
  } else {
    return a < b ? -1 : (a > b ? 1 : 0);
  }
}

//! Orders nested values field by field and element by element, as Spark does.
int compareBoxed(const Value& a, const Value& b) {
  if (a.isNull() || b.isNull())
    return a.isNull() == b.isNull() ? 0 : (a.isNull() ? -1 : 1);
  const DataType& type = a.type();
  if (type.isNested()) {
    const auto& left = a.children();
    const auto& right = b.children();
    for (size_t i = 0; i < left.size() && i < right.size(); ++i) {
      int result = compareBoxed(left[i], right[i]);
      if (result != 0)
        return result;
    }
    return left.size() < right.size() ? -1 : (left.size() > right.size() ? 1 : 0);
  }
  if (type.isCollatedString())
    return Collation::byId(type.collation()).compare(a.getString(), b.getString());
  Vector va = Vector::constant(a);
  Vector vb = Vector::constant(b);
  return visitScalarType(type,
                         [&]<typename T>() { return compareValues<T>(va.at<T>(0), vb.at<T>(0)); });
}

bool holds(ComparisonOp op, int comparison) {
  switch (op) {
    case ComparisonOp::kEqual:
    case ComparisonOp::kNullSafeEqual:
      return comparison == 0;
    case ComparisonOp::kNotEqual:
      return comparison != 0;
    case ComparisonOp::kLess:
      return comparison < 0;
    case ComparisonOp::kLessEqual:
      return comparison <= 0;
    case ComparisonOp::kGreater:
      return comparison > 0;
    case ComparisonOp::kGreaterEqual:
      return comparison >= 0;
  }
  return false;
}

//! Whether `x op y` holds, with the operator known at compile time; equality of strings
//! decides on their first bytes without ordering them.
template <ComparisonOp kOp, typename T>
bool compareWith(const T& x, const T& y) {
  if constexpr (std::is_same_v<T, StringView> || std::is_integral_v<T>) {
    if constexpr (kOp == ComparisonOp::kEqual)
      return x == y;
    if constexpr (kOp == ComparisonOp::kNotEqual)
      return x != y;
  }
  return holds(kOp, compareValues<T>(x, y));
}

//! <=> with `equal` deciding two values: without NULLs in either input it is =, else
//! NULL <=> NULL holds and NULL <=> x does not.
template <typename T, typename Equal>
void nullSafeEqualLoop(const Vector& a, const Vector& b, const RowSet& rows, Vector& result,
                       Equal equal) {
  if (!a.mayHaveNulls() && !b.mayHaveNulls())
    return binaryLoop<T, T, uint8_t>(a, b, rows, result, equal);
  uint8_t* out = result.mutableData<uint8_t>();
  forEachRow(rows, [&](idx_t row) {
    bool a_null = a.isNull(row);
    bool b_null = b.isNull(row);
    result.setNull(row, false);
    out[row] = a_null || b_null ? a_null == b_null : equal(a.at<T>(row), b.at<T>(row), row);
  });
}

template <typename T>
ScalarKernel comparisonKernel(ComparisonOp op) {
  auto withOp = [&]<ComparisonOp kOp>() -> ScalarKernel {
    return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
      binaryLoop<T, T, uint8_t>(
          *args[0], *args[1], rows, result,
          [](const T& x, const T& y, idx_t) -> uint8_t { return compareWith<kOp, T>(x, y); });
    };
  };
  switch (op) {
    case ComparisonOp::kEqual:
      return withOp.template operator()<ComparisonOp::kEqual>();
    case ComparisonOp::kNotEqual:
      return withOp.template operator()<ComparisonOp::kNotEqual>();
    case ComparisonOp::kLess:
      return withOp.template operator()<ComparisonOp::kLess>();
    case ComparisonOp::kLessEqual:
      return withOp.template operator()<ComparisonOp::kLessEqual>();
    case ComparisonOp::kGreater:
      return withOp.template operator()<ComparisonOp::kGreater>();
    case ComparisonOp::kGreaterEqual:
      return withOp.template operator()<ComparisonOp::kGreaterEqual>();
    case ComparisonOp::kNullSafeEqual:
      break;
  }
  return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    nullSafeEqualLoop<T>(*args[0], *args[1], rows, result,
                         [](const T& x, const T& y, idx_t) -> uint8_t {
                           return compareWith<ComparisonOp::kEqual, T>(x, y);
                         });
  };
}

//! Strings under a collation other than UTF8_BINARY (common/text/collation.hpp).
ScalarKernel collatedComparisonKernel(ComparisonOp op, CollationId id) {
  const Collation& collation = Collation::byId(id);
  return [op, &collation](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                          Vector& result) {
    auto holdsFor = [&](StringView x, StringView y, idx_t) -> uint8_t {
      return holds(op, collation.compare(x.view(), y.view()));
    };
    if (op == ComparisonOp::kNullSafeEqual)
      return nullSafeEqualLoop<StringView>(*args[0], *args[1], rows, result, holdsFor);
    binaryLoop<StringView, StringView, uint8_t>(*args[0], *args[1], rows, result, holdsFor);
  };
}

ScalarKernel nestedComparisonKernel(ComparisonOp op) {
  return [op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    uint8_t* out = result.mutableData<uint8_t>();
    forEachRow(rows, [&](idx_t row) {
      bool a_null = a.isNull(row);
      bool b_null = b.isNull(row);
      if (op == ComparisonOp::kNullSafeEqual) {
        result.setNull(row, false);
        out[row] = (a_null || b_null) ? a_null == b_null
                                      : compareBoxed(a.getValue(row), b.getValue(row)) == 0;
        return;
      }
      if (a_null || b_null)
        return result.setNull(row);
      result.setNull(row, false);
      out[row] = holds(op, compareBoxed(a.getValue(row), b.getValue(row)));
    });
  };
}

BoundScalarFunction bindComparison(ComparisonOp op, std::string name, const BindRequest& request) {
  const DataType& left = request.argument_types[0];
  const DataType& right = request.argument_types[1];
  std::optional<DataType> common = findWiderType(left, right);
  if (!common) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "BINARY_OP_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the left and right "
                            "operands of the binary operator have incompatible types (\"{}\" and "
                            "\"{}\").",
                            request.name, left.sql(), right.sql()));
  }
  DataType type = common->isVoid() ? DataType::boolean() : *common;
  requireArgumentType(type.id() != TypeId::kMap, request.name,
                      "cannot compare MAP values; use map_entries or map_keys");
  // A calendar interval or a spatial value has equality but no order.
  bool equality = op == ComparisonOp::kEqual || op == ComparisonOp::kNotEqual ||
                  op == ComparisonOp::kNullSafeEqual;
  if (containsVariantType(type) || (!equality && containsUnorderedType(type))) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_ORDERING_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `{}` does not "
                            "support ordering on type \"{}\".",
                            request.name, name, type.sql()));
  }
  ScalarKernel kernel;
  if (type.isNested()) {
    kernel = nestedComparisonKernel(op);
  } else if (type.isCollatedString()) {
    kernel = collatedComparisonKernel(op, type.collation());
  } else {
    kernel = visitScalarType(type, [&]<typename T>() { return comparisonKernel<T>(op); });
  }
  return {std::move(name), {type, type}, DataType::boolean(), std::move(kernel)};
}

void addComparison(FunctionRegistry& registry, std::string name, ComparisonOp op,
                   std::vector<std::string> aliases = {}) {
  registry.addScalar(
      {name, 2, 2,
       [op, name](const BindRequest& request) { return bindComparison(op, name, request); }},
      std::move(aliases));
}

}  // namespace

void registerComparisonFunctions(FunctionRegistry& registry) {
  addComparison(registry, "=", ComparisonOp::kEqual, {"=="});
  addComparison(registry, "!=", ComparisonOp::kNotEqual, {"<>"});
  addComparison(registry, "<", ComparisonOp::kLess);
  addComparison(registry, "<=", ComparisonOp::kLessEqual);
  addComparison(registry, ">", ComparisonOp::kGreater);
  addComparison(registry, ">=", ComparisonOp::kGreaterEqual);
  addComparison(registry, "<=>", ComparisonOp::kNullSafeEqual, {"equal_null"});
}

}  // namespace sluice
