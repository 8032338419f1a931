// src/function/scalar/group_key_encoding.cpp
#include "function/scalar/group_key_encoding.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "common/check.hpp"
#include "common/vector/vector.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

template <typename T>
void appendBytes(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <typename T>
T readBytes(std::string_view in, size_t& offset) {
  SLUICE_CHECK(offset + sizeof(T) <= in.size());
  T value;
  std::memcpy(&value, in.data() + offset, sizeof(T));
  offset += sizeof(T);
  return value;
}

//! -0.0 as 0.0 and every NaN as one NaN, as Spark normalizes floating-point grouping keys.
template <typename T>
T normalizedFloating(T value) {
  if (std::isnan(value))
    return std::numeric_limits<T>::quiet_NaN();
  return value == 0 ? T(0) : value;
}

// A value is a presence byte (0 for NULL) and, when present, its payload: integral, date,
// timestamp and interval values as 8 bytes, decimals as 16, floating-point values normalized,
// strings as a length and their bytes, a struct as its fields in order, an array as its
// length and its elements. It is written from the vectors directly (no boxed values).
void encodeRow(const Vector& vector, idx_t row, std::string& out) {
  if (vector.isNull(row)) {
    out.push_back('\0');
    return;
  }
  out.push_back('\1');
  const DataType& type = vector.type();
  switch (type.id()) {
    case TypeId::kVoid:
      return;
    case TypeId::kBoolean:
      out.push_back(vector.at<uint8_t>(row) != 0 ? '\1' : '\0');
      return;
    case TypeId::kByte:
      appendBytes(out, static_cast<int64_t>(vector.at<int8_t>(row)));
      return;
    case TypeId::kShort:
      appendBytes(out, static_cast<int64_t>(vector.at<int16_t>(row)));
      return;
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      appendBytes(out, static_cast<int64_t>(vector.at<int32_t>(row)));
      return;
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
      appendBytes(out, vector.at<int64_t>(row));
      return;
    case TypeId::kFloat:
      appendBytes(out, normalizedFloating(vector.at<float>(row)));
      return;
    case TypeId::kDouble:
      appendBytes(out, normalizedFloating(vector.at<double>(row)));
      return;
    case TypeId::kDecimal:
      appendBytes(out, type.isWideDecimal() ? vector.at<int128_t>(row)
                                            : static_cast<int128_t>(vector.at<int64_t>(row)));
      return;
    case TypeId::kString:
    case TypeId::kBinary: {
      std::string_view bytes(vector.at<StringView>(row));
      appendBytes(out, static_cast<uint32_t>(bytes.size()));
      out.append(bytes);
      return;
    }
    case TypeId::kStruct:
      for (const Vector& field : vector.children())
        encodeRow(field, vector.slot(row), out);
      return;
    case TypeId::kArray: {
      const ListEntry& entry = vector.at<ListEntry>(row);
      appendBytes(out, entry.length);
      for (uint32_t i = 0; i < entry.length; ++i)
        encodeRow(vector.child(0), entry.offset + i, out);
      return;
    }
    case TypeId::kMap:
      SLUICE_UNREACHABLE("MAP keys are not grouped by encoding");
  }
}

Value decodeValue(std::string_view in, size_t& offset, const DataType& type) {
  if (readBytes<char>(in, offset) == '\0')
    return Value::null(type);
  switch (type.id()) {
    case TypeId::kVoid:
      return Value::null(type);
    case TypeId::kBoolean:
      return Value::boolean(readBytes<char>(in, offset) != '\0');
    case TypeId::kFloat:
      return Value::floatValue(readBytes<float>(in, offset));
    case TypeId::kDouble:
      return Value::doubleValue(readBytes<double>(in, offset));
    case TypeId::kDecimal:
      return Value::decimal(readBytes<int128_t>(in, offset), type.precision(), type.scale());
    case TypeId::kString:
    case TypeId::kBinary: {
      auto size = readBytes<uint32_t>(in, offset);
      SLUICE_CHECK(offset + size <= in.size());
      std::string bytes(in.substr(offset, size));
      offset += size;
      return type.id() == TypeId::kString ? Value::string(std::move(bytes))
                                          : Value::binary(std::move(bytes));
    }
    case TypeId::kStruct: {
      std::vector<Value> fields;
      for (const StructField& field : type.fields())
        fields.push_back(decodeValue(in, offset, field.type));
      return Value::nested(type, std::move(fields));
    }
    case TypeId::kArray: {
      auto count = readBytes<uint32_t>(in, offset);
      std::vector<Value> elements;
      elements.reserve(count);
      for (uint32_t i = 0; i < count; ++i)
        elements.push_back(decodeValue(in, offset, type.elementType()));
      return Value::nested(type, std::move(elements));
    }
    case TypeId::kMap:
      SLUICE_UNREACHABLE("MAP keys are not grouped by encoding");
    default:
      return Value::fromInt64(type, readBytes<int64_t>(in, offset));
  }
}

}  // namespace

bool isEncodedGroupKeyType(const DataType& type) {
  return (type.id() == TypeId::kStruct || type.id() == TypeId::kArray) && !containsMapType(type);
}

BoundScalarFunction groupKeyEncoder(const DataType& type) {
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& values = *args[0];
    StringView* out = result.mutableData<StringView>();
    std::string bytes;
    forEachRow(rows, [&](idx_t row) {
      bytes.clear();
      // A NULL key is an encoding too, so that the aggregate sees one NULL-free key column.
      encodeRow(values, row, bytes);
      result.setNull(row, false);
      out[row] = result.addString(bytes);
    });
  };
  return {"group_key_encoding", {type}, DataType::binary(), std::move(kernel)};
}

BoundScalarFunction groupKeyDecoder(const DataType& type) {
  ScalarKernel kernel = [type](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    const Vector& encodings = *args[0];
    forEachRow(rows, [&](idx_t row) {
      std::string_view bytes(encodings.at<StringView>(row));
      size_t offset = 0;
      result.setValue(row, decodeValue(bytes, offset, type));
    });
  };
  return {"group_key_decoding", {DataType::binary()}, type, std::move(kernel)};
}

}  // namespace sluice
