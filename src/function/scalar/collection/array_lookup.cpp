// src/function/scalar/collection/array_lookup.cpp
//
// Reading single values out of collections: size / cardinality, array_contains,
// array_position, element_at / try_element_at, get and the subscript operator.
// - size is NULL for a NULL input (spark.sql.legacy.sizeOfNull does not apply under ANSI).
// - element_at is 1-based, negative counts from the end, 0 raises INVALID_INDEX_OF_ZERO and an
//   index out of range INVALID_ARRAY_INDEX_IN_ELEMENT_AT (try_element_at: NULL); a missing map
//   key gives NULL.
// - array[i] is 0-based and raises INVALID_ARRAY_INDEX out of range; get(array, i) gives NULL.
// - array_contains is NULL when the value is not found but the array holds a NULL.

#include "common/error/error.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "function/scalar/collection/collection_functions.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseArrayValueTypes(const BindRequest& request, const DataType& array,
                                       const DataType& value) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "ARRAY_FUNCTION_DIFF_TYPES",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                          "have been \"ARRAY\" followed by a value with same element type, but "
                          "it's [\"{}\", \"{}\"].",
                          request.name, request.name, array.sql(), value.sql()));
}

//! The (array, value) argument types of array_contains, array_position and array_remove: the
//! element and the value widened to one type.
std::vector<DataType> arrayAndValue(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  const DataType& value = request.argument_types[1];
  auto common = commonElementType(array.elementType(), value);
  if (!common)
    raiseArrayValueTypes(request, array, value);
  return {DataType::array(*common), *common};
}

BoundScalarFunction bindSize(std::string name, const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  DataType input = type;
  if (type.isVoid()) {
    input = DataType::array(DataType::voidType());
  } else if (type.id() != TypeId::kArray && type.id() != TypeId::kMap) {
    raiseCollectionType(request, 0, "(\"ARRAY\" or \"MAP\")");
  }
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& input = *args[0];
    int32_t* out = result.mutableData<int32_t>();
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row)) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      out[row] = static_cast<int32_t>(input.at<ListEntry>(row).length);
    });
  };
  return {std::move(name), {input}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindArrayContains(const BindRequest& request) {
  std::vector<DataType> types = arrayAndValue(request);
  return {"array_contains", types, DataType::boolean(),
          boxedKernel([](const std::vector<Value>& args) {
            bool saw_null = false;
            for (const Value& element : args[0].children()) {
              if (element.isNull()) {
                saw_null = true;
              } else if (sameElement(element, args[1])) {
                return Value::boolean(true);
              }
            }
            return saw_null ? Value::null(DataType::boolean()) : Value::boolean(false);
          })};
}

BoundScalarFunction bindArrayPosition(const BindRequest& request) {
  std::vector<DataType> types = arrayAndValue(request);
  return {"array_position", types, DataType::longType(),
          boxedKernel([](const std::vector<Value>& args) {
            const auto& elements = args[0].children();
            for (size_t i = 0; i < elements.size(); ++i) {
              if (!elements[i].isNull() && sameElement(elements[i], args[1])) {
                return Value::longValue(static_cast<int64_t>(i) + 1);
              }
            }
            return Value::longValue(0);
          })};
}

//! The value of `key` in a MAP value, or NULL of `value_type`.
Value mapLookup(const Value& map, const Value& key, const DataType& value_type) {
  for (const Value& entry : map.children()) {
    if (sameElement(entry.children()[0], key))
      return entry.children()[1];
  }
  return Value::null(value_type);
}

//! How an array index is read and what an index out of range does.
enum class IndexMode { kElementAt, kTryElementAt, kSubscript, kGet };

Value arrayLookup(const Value& array, int64_t index, IndexMode mode, const DataType& element_type) {
  const auto& elements = array.children();
  auto size = static_cast<int64_t>(elements.size());
  if (mode == IndexMode::kSubscript || mode == IndexMode::kGet) {
    if (index >= 0 && index < size)
      return elements[static_cast<size_t>(index)];
    if (mode == IndexMode::kGet)
      return Value::null(element_type);
    throwError(ErrorClass::INVALID_ARRAY_INDEX,
               "The index {} is out of bounds. The array has {} elements. Use the SQL function "
               "`get()` to tolerate accessing element at invalid index and return NULL instead. "
               "If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
               index, size);
  }
  if (index == 0) {
    throwError(ErrorClass::INVALID_INDEX_OF_ZERO,
               "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element "
               "has index 1).");
  }
  int64_t position = index > 0 ? index - 1 : size + index;
  if (position >= 0 && position < size)
    return elements[static_cast<size_t>(position)];
  if (mode == IndexMode::kTryElementAt)
    return Value::null(element_type);
  throwError(ErrorClass::INVALID_ARRAY_INDEX_IN_ELEMENT_AT,
             "The index {} is out of bounds. The array has {} elements. Use `try_element_at` to "
             "tolerate accessing element at invalid index and return NULL instead. If necessary "
             "set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
             index, size);
}

BoundScalarFunction bindLookup(std::string name, IndexMode mode, const BindRequest& request) {
  const DataType& base = request.argument_types[0];
  if (base.id() == TypeId::kMap && mode != IndexMode::kGet) {
    DataType key = expectArgument(request, 1, base.keyType());
    DataType value_type = base.valueType();
    return {std::move(name),
            {base, key},
            value_type,
            boxedKernel([value_type](const std::vector<Value>& args) {
              return mapLookup(args[0], args[1], value_type);
            })};
  }
  if (base.id() != TypeId::kArray && !base.isVoid()) {
    raiseCollectionType(request, 0,
                        mode == IndexMode::kGet ? "\"ARRAY\"" : "(\"ARRAY\" or \"MAP\")");
  }
  DataType array = arrayArgument(request, 0);
  DataType index = expectArgument(request, 1, DataType::intType());
  DataType element = array.elementType();
  return {std::move(name),
          {array, index},
          element,
          boxedKernel([mode, element](const std::vector<Value>& args) {
            return arrayLookup(args[0], args[1].getInt64(), mode, element);
          })};
}

}  // namespace

BoundScalarFunction bindSubscript(const BindRequest& request) {
  return bindLookup("subscript", IndexMode::kSubscript, request);
}

void registerArrayLookupFunctions(FunctionRegistry& registry) {
  registry.addScalar({"size", 1, 1, [](const BindRequest& r) { return bindSize("size", r); }});
  registry.addScalar(
      {"cardinality", 1, 1, [](const BindRequest& r) { return bindSize("cardinality", r); }});
  registry.addScalar({"array_contains", 2, 2, bindArrayContains});
  registry.addScalar({"array_position", 2, 2, bindArrayPosition});
  registry.addScalar({"element_at", 2, 2, [](const BindRequest& r) {
                        return bindLookup("element_at", IndexMode::kElementAt, r);
                      }});
  registry.addScalar({"try_element_at", 2, 2, [](const BindRequest& r) {
                        return bindLookup("try_element_at", IndexMode::kTryElementAt, r);
                      }});
  registry.addScalar(
      {"get", 2, 2, [](const BindRequest& r) { return bindLookup("get", IndexMode::kGet, r); }});
}

}  // namespace sluice
