// src/common/types/json_type_widening.cpp
#include "common/types/json_type_widening.hpp"

#include <algorithm>

#include "common/types/decimal.hpp"
#include "common/types/type_coercion.hpp"

namespace sluice::json {

namespace {

//! DecimalType.isWiderThan: holds every value of `other` without loss.
bool isWiderDecimal(const DataType& decimal, const DataType& other) {
  DataType as_decimal = other.isDecimal() ? other : decimal::forIntegral(other.id());
  return decimal.precision() - decimal.scale() >= as_decimal.precision() - as_decimal.scale() &&
         decimal.scale() >= as_decimal.scale();
}

DataType compatibleDecimals(const DataType& a, const DataType& b) {
  int scale = std::max(a.scale(), b.scale());
  int range = std::max(a.precision() - a.scale(), b.precision() - b.scale());
  if (range + scale > DataType::kMaxDecimalPrecision)
    return DataType::doubleType();
  return DataType::decimal(range + scale, scale);
}

DataType compatibleNumbers(const DataType& a, const DataType& b) {
  if (!a.isDecimal() && !b.isDecimal()) {
    return numericPrecedence(a.id()) >= numericPrecedence(b.id()) ? a : b;
  }
  if (a.isDecimal() && b.isDecimal())
    return compatibleDecimals(a, b);
  const DataType& decimal = a.isDecimal() ? a : b;
  const DataType& other = a.isDecimal() ? b : a;
  if (other.isFloating())
    return DataType::doubleType();
  if (isWiderDecimal(decimal, other))
    return decimal;
  return compatibleDecimals(decimal::forIntegral(other.id()), decimal);
}

}  // namespace

DataType compatibleJsonType(const DataType& a, const DataType& b, const DataType& fallback) {
  if (a == b)
    return a;
  if (a.isVoid())
    return b;
  if (b.isVoid())
    return a;
  if (a.isNumeric() && b.isNumeric())
    return compatibleNumbers(a, b);
  if (a.id() == TypeId::kStruct && b.id() == TypeId::kStruct) {
    return DataType::structOf(mergeSortedFields(a.fields(), b.fields(), fallback));
  }
  if (a.id() == TypeId::kArray && b.id() == TypeId::kArray) {
    return DataType::array(compatibleJsonType(a.elementType(), b.elementType(), fallback),
                           a.containsNull() || b.containsNull());
  }
  if (a.id() == b.id() && a.isStringLike())
    return a;
  bool timestamps = (a.id() == TypeId::kTimestamp || a.id() == TypeId::kTimestampNtz) &&
                    (b.id() == TypeId::kTimestamp || b.id() == TypeId::kTimestampNtz);
  if (timestamps)
    return DataType::timestamp();
  return fallback;
}

std::vector<StructField> mergeSortedFields(const std::vector<StructField>& a,
                                           const std::vector<StructField>& b,
                                           const DataType& fallback) {
  std::vector<StructField> merged;
  merged.reserve(std::max(a.size(), b.size()));
  size_t a_index = 0;
  size_t b_index = 0;
  while (a_index < a.size() && b_index < b.size()) {
    int order = a[a_index].name.compare(b[b_index].name);
    if (order == 0) {
      merged.push_back(StructField{a[a_index].name,
                                   compatibleJsonType(a[a_index].type, b[b_index].type, fallback),
                                   true,
                                   {}});
      ++a_index;
      ++b_index;
    } else if (order < 0) {
      merged.push_back(a[a_index++]);
    } else {
      merged.push_back(b[b_index++]);
    }
  }
  merged.insert(merged.end(), a.begin() + static_cast<std::ptrdiff_t>(a_index), a.end());
  merged.insert(merged.end(), b.begin() + static_cast<std::ptrdiff_t>(b_index), b.end());
  return merged;
}

void sortAndMergeDuplicates(std::vector<StructField>& fields) {
  std::stable_sort(fields.begin(), fields.end(),
                   [](const StructField& x, const StructField& y) { return x.name < y.name; });
  size_t kept = 0;
  for (size_t index = 0; index < fields.size(); ++index) {
    if (kept > 0 && fields[kept - 1].name == fields[index].name) {
      fields[kept - 1].type = compatibleJsonType(fields[kept - 1].type, fields[index].type);
    } else {
      if (kept != index)
        fields[kept] = std::move(fields[index]);
      ++kept;
    }
  }
  fields.resize(kept);
}

}  // namespace sluice::json
