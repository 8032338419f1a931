// src/storage/parquet/statistics.cpp
//
// Decoding of min / max statistics into Values.
#include "storage/parquet/statistics.hpp"

#include <cmath>
#include <cstring>

#include "common/error/error.hpp"
#include "storage/parquet/value_conversion.hpp"

namespace sluice::parquet {

namespace {

//! The deprecated min / max fields were compared signed: right for these leaves only.
bool signedOrderIsCorrect(const LeafColumn& leaf) {
  switch (leaf.physical) {
    case PhysicalType::kBoolean:
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
      return true;
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
      return !(leaf.logical_type.kind == LogicalType::Kind::kInteger &&
               !leaf.logical_type.is_signed);
    default:
      return false;
  }
}

template <typename T>
T loadLittleEndian(std::string_view bytes) {
  T value;
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

}  // namespace

std::optional<Value> decodeStatisticsValue(const LeafColumn& leaf, std::string_view bytes) {
  const DataType& type = leaf.type;
  switch (leaf.physical) {
    case PhysicalType::kBoolean:
      if (bytes.size() != 1)
        return std::nullopt;
      return Value::boolean(bytes[0] != 0);
    case PhysicalType::kFloat: {
      if (bytes.size() != 4)
        return std::nullopt;
      float value = loadLittleEndian<float>(bytes);
      if (std::isnan(value))
        return std::nullopt;
      return Value::floatValue(value);
    }
    case PhysicalType::kDouble: {
      if (bytes.size() != 8)
        return std::nullopt;
      double value = loadLittleEndian<double>(bytes);
      if (std::isnan(value))
        return std::nullopt;
      return Value::doubleValue(value);
    }
    case PhysicalType::kInt32:
    case PhysicalType::kInt64: {
      size_t width = leaf.physical == PhysicalType::kInt32 ? 4 : 8;
      if (bytes.size() != width)
        return std::nullopt;
      uint8_t converted[16] = {};
      const auto* raw = reinterpret_cast<const uint8_t*>(bytes.data());
      if (isIdentity(leaf.conversion)) {
        std::memcpy(converted, raw, width);
      } else {
        try {
          convertFixedValues(leaf.conversion, raw, 1, converted);
        } catch (const Error&) {
          return std::nullopt;
        }
      }
      switch (type.physicalSize()) {
        case 1:
          return Value::fromInt64(type, static_cast<int8_t>(converted[0]));
        case 2: {
          int16_t value;
          std::memcpy(&value, converted, 2);
          return Value::fromInt64(type, value);
        }
        case 4: {
          int32_t value;
          std::memcpy(&value, converted, 4);
          return Value::fromInt64(type, value);
        }
        case 8: {
          int64_t value;
          std::memcpy(&value, converted, 8);
          if (type.isDecimal())
            return Value::decimal(value, type.precision(), type.scale());
          return Value::fromInt64(type, value);
        }
        case 16: {
          int128_t value;
          std::memcpy(&value, converted, 16);
          return Value::decimal(value, type.precision(), type.scale());
        }
        default:
          return std::nullopt;
      }
    }
    case PhysicalType::kInt96:
      return std::nullopt;  // no defined order
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      if (leaf.physical == PhysicalType::kFixedLenByteArray &&
          bytes.size() != static_cast<size_t>(leaf.type_length)) {
        return std::nullopt;
      }
      switch (leaf.conversion) {
        case ValueConversion::kBytesToDecimal64:
        case ValueConversion::kBytesToDecimal128:
          try {
            return Value::decimal(decimalFromBigEndian(bytes), type.precision(), type.scale());
          } catch (const Error&) {
            return std::nullopt;
          }
        case ValueConversion::kUuidToString: {
          char text[36];
          uuidToText(reinterpret_cast<const uint8_t*>(bytes.data()), text);
          return Value::string(std::string(text, 36));
        }
        default:
          if (type.id() == TypeId::kString)
            return Value::string(std::string(bytes));
          if (type.id() == TypeId::kBinary)
            return Value::binary(std::string(bytes));
          return std::nullopt;
      }
  }
  return std::nullopt;
}

ColumnStatistics decodeColumnStatistics(const LeafColumn& leaf, const Statistics& statistics,
                                        bool type_defined_order) {
  ColumnStatistics result;
  result.null_count = statistics.null_count;
  result.distinct_count = statistics.distinct_count;
  if (leaf.type.isVoid())
    return result;
  const std::optional<std::string>* min_bytes = nullptr;
  const std::optional<std::string>* max_bytes = nullptr;
  if (type_defined_order && statistics.min_value && statistics.max_value) {
    min_bytes = &statistics.min_value;
    max_bytes = &statistics.max_value;
  } else if (statistics.min && statistics.max && signedOrderIsCorrect(leaf)) {
    min_bytes = &statistics.min;
    max_bytes = &statistics.max;
  }
  if (min_bytes == nullptr)
    return result;
  std::optional<Value> min = decodeStatisticsValue(leaf, **min_bytes);
  std::optional<Value> max = decodeStatisticsValue(leaf, **max_bytes);
  if (min && max) {
    result.min = std::move(min);
    result.max = std::move(max);
  }
  return result;
}

}  // namespace sluice::parquet
