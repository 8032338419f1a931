#include "common/types/type_coercion.hpp"

#include <algorithm>

#include "common/types/decimal.hpp"

namespace sluice {

int numericPrecedence(TypeId id) {
  switch (id) {
    case TypeId::kByte:
      return 0;
    case TypeId::kShort:
      return 1;
    case TypeId::kInt:
      return 2;
    case TypeId::kLong:
      return 3;
    case TypeId::kFloat:
      return 4;
    case TypeId::kDouble:
      return 5;
    default:
      return -1;
  }
}

namespace {

//! Decimal digits before the point that an integral type needs.
int integralDigits(TypeId id) {
  return decimal::forIntegral(id).precision();
}

bool decimalIsWiderThanIntegral(const DataType& decimal_type, TypeId integral) {
  return decimal_type.precision() - decimal_type.scale() >= integralDigits(integral);
}

using Widen = std::optional<DataType> (*)(const DataType&, const DataType&);

//! Applies `widen` to the children of two nested types of the same kind.
std::optional<DataType> findTypeForComplex(const DataType& left, const DataType& right,
                                           Widen widen) {
  if (left.id() != right.id())
    return std::nullopt;
  switch (left.id()) {
    case TypeId::kArray: {
      auto element = widen(left.elementType(), right.elementType());
      if (!element)
        return std::nullopt;
      return DataType::array(*element, left.containsNull() || right.containsNull());
    }
    case TypeId::kMap: {
      auto key = widen(left.keyType(), right.keyType());
      auto value = widen(left.valueType(), right.valueType());
      if (!key || !value)
        return std::nullopt;
      return DataType::map(*key, *value, left.containsNull() || right.containsNull());
    }
    case TypeId::kStruct: {
      const auto& left_fields = left.fields();
      const auto& right_fields = right.fields();
      if (left_fields.size() != right_fields.size())
        return std::nullopt;
      std::vector<StructField> fields;
      for (size_t i = 0; i < left_fields.size(); ++i) {
        // Field names match case-insensitively; the left side's spelling wins.
        const std::string& a = left_fields[i].name;
        const std::string& b = right_fields[i].name;
        if (a.size() != b.size() || !std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
              return std::tolower(static_cast<unsigned char>(x)) ==
                     std::tolower(static_cast<unsigned char>(y));
            })) {
          return std::nullopt;
        }
        auto type = widen(left_fields[i].type, right_fields[i].type);
        if (!type)
          return std::nullopt;
        fields.push_back(
            StructField{a, *type, left_fields[i].nullable || right_fields[i].nullable, {}});
      }
      return DataType::structOf(std::move(fields));
    }
    default:
      return std::nullopt;
  }
}

std::optional<DataType> findWiderDateTimeType(const DataType& left, const DataType& right) {
  // DATE < TIMESTAMP_NTZ < TIMESTAMP.
  auto rank = [](TypeId id) {
    return id == TypeId::kDate ? 0 : (id == TypeId::kTimestampNtz ? 1 : 2);
  };
  return rank(left.id()) >= rank(right.id()) ? left : right;
}

}  // namespace

std::optional<DataType> findTightestCommonType(const DataType& left, const DataType& right) {
  if (left == right)
    return left;
  if (left.isVoid())
    return right;
  if (right.isVoid())
    return left;
  if (left.isIntegral() && right.isDecimal() && decimalIsWiderThanIntegral(right, left.id())) {
    return right;
  }
  if (left.isDecimal() && right.isIntegral() && decimalIsWiderThanIntegral(left, right.id())) {
    return left;
  }
  if (left.isNumeric() && right.isNumeric() && !left.isDecimal() && !right.isDecimal()) {
    int wider = std::max(numericPrecedence(left.id()), numericPrecedence(right.id()));
    const DataType& wider_type = numericPrecedence(left.id()) == wider ? left : right;
    // An integral beside FLOAT widens to DOUBLE: FLOAT cannot hold every BIGINT or INT.
    if (wider_type.id() == TypeId::kFloat)
      return DataType::doubleType();
    return wider_type;
  }
  if (left.isDatetime() && right.isDatetime())
    return findWiderDateTimeType(left, right);
  if (left.isTime() && right.isTime())
    return DataType::time(std::max(left.precision(), right.precision()));
  // Strings of two collations: a collated one wins over the default. The binder decides by
  // where the strings come from first (planner/binder/collation_coercion.hpp); this is for
  // the places that only see types.
  if (left.id() == TypeId::kString && right.id() == TypeId::kString) {
    if (!left.isCollatedString())
      return right;
    if (!right.isCollatedString())
      return left;
    return std::nullopt;
  }
  // Two SRIDs of one spatial type meet in ANY, whose values carry their own.
  if (left.isGeospatial() && left.id() == right.id())
    return left.id() == TypeId::kGeometry ? DataType::geometry(DataType::kMixedSrid)
                                          : DataType::geography(DataType::kMixedSrid);
  if (left.id() == TypeId::kDayTimeInterval && right.id() == TypeId::kDayTimeInterval) {
    return DataType::dayTimeInterval(std::min(left.startField(), right.startField()),
                                     std::max(left.endField(), right.endField()));
  }
  if (left.id() == TypeId::kYearMonthInterval && right.id() == TypeId::kYearMonthInterval) {
    return DataType::yearMonthInterval(std::min(left.startField(), right.startField()),
                                       std::max(left.endField(), right.endField()));
  }
  return findTypeForComplex(left, right, findTightestCommonType);
}

