// src/function/physical_type.hpp
//
// Maps a DataType to the C++ type of its values in a vector, so kernels are written once as
// templates and instantiated per physical type.
#pragma once

#include <utility>

#include "common/check.hpp"
#include "common/types/data_type.hpp"
#include "common/types/string_view.hpp"

namespace sluice {

//! Calls `visitor.template operator()<T>()` with T the physical type of a numeric type
//! (integral, FLOAT, DOUBLE; DECIMAL as int64_t or int128_t by precision).
template <typename Visitor>
decltype(auto) visitNumericType(const DataType& type, Visitor&& visitor) {
  switch (type.id()) {
    case TypeId::kByte:
      return visitor.template operator()<int8_t>();
    case TypeId::kShort:
      return visitor.template operator()<int16_t>();
    case TypeId::kInt:
      return visitor.template operator()<int32_t>();
    case TypeId::kLong:
      return visitor.template operator()<int64_t>();
    case TypeId::kFloat:
      return visitor.template operator()<float>();
    case TypeId::kDouble:
      return visitor.template operator()<double>();
    case TypeId::kDecimal:
      if (type.isWideDecimal())
        return visitor.template operator()<int128_t>();
      return visitor.template operator()<int64_t>();
    default:
      SLUICE_UNREACHABLE("visitNumericType on a non-numeric type");
  }
}

//! As visitNumericType, for every type with fixed-width or StringView values (no nested).
template <typename Visitor>
decltype(auto) visitScalarType(const DataType& type, Visitor&& visitor) {
  switch (type.id()) {
    case TypeId::kBoolean:
      return visitor.template operator()<uint8_t>();
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return visitor.template operator()<int32_t>();
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      return visitor.template operator()<int64_t>();
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return visitor.template operator()<StringView>();
    case TypeId::kCalendarInterval:
      // Its 16 bytes as one value: copies, hashes and equality; it has no order.
      return visitor.template operator()<int128_t>();
    default:
      return visitNumericType(type, std::forward<Visitor>(visitor));
  }
}

}  // namespace sluice
