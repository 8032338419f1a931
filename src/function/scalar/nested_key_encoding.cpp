// src/function/scalar/nested_key_encoding.cpp
#include "function/scalar/nested_key_encoding.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "common/vector/vector.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

// Layout. A field or element is a marker byte, 0 for NULL or 1 followed by its payload.
// Payloads: integral, date, timestamp and interval values as 8 big-endian bytes with the sign
// bit flipped; DECIMAL as 16 such bytes (one type has one scale); FLOAT / DOUBLE as their bits
// with the sign bit flipped, or every bit flipped when negative, big-endian; BOOLEAN as one
// byte; strings as their bytes with 0x00 written 0x00 0xFF, ended by 0x00 0x00; a struct as its
// fields in order; an array as its elements each after a 0x01, ended by 0x00.
constexpr char kNull = '\0';
constexpr char kPresent = '\1';
constexpr char kArrayEnd = '\0';
constexpr char kArrayElement = '\1';

template <typename U>
void appendBigEndian(std::string& out, U bits) {
  for (int shift = static_cast<int>(sizeof(U) * 8) - 8; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>(static_cast<uint8_t>(bits >> shift)));
}

template <typename U>
U readBigEndian(std::string_view in, size_t& offset) {
  SLUICE_CHECK(offset + sizeof(U) <= in.size());
  U bits = 0;
  for (size_t i = 0; i < sizeof(U); ++i)
    bits = static_cast<U>((bits << 8) | static_cast<uint8_t>(in[offset + i]));
  offset += sizeof(U);
  return bits;
}

constexpr uint64_t kSign64 = uint64_t{1} << 63;
constexpr unsigned __int128 kSign128 = static_cast<unsigned __int128>(1) << 127;

void appendInt64(std::string& out, int64_t value) {
  appendBigEndian(out, static_cast<uint64_t>(value) ^ kSign64);
}

int64_t readInt64(std::string_view in, size_t& offset) {
  return static_cast<int64_t>(readBigEndian<uint64_t>(in, offset) ^ kSign64);
}

//! -0.0 as 0.0 and every NaN as one NaN (above +Infinity once encoded), as Spark compares and
//! groups floating-point values.
template <typename F, typename U>
void appendFloating(std::string& out, F value) {
  if (std::isnan(value))
    value = std::numeric_limits<F>::quiet_NaN();
  else if (value == 0)
    value = 0;
  auto bits = std::bit_cast<U>(value);
  constexpr U sign = U{1} << (sizeof(U) * 8 - 1);
  appendBigEndian(out, (bits & sign) ? static_cast<U>(~bits) : static_cast<U>(bits | sign));
}

template <typename F, typename U>
F readFloating(std::string_view in, size_t& offset) {
  U bits = readBigEndian<U>(in, offset);
  constexpr U sign = U{1} << (sizeof(U) * 8 - 1);
  return std::bit_cast<F>((bits & sign) ? static_cast<U>(bits & ~sign) : static_cast<U>(~bits));
}

void appendEscapedBytes(std::string& out, std::string_view bytes) {
  for (char c : bytes) {
    out.push_back(c);
    if (c == '\0')
      out.push_back('\xFF');
  }
  out.append(2, '\0');
}

std::string readEscapedBytes(std::string_view in, size_t& offset) {
  std::string bytes;
  while (true) {
    SLUICE_CHECK(offset + 1 < in.size());
    char c = in[offset++];
    if (c != '\0') {
      bytes.push_back(c);
      continue;
    }
    if (in[offset++] == '\0')
      return bytes;
    bytes.push_back('\0');  // an escaped 0x00
  }
}

void encodePayload(const Vector& vector, idx_t row, std::string& out);

void encodeMarked(const Vector& vector, idx_t row, std::string& out) {
  if (vector.isNull(row)) {
    out.push_back(kNull);
    return;
  }
  out.push_back(kPresent);
  encodePayload(vector, row, out);
}

void encodePayload(const Vector& vector, idx_t row, std::string& out) {
  const DataType& type = vector.type();
  switch (type.id()) {
    case TypeId::kVoid:
      return;
    case TypeId::kBoolean:
      out.push_back(vector.at<uint8_t>(row) != 0 ? '\1' : '\0');
      return;
    case TypeId::kByte:
      appendInt64(out, vector.at<int8_t>(row));
      return;
    case TypeId::kShort:
      appendInt64(out, vector.at<int16_t>(row));
      return;
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      appendInt64(out, vector.at<int32_t>(row));
      return;
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      appendInt64(out, vector.at<int64_t>(row));
      return;
    case TypeId::kFloat:
      appendFloating<float, uint32_t>(out, vector.at<float>(row));
      return;
    case TypeId::kDouble:
      appendFloating<double, uint64_t>(out, vector.at<double>(row));
      return;
    case TypeId::kDecimal: {
      int128_t unscaled = type.isWideDecimal() ? vector.at<int128_t>(row)
                                               : static_cast<int128_t>(vector.at<int64_t>(row));
      appendBigEndian(out, static_cast<unsigned __int128>(unscaled) ^ kSign128);
      return;
    }
    case TypeId::kCalendarInterval:
      // Equal bits for equal intervals; the order the bytes give means nothing.
      appendBigEndian(out, static_cast<unsigned __int128>(vector.at<int128_t>(row)));
      return;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      appendEscapedBytes(out, std::string_view(vector.at<StringView>(row)));
      return;
    case TypeId::kStruct:
      for (const Vector& field : vector.children())
        encodeMarked(field, vector.slot(row), out);
      return;
    case TypeId::kArray: {
      const ListEntry& entry = vector.at<ListEntry>(row);
      for (uint32_t i = 0; i < entry.length; ++i) {
        out.push_back(kArrayElement);
        encodeMarked(vector.child(0), entry.offset + i, out);
      }
      out.push_back(kArrayEnd);
      return;
    }
    case TypeId::kMap:
      SLUICE_UNREACHABLE("MAP values have no key encoding");
  }
}