std::optional<DataType> stringPromotionType(const DataType& left, const DataType& right) {
  const DataType* string_side = nullptr;
  const DataType* other = nullptr;
  if (left.id() == TypeId::kString && right.id() != TypeId::kString) {
    string_side = &left;
    other = &right;
  } else if (right.id() == TypeId::kString && left.id() != TypeId::kString) {
    string_side = &right;
    other = &left;
  } else {
    return std::nullopt;
  }
  if (other->isIntegral())
    return DataType::longType();
  if (other->isFloating() || other->isDecimal())
    return DataType::doubleType();
  if (other->isVoid())
    return *string_side;
  if (other->isInterval() || other->isNested() || other->isVariant() || other->isGeospatial())
    return std::nullopt;
  return *other;
}

std::optional<DataType> findWiderType(const DataType& left, const DataType& right) {
  if (auto tightest = findTightestCommonType(left, right))
    return tightest;
  if (left.isNumeric() && right.isNumeric()) {
    // At least one side is a decimal here.
    if (left.isFloating() || right.isFloating())
      return DataType::doubleType();
    DataType a = left.isDecimal() ? left : decimal::forIntegral(left.id());
    DataType b = right.isDecimal() ? right : decimal::forIntegral(right.id());
    return decimal::widerDecimal(a, b);
  }
  if (auto promoted = stringPromotionType(left, right))
    return promoted;
  return findTypeForComplex(left, right, findWiderType);
}

std::optional<DataType> findWiderCommonType(const std::vector<DataType>& types) {
  DataType result = DataType::voidType();
  for (const DataType& type : types) {
    auto wider = findWiderType(result, type);
    if (!wider)
      return std::nullopt;
    result = *wider;
  }
  return result;
}

namespace {

std::optional<DataType> findWiderTypeWithoutStringPromotion(const DataType& left,
                                                            const DataType& right) {
  if (auto tightest = findTightestCommonType(left, right))
    return tightest;
  if (left.isNumeric() && right.isNumeric())
    return findWiderType(left, right);
  return findTypeForComplex(left, right, findWiderTypeWithoutStringPromotion);
}

}  // namespace

std::optional<DataType> findWiderCommonTypeWithoutStringPromotion(
    const std::vector<DataType>& types) {
  DataType result = DataType::voidType();
  for (const DataType& type : types) {
    auto wider = findWiderTypeWithoutStringPromotion(result, type);
    if (!wider)
      return std::nullopt;
    result = *wider;
  }
  return result;
}

bool isVariantConvertible(const DataType& type, bool allow_structs_and_maps) {
  switch (type.id()) {
    case TypeId::kArray:
      return isVariantConvertible(type.elementType(), allow_structs_and_maps);
    case TypeId::kMap:
      return allow_structs_and_maps && type.keyType().id() == TypeId::kString &&
             isVariantConvertible(type.valueType(), allow_structs_and_maps);
    case TypeId::kStruct:
      if (!allow_structs_and_maps)
        return false;
      for (const StructField& field : type.fields()) {
        if (!isVariantConvertible(field.type, allow_structs_and_maps))
          return false;
      }
      return true;
    default:
      return type.isNumeric() || type.isStringLike() || type.isDatetime() || type.isVariant() ||
             type.id() == TypeId::kBoolean;
  }
}

