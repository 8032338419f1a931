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

// A value is a presence byte (0 for NULL) and, when present, its payload: fixed-width values
// as their bytes, strings as a length and their bytes, a struct as its fields in order, an
// array as its length and its elements.
void encodeValue(const Value& value, const DataType& type, std::string& out) {
  if (value.isNull()) {
    out.push_back('\0');
    return;
  }
  out.push_back('\1');
  switch (type.id()) {
    case TypeId::kVoid:
      return;
    case TypeId::kBoolean:
      out.push_back(value.getBoolean() ? '\1' : '\0');
      return;
    case TypeId::kFloat:
      appendBytes(out, normalizedFloating(value.getFloat()));
      return;
    case TypeId::kDouble:
      appendBytes(out, normalizedFloating(value.getDouble()));
      return;
    case TypeId::kDecimal:
      appendBytes(out, value.getDecimalUnscaled());
      return;
    case TypeId::kString:
    case TypeId::kBinary:
      appendBytes(out, static_cast<uint32_t>(value.getString().size()));
      out.append(value.getString());
      return;
    case TypeId::kStruct:
      for (size_t field = 0; field < type.fields().size(); ++field)
        encodeValue(value.children()[field], type.fields()[field].type, out);
      return;
    case TypeId::kArray:
      appendBytes(out, static_cast<uint32_t>(value.children().size()));
      for (const Value& element : value.children())
        encodeValue(element, type.elementType(), out);
      return;
    case TypeId::kMap:
      SLUICE_UNREACHABLE("MAP keys are not grouped by encoding");
    default:
      // The integral, date, timestamp and interval types.
      appendBytes(out, value.getInt64());
      return;
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
  ScalarKernel kernel = [type](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    const Vector& values = *args[0];
    StringView* out = result.mutableData<StringView>();
    std::string bytes;
    forEachRow(rows, [&](idx_t row) {
      bytes.clear();
      // A NULL key is an encoding too, so that the aggregate sees one NULL-free key column.
      encodeValue(values.getValue(row), type, bytes);
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
