// src/function/scalar/collection/array_sets.cpp
//
// Arrays as sets: array_distinct, array_union, array_intersect, array_except and
// array_remove. Elements are compared with Spark's equality (NaN equals NaN, -0.0 equals 0.0);
// a NULL element is one value of its own; results keep the order of first appearance.

#include <set>

#include "common/error/error.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

using ElementSet = std::set<Value, ElementLess>;

//! The common ARRAY type of two array arguments.
DataType commonArrayType(const BindRequest& request) {
  DataType left = arrayArgument(request, 0);
  DataType right = arrayArgument(request, 1);
  auto element = commonElementType(left.elementType(), right.elementType());
  if (!element) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "BINARY_ARRAY_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to function "
                            "`{}` should have been two \"ARRAY\" with same element type, but it's "
                            "[\"{}\", \"{}\"].",
                            request.name, request.name, left.sql(), right.sql()));
  }
  return DataType::array(*element);
}

//! Appends the elements of `values` not in `seen` to `out`, adding them to `seen`.
void appendDistinct(const std::vector<Value>& values, ElementSet& seen, std::vector<Value>& out) {
  for (const Value& value : values) {
    if (seen.insert(value).second)
      out.push_back(value);
  }
}

enum class SetOp { kUnion, kIntersect, kExcept };

BoundScalarFunction bindSetOp(std::string name, SetOp op, const BindRequest& request) {
  DataType array = commonArrayType(request);
  return {std::move(name),
          {array, array},
          array,
          boxedKernel([op, array](const std::vector<Value>& args) {
            const auto& left = args[0].children();
            const auto& right = args[1].children();
            std::vector<Value> out;
            ElementSet seen;
            if (op == SetOp::kUnion) {
              appendDistinct(left, seen, out);
              appendDistinct(right, seen, out);
            } else {
              ElementSet other(right.begin(), right.end());
              for (const Value& value : left) {
                bool in_other = other.count(value) > 0;
                if (in_other == (op == SetOp::kIntersect) && seen.insert(value).second) {
                  out.push_back(value);
                }
              }
            }
            return arrayValue(array, std::move(out));
          })};
}

BoundScalarFunction bindArrayDistinct(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  return {"array_distinct", {array}, array, boxedKernel([array](const std::vector<Value>& args) {
            std::vector<Value> out;
            ElementSet seen;
            appendDistinct(args[0].children(), seen, out);
            return arrayValue(array, std::move(out));
          })};
}

BoundScalarFunction bindArrayRemove(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  const DataType& value = request.argument_types[1];
  auto common = commonElementType(array.elementType(), value);
  if (!common) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "ARRAY_FUNCTION_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                            "have been \"ARRAY\" followed by a value with same element type, but "
                            "it's [\"{}\", \"{}\"].",
                            request.name, request.name, array.sql(), value.sql()));
  }
  DataType result = DataType::array(*common);
  return {"array_remove",
          {result, *common},
          result,
          boxedKernel([result](const std::vector<Value>& args) {
            std::vector<Value> out;
            for (const Value& element : args[0].children()) {
              if (element.isNull() || !sameElement(element, args[1]))
                out.push_back(element);
            }
            return arrayValue(result, std::move(out));
          })};
}

}  // namespace

void registerArraySetFunctions(FunctionRegistry& registry) {
  registry.addScalar({"array_distinct", 1, 1, bindArrayDistinct});
  registry.addScalar({"array_union", 2, 2, [](const BindRequest& r) {
                        return bindSetOp("array_union", SetOp::kUnion, r);
                      }});
  registry.addScalar({"array_intersect", 2, 2, [](const BindRequest& r) {
                        return bindSetOp("array_intersect", SetOp::kIntersect, r);
                      }});
  registry.addScalar({"array_except", 2, 2, [](const BindRequest& r) {
                        return bindSetOp("array_except", SetOp::kExcept, r);
                      }});
  registry.addScalar({"array_remove", 2, 2, bindArrayRemove});
}

}  // namespace sluice
