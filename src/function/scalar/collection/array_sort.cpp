// src/function/scalar/collection/array_sort.cpp
//
// Ordering the elements of an array: array_max, array_min, sort_array and array_sort without
// a comparator (the lambda form is evaluated in exec/expression/lambda_evaluation.cpp).
// - array_max / array_min skip NULLs; NULL for an empty or all-NULL array; NaN is the largest.
// - sort_array(a, true) puts NULLs first, sort_array(a, false) last; array_sort(a) sorts
//   ascending with NULLs last.

#include <algorithm>

#include "common/error/error.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

DataType orderableArray(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  if (!isOrderableType(array.elementType())) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_ORDERING_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `{}` does not "
                            "support ordering on type \"{}\".",
                            request.name, request.name, array.sql()));
  }
  return array;
}

BoundScalarFunction bindArrayExtreme(std::string name, bool maximum, const BindRequest& request) {
  DataType array = orderableArray(request);
  DataType element = array.elementType();
  return {std::move(name),
          {array},
          element,
          boxedKernel([maximum, element](const std::vector<Value>& args) {
            const Value* best = nullptr;
            for (const Value& value : args[0].children()) {
              if (value.isNull())
                continue;
              if (best == nullptr) {
                best = &value;
                continue;
              }
              int comparison = compareElements(value, *best);
              if (maximum ? comparison > 0 : comparison < 0)
                best = &value;
            }
            return best == nullptr ? Value::null(element) : *best;
          })};
}

//! Sorts `values`: ascending or descending, NULLs first or last.
std::vector<Value> sortedElements(std::vector<Value> values, bool ascending, bool nulls_first) {
  std::stable_sort(values.begin(), values.end(), [&](const Value& a, const Value& b) {
    if (a.isNull() || b.isNull()) {
      if (a.isNull() == b.isNull())
        return false;
      return a.isNull() ? nulls_first : !nulls_first;
    }
    int comparison = compareElements(a, b);
    return ascending ? comparison < 0 : comparison > 0;
  });
  return values;
}

BoundScalarFunction bindSortArray(const BindRequest& request) {
  DataType array = orderableArray(request);
  std::vector<DataType> types{array};
  if (request.argument_types.size() == 2) {
    const Value* constant = constantArgument(request, 1);
    if (request.argument_types[1].id() != TypeId::kBoolean || constant == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: The second "
                              "parameter requires the \"BOOLEAN\" type, however the argument has "
                              "the type \"{}\".",
                              request.name, request.argument_types[1].sql()));
    }
    types.push_back(DataType::boolean());
  }
  return {"sort_array", types, array, boxedKernel([array](const std::vector<Value>& args) {
            bool ascending = args.size() < 2 || args[1].getBoolean();
            // Ascending puts NULLs first, descending last, as Spark's SortArray.
            return arrayValue(array, sortedElements(args[0].children(), ascending, ascending));
          })};
}

BoundScalarFunction bindArraySort(const BindRequest& request) {
  DataType array = orderableArray(request);
  return {"array_sort", {array}, array, boxedKernel([array](const std::vector<Value>& args) {
            return arrayValue(array, sortedElements(args[0].children(), true, false));
          })};
}

}  // namespace

void registerArraySortFunctions(FunctionRegistry& registry) {
  registry.addScalar({"array_max", 1, 1,
                      [](const BindRequest& r) { return bindArrayExtreme("array_max", true, r); }});
  registry.addScalar({"array_min", 1, 1, [](const BindRequest& r) {
                        return bindArrayExtreme("array_min", false, r);
                      }});
  registry.addScalar({"sort_array", 1, 2, bindSortArray});
  registry.addScalar({"array_sort", 1, 1, bindArraySort});
}

}  // namespace sluice
