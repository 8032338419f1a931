// src/function/scalar/argument_types.cpp
//
// Spark's ANSI implicit casts of function arguments.

#include "function/scalar/argument_types.hpp"

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "common/types/type_contents.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseUnexpectedType(const BindRequest& request, size_t index,
                                      const std::string& expected) {
  throw Error(
      ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
      fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} parameter "
                  "requires the {} type, however the argument has the type \"{}\".",
                  request.name, ordinalName(index), expected, request.argument_types[index].sql()));
}

}  // namespace

std::optional<DataType> implicitCastType(const DataType& from, const DataType& target) {
  if (from.sameStructure(target))
    return target;
  // A STRING parameter takes a string of any collation as it is.
  if (from.id() == TypeId::kString && target == DataType::string())
    return from;
  if (from.isVoid())
    return target;
  if (from.id() == TypeId::kArray && target.id() == TypeId::kArray) {
    auto element = implicitCastType(from.elementType(), target.elementType());
    if (!element)
      return std::nullopt;
    return DataType::array(*element);
  }
  if (from.isNested() || target.isNested() || from.isVariant() || target.isVariant())
    return std::nullopt;
  if (from.isGeospatial() || target.isGeospatial()) {
    if (canAnsiCast(from, target))
      return target;
    return std::nullopt;
  }
  if (from.id() == TypeId::kString)
    return target;
  if (target.id() == TypeId::kString)
    return target;  // any atomic value prints as a string
  if (from.isNumeric() && target.isNumeric())
    return target;
  if (from.isDatetime() && target.isDatetime())
    return target;
  if (from.isTime() && target.isTime())
    return target;
  return std::nullopt;
}

DataType expectArgument(const BindRequest& request, size_t index, const DataType& target) {
  auto cast = implicitCastType(request.argument_types[index], target);
  if (!cast)
    raiseUnexpectedType(request, index, fmt::format("\"{}\"", target.sql()));
  return *cast;
}

DataType expectArgumentWithoutCast(const BindRequest& request, size_t index,
                                   const DataType& target) {
  const DataType& from = request.argument_types[index];
  if (from.id() == TypeId::kString && target == DataType::string())
    return from;  // a string of any collation
  if (!from.isVoid() && !from.sameStructure(target))
    raiseUnexpectedType(request, index, fmt::format("\"{}\"", target.sql()));
  return target;
}

DataType expectArgumentOneOf(const BindRequest& request, size_t index,
                             std::initializer_list<DataType> targets) {
  const DataType& from = request.argument_types[index];
  for (const DataType& target : targets) {
    if (!from.isVoid() && from.sameStructure(target))
      return target;
  }
  for (const DataType& target : targets) {
    if (auto cast = implicitCastType(from, target))
      return *cast;
  }
  std::string listed;
  for (const DataType& target : targets) {
    listed += (listed.empty() ? "(\"" : " or \"") + target.sql() + "\"";
  }
  raiseUnexpectedType(request, index, listed + ")");
}

DataType expectSpatialArgument(const BindRequest& request, size_t index) {
  const DataType& from = request.argument_types[index];
  if (from.isGeospatial())
    return from;
  if (from.isVoid())
    return DataType::geometry(DataType::kMixedSrid);
  raiseUnexpectedType(request, index, "(\"GEOGRAPHY\" or \"GEOMETRY\")");
}

const Value* constantArgument(const BindRequest& request, size_t index) {
  if (index >= request.argument_constants.size())
    return nullptr;
  return request.argument_constants[index];
}

std::optional<int64_t> foldableIntegerArgument(const BindRequest& request, size_t index,
                                               std::string_view parameter) {
  const Value* value = constantArgument(request, index);
  const DataType& type = request.argument_types[index];
  if (value == nullptr || !(type.isIntegral() || type.isVoid())) {
    throwError(ErrorClass::NON_FOLDABLE_ARGUMENT,
               "The function `{}` requires the parameter `{}` to be a foldable expression of the "
               "type \"INT\", but the actual argument is a non-foldable.",
               request.name, parameter);
  }
  if (value->isNull())
    return std::nullopt;
  return value->getInt64();
}

bool containsMapType(const DataType& type) {
  return containsTypeId(type, TypeId::kMap);
}

bool containsVariantType(const DataType& type) {
  return containsTypeId(type, TypeId::kVariant);
}

bool containsUnorderedType(const DataType& type) {
  return containsTypeId(type, TypeId::kCalendarInterval) ||
         containsTypeId(type, TypeId::kGeometry) || containsTypeId(type, TypeId::kGeography);
}

bool isOrderableType(const DataType& type) {
  return !containsMapType(type) && !containsVariantType(type) && !containsUnorderedType(type);
}

void requireOptionsMap(const DataType& type) {
  if (type.id() != TypeId::kMap) {
    throw Error(ErrorClass::INVALID_OPTIONS, "NON_MAP_FUNCTION",
                "Invalid options: Must use the `map()` function for options.");
  }
  if (type.keyType().id() != TypeId::kString || type.valueType().id() != TypeId::kString) {
    throw Error(ErrorClass::INVALID_OPTIONS, "NON_STRING_TYPE",
                fmt::format("Invalid options: A type of keys and values in `map()` must be "
                            "string, but got \"{}\".",
                            type.sql()));
  }
}

std::optional<size_t> corruptRecordField(const DataType& schema, std::string_view name) {
  if (schema.id() != TypeId::kStruct)
    return std::nullopt;
  const std::vector<StructField>& fields = schema.fields();
  for (size_t index = 0; index < fields.size(); ++index) {
    if (fields[index].name != name)
      continue;
    if (fields[index].type.id() != TypeId::kString) {
      throw Error(ErrorClass::INVALID_CORRUPT_RECORD_TYPE,
                  fmt::format("The column `{}` for corrupt records must have the nullable STRING "
                              "type, but got \"{}\".",
                              fields[index].name, fields[index].type.sql()));
    }
    return index;
  }
  return std::nullopt;
}

}  // namespace sluice
