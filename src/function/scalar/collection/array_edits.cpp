// src/function/scalar/collection/array_edits.cpp
//
// Editing and inspecting one array: array_append / array_prepend (a NULL element is added;
// a NULL array gives NULL), array_insert (1-based positions; a negative one counts from the end
// so that -1 appends; past either end the gap is filled with NULLs; 0 is
// INVALID_INDEX_OF_ZERO), array_compact (drops NULL elements), array_size (NULL for a NULL
// array, unlike size) and arrays_overlap (true when a non-NULL element is in both; NULL when
// none is but both are non-empty and one holds a NULL; false otherwise).
#include "common/error/error.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

//! The ARRAY type of (array, element) arguments `array_index` and `element_index`.
DataType arrayWithElementType(const BindRequest& request, size_t array_index,
                              size_t element_index) {
  DataType array = arrayArgument(request, array_index);
  const DataType& value = request.argument_types[element_index];
  auto common = commonElementType(array.elementType(), value);
  if (!common) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "ARRAY_FUNCTION_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                            "have been \"ARRAY\" followed by a value with same element type, but "
                            "it's [\"{}\", \"{}\"].",
                            request.name, request.name, array.sql(), value.sql()));
  }
  return DataType::array(*common);
}

BoundScalarFunction bindArrayAddition(const BindRequest& request, const char* name, bool append) {
  DataType result = arrayWithElementType(request, 0, 1);
  ScalarKernel kernel = boxedKernel(
      [result, append](const std::vector<Value>& args) {
        if (args[0].isNull())
          return Value::null(result);
        std::vector<Value> elements = args[0].children();
        if (append)
          elements.push_back(args[1]);
        else
          elements.insert(elements.begin(), args[1]);
        return arrayValue(result, std::move(elements));
      },
      /*strict=*/false);
  return {name, {result, result.elementType()}, result, std::move(kernel)};
}

BoundScalarFunction bindArrayInsert(const BindRequest& request) {
  DataType result = arrayWithElementType(request, 0, 2);
  DataType position = expectArgument(request, 1, DataType::intType());
  ScalarKernel kernel = boxedKernel(
      [result](const std::vector<Value>& args) {
        if (args[0].isNull() || args[1].isNull())
          return Value::null(result);
        int64_t pos = args[1].getInt64();
        if (pos == 0) {
          throwError(ErrorClass::INVALID_INDEX_OF_ZERO,
                     "The index 0 is invalid. An index shall be either < 0 or > 0 (the first "
                     "element has index 1).");
        }
        const std::vector<Value>& elements = args[0].children();
        int64_t size = static_cast<int64_t>(elements.size());
        // The new element's index in the result, and the result's length.
        int64_t index = pos > 0 ? pos - 1 : std::max<int64_t>(size + pos + 1, 0);
        int64_t length = pos > 0 ? std::max(size + 1, pos) : std::max(size + 1, -pos);
        if (length > kMaxArrayLength) {
          throw Error(ErrorClass::COLLECTION_SIZE_LIMIT_EXCEEDED, "PARAMETER",
                      fmt::format("Can't create array with {} elements which exceeding the array "
                                  "size limit {}, the value of parameter(s) `pos` in "
                                  "`array_insert` is invalid.",
                                  length, kMaxArrayLength));
        }
        std::vector<Value> out(static_cast<size_t>(length), Value::null(result.elementType()));
        // Elements before the new one keep their places; those after it move one on, and a
        // position left of the start puts them at the end.
        int64_t shift = pos < 0 && size + pos + 1 < 0 ? length - size : 0;
        for (int64_t i = 0; i < size; ++i) {
          int64_t target = shift > 0 ? i + shift : (i < index ? i : i + 1);
          out[static_cast<size_t>(target)] = elements[static_cast<size_t>(i)];
        }
        out[static_cast<size_t>(index)] = args[2];
        return arrayValue(result, std::move(out));
      },
      /*strict=*/false);
  return {"array_insert", {result, position, result.elementType()}, result, std::move(kernel)};
}

BoundScalarFunction bindArrayCompact(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  return {"array_compact", {array}, array, boxedKernel([array](const std::vector<Value>& args) {
            std::vector<Value> out;
            for (const Value& element : args[0].children()) {
              if (!element.isNull())
                out.push_back(element);
            }
            return arrayValue(array, std::move(out));
          })};
}

BoundScalarFunction bindArraySize(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  return {
      "array_size", {array}, DataType::intType(), boxedKernel([](const std::vector<Value>& args) {
        return Value::intValue(static_cast<int32_t>(args[0].children().size()));
      })};
}

BoundScalarFunction bindArraysOverlap(const BindRequest& request) {
  DataType left = arrayArgument(request, 0);
  DataType right = arrayArgument(request, 1);
  auto element = commonElementType(left.elementType(), right.elementType());
  if (!element) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "BINARY_ARRAY_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to function "
                            "`arrays_overlap` should have been two \"ARRAY\" with same element "
                            "type, but it's [\"{}\", \"{}\"].",
                            request.name, left.sql(), right.sql()));
  }
  DataType type = DataType::array(*element);
  return {"arrays_overlap",
          {type, type},
          DataType::boolean(),
          boxedKernel([](const std::vector<Value>& args) {
            const std::vector<Value>& a = args[0].children();
            const std::vector<Value>& b = args[1].children();
            bool has_null = false;
            for (const Value& x : a) {
              if (x.isNull()) {
                has_null = true;
                continue;
              }
              for (const Value& y : b) {
                if (y.isNull())
                  has_null = true;
                else if (sameElement(x, y))
                  return Value::boolean(true);
              }
            }
            for (const Value& y : b)
              has_null = has_null || y.isNull();
            if (has_null && !a.empty() && !b.empty())
              return Value::null(DataType::boolean());
            return Value::boolean(false);
          })};
}

}  // namespace

void registerArrayEditFunctions(FunctionRegistry& registry) {
  registry.addScalar({"array_append", 2, 2, [](const BindRequest& r) {
                        return bindArrayAddition(r, "array_append", true);
                      }});
  registry.addScalar({"array_prepend", 2, 2, [](const BindRequest& r) {
                        return bindArrayAddition(r, "array_prepend", false);
                      }});
  registry.addScalar({"array_insert", 3, 3, bindArrayInsert});
  registry.addScalar({"array_compact", 1, 1, bindArrayCompact});
  registry.addScalar({"array_size", 1, 1, bindArraySize});
  registry.addScalar({"arrays_overlap", 2, 2, bindArraysOverlap});
}

}  // namespace sluice
