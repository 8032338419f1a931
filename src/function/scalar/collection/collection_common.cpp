// src/function/scalar/collection/collection_common.cpp
//
// Element ordering, argument checks and the boxed row kernel of the collection functions.

#include "function/scalar/collection/collection_common.hpp"

#include <cmath>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/cast/cast.hpp"

namespace sluice {

namespace {

template <typename T>
int threeWay(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

template <typename T>
int compareFloating(T a, T b) {
  bool a_nan = std::isnan(a);
  bool b_nan = std::isnan(b);
  if (a_nan || b_nan)
    return a_nan == b_nan ? 0 : (a_nan ? 1 : -1);
  return threeWay(a, b);  // -0.0 == 0.0
}

}  // namespace

int compareElements(const Value& a, const Value& b) {
  if (a.isNull() || b.isNull())
    return a.isNull() == b.isNull() ? 0 : (a.isNull() ? -1 : 1);
  switch (a.type().id()) {
    case TypeId::kBoolean:
      return threeWay(a.getBoolean(), b.getBoolean());
    case TypeId::kFloat:
      return compareFloating(a.getFloat(), b.getFloat());
    case TypeId::kDouble:
      return compareFloating(a.getDouble(), b.getDouble());
    case TypeId::kDecimal:
      return threeWay(a.getDecimalUnscaled(), b.getDecimalUnscaled());
    case TypeId::kString:
      if (a.type().isCollatedString())
        return Collation::byId(a.type().collation()).compare(a.getString(), b.getString());
      [[fallthrough]];
    case TypeId::kBinary: {
      int result = a.getString().compare(b.getString());
      return result < 0 ? -1 : (result > 0 ? 1 : 0);
    }
    case TypeId::kArray:
    case TypeId::kMap:
    case TypeId::kStruct: {
      const auto& left = a.children();
      const auto& right = b.children();
      for (size_t i = 0; i < left.size() && i < right.size(); ++i) {
        int result = compareElements(left[i], right[i]);
        if (result != 0)
          return result;
      }
      return threeWay(left.size(), right.size());
    }
    case TypeId::kVoid:
      return 0;
    default:
      return threeWay(a.getInt64(), b.getInt64());
  }
}

void raiseCollectionType(const BindRequest& request, size_t index, const std::string& expected) {
  throw Error(
      ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
      fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} parameter "
                  "requires the {} type, however the argument has the type \"{}\".",
                  request.name, ordinalName(index), expected, request.argument_types[index].sql()));
}

DataType arrayArgument(const BindRequest& request, size_t index) {
  const DataType& type = request.argument_types[index];
  if (type.isVoid())
    return DataType::array(DataType::voidType());
  if (type.id() != TypeId::kArray)
    raiseCollectionType(request, index, "\"ARRAY\"");
  return type;
}

DataType mapArgument(const BindRequest& request, size_t index) {
  const DataType& type = request.argument_types[index];
  if (type.isVoid())
    return DataType::map(DataType::voidType(), DataType::voidType());
  if (type.id() != TypeId::kMap)
    raiseCollectionType(request, index, "\"MAP\"");
  return type;
}

std::optional<DataType> commonElementType(const DataType& a, const DataType& b) {
  if (a == b)
    return a;
  if (auto tightest = findTightestCommonType(a, b))
    return tightest;
  if ((a.isStringLike() || b.isStringLike()) && !(a.isStringLike() && b.isStringLike())) {
    return std::nullopt;  // no string promotion
  }
  return findWiderType(a, b);
}

ScalarKernel boxedKernel(RowFunction compute, bool strict) {
  return [compute = std::move(compute), strict](const ExecContext&, const ArgumentVectors& args,
                                                const RowSet& rows, Vector& result) {
    std::vector<Value> values(args.size());
    forEachRow(rows, [&](idx_t row) {
      bool any_null = false;
      for (size_t i = 0; i < args.size(); ++i) {
        values[i] = args[i]->getValue(row);
        any_null = any_null || values[i].isNull();
      }
      if (strict && any_null) {
        result.setNull(row);
        return;
      }
      result.setValue(row, compute(values));
    });
  };
}

std::string elementText(const Value& value) {
  if (value.isNull())
    return "NULL";
  if (value.type().id() == TypeId::kString)
    return value.getString();
  if (value.type().isIntegral())
    return std::to_string(value.getInt64());
  ExecContext context;
  return sqlValueText(value, context);
}

void raiseDuplicatedMapKey(const Value& key) {
  throwError(ErrorClass::DUPLICATED_MAP_KEY,
             "Duplicate map key {} was found, please check the input data. If you want to remove "
             "the duplicated keys, you can set \"spark.sql.mapKeyDedupPolicy\" to \"LAST_WIN\" so "
             "that the key inserted at last takes precedence.",
             elementText(key));
}

void raiseNullMapKey() {
  throwError(ErrorClass::NULL_MAP_KEY, "Cannot use null as map key.");
}

Value buildMap(const DataType& type, const std::vector<Value>& keys,
               const std::vector<Value>& values) {
  std::vector<Value> entries;
  entries.reserve(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].isNull())
      raiseNullMapKey();
    for (const Value& existing : entries) {
      if (sameElement(existing.children()[0], keys[i]))
        raiseDuplicatedMapKey(keys[i]);
    }
    entries.push_back(Value::nested(type.childType(), {keys[i], values[i]}));
  }
  return Value::nested(type, std::move(entries));
}

}  // namespace sluice