Value decodePayload(std::string_view in, size_t& offset, const DataType& type);

Value decodeMarked(std::string_view in, size_t& offset, const DataType& type) {
  SLUICE_CHECK(offset < in.size());
  if (in[offset++] == kNull)
    return Value::null(type);
  return decodePayload(in, offset, type);
}

Value decodePayload(std::string_view in, size_t& offset, const DataType& type) {
  switch (type.id()) {
    case TypeId::kVoid:
      return Value::null(type);
    case TypeId::kBoolean:
      SLUICE_CHECK(offset < in.size());
      return Value::boolean(in[offset++] != '\0');
    case TypeId::kFloat:
      return Value::floatValue(readFloating<float, uint32_t>(in, offset));
    case TypeId::kDouble:
      return Value::doubleValue(readFloating<double, uint64_t>(in, offset));
    case TypeId::kDecimal: {
      auto bits = readBigEndian<unsigned __int128>(in, offset) ^ kSign128;
      return Value::decimal(static_cast<int128_t>(bits), type.precision(), type.scale());
    }
    case TypeId::kCalendarInterval:
      return Value::calendarInterval(
          static_cast<int128_t>(readBigEndian<unsigned __int128>(in, offset)));
    case TypeId::kString:
      return Value::string(readEscapedBytes(in, offset));
    case TypeId::kBinary:
      return Value::binary(readEscapedBytes(in, offset));
    case TypeId::kVariant:
      return Value::variant(readEscapedBytes(in, offset));
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return Value::spatial(type, readEscapedBytes(in, offset));
    case TypeId::kStruct: {
      std::vector<Value> fields;
      for (const StructField& field : type.fields())
        fields.push_back(decodeMarked(in, offset, field.type));
      return Value::nested(type, std::move(fields));
    }
    case TypeId::kArray: {
      std::vector<Value> elements;
      while (true) {
        SLUICE_CHECK(offset < in.size());
        if (in[offset++] == kArrayEnd)
          break;
        elements.push_back(decodeMarked(in, offset, type.elementType()));
      }
      return Value::nested(type, std::move(elements));
    }
    case TypeId::kMap:
      SLUICE_UNREACHABLE("MAP values have no key encoding");
    default:
      // The integral, date, timestamp and interval types.
      return Value::fromInt64(type, readInt64(in, offset));
  }
}

}  // namespace

bool isEncodedKeyType(const DataType& type) {
  return (type.id() == TypeId::kStruct || type.id() == TypeId::kArray) && !containsMapType(type);
}

void encodeKeys(const Vector& values, const RowSet& rows, Vector& result) {
  StringView* out = result.mutableData<StringView>();
  std::string bytes;
  forEachRow(rows, [&](idx_t row) {
    if (values.isNull(row)) {
      result.setNull(row);
      return;
    }
    bytes.clear();
    encodePayload(values, row, bytes);
    result.setNull(row, false);
    out[row] = result.addString(bytes);
  });
}

Value decodeKey(std::string_view bytes, const DataType& type) {
  size_t offset = 0;
  return decodePayload(bytes, offset, type);
}

void requireByteOrderedStrings(const DataType& type) {
  if (containsCollatedString(type)) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "Grouping, ordering or aggregating values of type {} is not supported yet: the "
               "key encoding of STRUCT and ARRAY values orders their strings by bytes, not by "
               "a collation.",
               type.sql());
  }
}

BoundScalarFunction keyEncoder(const DataType& type) {
  requireByteOrderedStrings(type);
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) { encodeKeys(*args[0], rows, result); };
  return {"key_encoding", {type}, DataType::binary(), std::move(kernel)};
}

BoundScalarFunction keyDecoder(const DataType& type) {
  ScalarKernel kernel = [type](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    const Vector& encodings = *args[0];
    forEachRow(rows, [&](idx_t row) {
      if (encodings.isNull(row))
        result.setValue(row, Value::null(type));
      else
        result.setValue(row, decodeKey(std::string_view(encodings.at<StringView>(row)), type));
    });
  };
  return {"key_decoding", {DataType::binary()}, type, std::move(kernel)};
}

}  // namespace sluice
