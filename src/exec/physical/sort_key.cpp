// src/exec/physical/sort_key.cpp
#include "exec/physical/sort_key.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/check.hpp"
#include "common/types/string_view.hpp"

namespace sluice {

namespace {

template <typename T>
int compareValues(const Vector& left, idx_t left_row, const Vector& right, idx_t right_row) {
  const T& a = left.at<T>(left_row);
  const T& b = right.at<T>(right_row);
  return a < b ? -1 : (b < a ? 1 : 0);
}

template <typename T>
int compareFloating(const Vector& left, idx_t left_row, const Vector& right, idx_t right_row) {
  T a = left.at<T>(left_row);
  T b = right.at<T>(right_row);
  bool a_nan = std::isnan(a);
  bool b_nan = std::isnan(b);
  if (a_nan || b_nan)
    return a_nan == b_nan ? 0 : (a_nan ? 1 : -1);
  return a < b ? -1 : (b < a ? 1 : 0);  // -0.0 == 0.0
}

int compareBytes(const Vector& left, idx_t left_row, const Vector& right, idx_t right_row) {
  int result = left.at<StringView>(left_row).compare(right.at<StringView>(right_row));
  return result < 0 ? -1 : (result > 0 ? 1 : 0);
}

}  // namespace

ValueComparator valueComparatorFor(const DataType& type) {
  switch (type.id()) {
    case TypeId::kVoid:
      return [](const Vector&, idx_t, const Vector&, idx_t) { return 0; };
    case TypeId::kBoolean:
      return compareValues<uint8_t>;
    case TypeId::kByte:
      return compareValues<int8_t>;
    case TypeId::kShort:
      return compareValues<int16_t>;
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return compareValues<int32_t>;
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      return compareValues<int64_t>;
    case TypeId::kFloat:
      return compareFloating<float>;
    case TypeId::kDouble:
      return compareFloating<double>;
    case TypeId::kDecimal:
      return type.isWideDecimal() ? compareValues<int128_t> : compareValues<int64_t>;
    case TypeId::kString:
    case TypeId::kBinary:
      return compareBytes;
    case TypeId::kArray:
    case TypeId::kMap:
    case TypeId::kStruct:
    case TypeId::kVariant:  // not orderable
    case TypeId::kCalendarInterval:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return nullptr;
  }
  return nullptr;
}

RowComparator::RowComparator(std::vector<SortKey> keys, const std::vector<DataType>& column_types)
    : keys_(std::move(keys)) {
  for (const SortKey& key : keys_) {
    const DataType& type = column_types[key.column];
    ValueComparator comparator = valueComparatorFor(type);
    SLUICE_CHECK(comparator != nullptr);
    comparators_.push_back(comparator);
    collations_.push_back(type.isCollatedString() ? &Collation::byId(type.collation()) : nullptr);
  }
}

int RowComparator::compare(const Batch& left, idx_t left_row, const Batch& right,
                           idx_t right_row) const {
  for (size_t i = 0; i < keys_.size(); ++i) {
    const SortKey& key = keys_[i];
    const Vector& a = left.columns[key.column];
    const Vector& b = right.columns[key.column];
    bool a_null = a.isNull(left_row);
    bool b_null = b.isNull(right_row);
    if (a_null || b_null) {
      if (a_null && b_null)
        continue;
      return a_null == key.nulls_first ? -1 : 1;
    }
    int result = collations_[i] != nullptr
                     ? collations_[i]->compare(a.at<StringView>(left_row).view(),
                                               b.at<StringView>(right_row).view())
                     : comparators_[i](a, left_row, b, right_row);
    if (result != 0)
      return key.ascending ? result : -result;
  }
  return 0;
}

std::string describeSortKeys(const std::vector<SortKey>& keys) {
  std::string text;
  for (const SortKey& key : keys) {
    if (!text.empty())
      text += ", ";
    text += fmt::format("#{} {} NULLS {}", key.column, key.ascending ? "ASC" : "DESC",
                        key.nulls_first ? "FIRST" : "LAST");
  }
  return text;
}

}  // namespace sluice