namespace {

//! A spatial value keeps its bytes through a cast: to ANY of its own type, or from GEOGRAPHY to
//! GEOMETRY of the same SRID. Nothing else converts to or from a spatial type.
bool canCastSpatial(const DataType& from, const DataType& to) {
  if (!from.isGeospatial() || !to.isGeospatial())
    return false;
  if (from.id() == to.id())
    return to.srid() == from.srid() || to.srid() == DataType::kMixedSrid;
  return from.id() == TypeId::kGeography && from.srid() == to.srid();
}

}  // namespace

bool canAnsiCast(const DataType& from, const DataType& to) {
  if (from.sameStructure(to))
    return true;
  if (from.isVoid())
    return true;
  if (from.isGeospatial() || to.isGeospatial())
    return canCastSpatial(from, to);
  // Structs and maps become variant objects through to_variant_object only: a struct's fields
  // are ordered, an object's are not.
  if (to.isVariant())
    return isVariantConvertible(from, false);
  if (from.isVariant())
    return isVariantConvertible(to);
  TypeId f = from.id();
  TypeId t = to.id();
  if (t == TypeId::kString) {
    return true;  // every type has a text form
  }
  if (f == TypeId::kString) {
    return t == TypeId::kBinary || t == TypeId::kBoolean || to.isNumeric() || to.isDatetime() ||
           to.isInterval() || to.isTime();
  }
  switch (t) {
    case TypeId::kBoolean:
      return from.isNumeric();
    case TypeId::kBinary:
      return false;  // only from STRING (above); integral to BINARY is legacy-mode only
    case TypeId::kDate:
      return f == TypeId::kTimestamp || f == TypeId::kTimestampNtz;
    case TypeId::kTimestamp:
      return from.isNumeric() || f == TypeId::kDate || f == TypeId::kTimestampNtz;
    case TypeId::kTimestampNtz:
      return f == TypeId::kDate || f == TypeId::kTimestamp;
    case TypeId::kTime:
      // A timestamp's time of day (in the session zone for TIMESTAMP), or another precision.
      return f == TypeId::kTime || f == TypeId::kTimestamp || f == TypeId::kTimestampNtz;
    case TypeId::kArray:
      return f == TypeId::kArray && canAnsiCast(from.elementType(), to.elementType());
    case TypeId::kMap:
      return f == TypeId::kMap && canAnsiCast(from.keyType(), to.keyType()) &&
             canAnsiCast(from.valueType(), to.valueType());
    case TypeId::kStruct: {
      if (f != TypeId::kStruct || from.fields().size() != to.fields().size())
        return false;
      for (size_t i = 0; i < from.fields().size(); ++i) {
        if (!canAnsiCast(from.fields()[i].type, to.fields()[i].type))
          return false;
      }
      return true;
    }
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return from.id() == t || from.isIntegral() || from.isDecimal();
    default:
      break;
  }
  if (to.isNumeric()) {
    return from.isNumeric() || f == TypeId::kBoolean || f == TypeId::kTimestamp ||
           (from.isInterval() && (to.isIntegral() || to.isDecimal()));
  }
  return false;
}

bool canStoreAssign(const DataType& from, const DataType& to) {
  if (from.sameStructure(to) || from.isVoid())
    return true;
  if (from.isGeospatial() || to.isGeospatial())
    return canCastSpatial(from, to);
  if (from.isNumeric() && to.isNumeric())
    return true;
  if (to.id() == TypeId::kString)
    return !from.isNested() && !from.isVariant();
  if (from.isDatetime() && to.isDatetime())
    return true;
  if (from.isTime() && to.isTime())
    return from.precision() <= to.precision();  // no fraction digits dropped silently
  if (from.id() == TypeId::kArray && to.id() == TypeId::kArray)
    return canStoreAssign(from.elementType(), to.elementType());
  if (from.id() == TypeId::kMap && to.id() == TypeId::kMap) {
    return canStoreAssign(from.keyType(), to.keyType()) &&
           canStoreAssign(from.valueType(), to.valueType());
  }
  if (from.id() == TypeId::kStruct && to.id() == TypeId::kStruct) {
    const std::vector<StructField>& source = from.fields();
    const std::vector<StructField>& target = to.fields();
    if (source.size() != target.size())
      return false;
    for (size_t index = 0; index < source.size(); ++index) {
      if (!canStoreAssign(source[index].type, target[index].type))
        return false;
    }
    return true;
  }
  return false;
}

}  // namespace sluice
