// src/storage/parquet/value_conversion.cpp
//
// Physical-to-memory value conversions.
#include "storage/parquet/value_conversion.hpp"

#include <cstring>

#include "common/check.hpp"
#include "common/types/time_units.hpp"
#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

namespace {

template <typename In, typename Out, typename Convert>
void convertEach(const uint8_t* in, size_t count, uint8_t* out, size_t in_width,
                 Convert&& convert) {
  for (size_t index = 0; index < count; ++index) {
    In value;
    std::memcpy(&value, in + index * in_width, sizeof(In));
    Out result = convert(value);
    std::memcpy(out + index * sizeof(Out), &result, sizeof(Out));
  }
}

constexpr int64_t kJulianDayOfEpoch = 2440588;

}  // namespace

size_t physicalWidth(PhysicalType type) {
  switch (type) {
    case PhysicalType::kBoolean:
      return 1;
    case PhysicalType::kInt32:
    case PhysicalType::kFloat:
      return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble:
      return 8;
    case PhysicalType::kInt96:
      return 12;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      return sizeof(std::string_view);
  }
  SLUICE_UNREACHABLE("unknown physical type");
}

bool convertsFromBytes(ValueConversion conversion) {
  return conversion == ValueConversion::kBytesToDecimal64 ||
         conversion == ValueConversion::kBytesToDecimal128 ||
         conversion == ValueConversion::kUuidToString;
}

void convertFixedValues(ValueConversion conversion, const uint8_t* in, size_t count, uint8_t* out) {
  switch (conversion) {
    case ValueConversion::kInt32ToInt8:
      convertEach<int32_t, int8_t>(in, count, out, 4, [](int32_t v) { return int8_t(v); });
      return;
    case ValueConversion::kInt32ToInt16:
      convertEach<int32_t, int16_t>(in, count, out, 4, [](int32_t v) { return int16_t(v); });
      return;
    case ValueConversion::kUint8ToInt16:
      convertEach<uint32_t, int16_t>(in, count, out, 4,
                                     [](uint32_t v) { return int16_t(v & 0xFF); });
      return;
    case ValueConversion::kUint16ToInt32:
      convertEach<uint32_t, int32_t>(in, count, out, 4,
                                     [](uint32_t v) { return int32_t(v & 0xFFFF); });
      return;
    case ValueConversion::kInt32ToInt64:
      convertEach<int32_t, int64_t>(in, count, out, 4, [](int32_t v) { return int64_t(v); });
      return;
    case ValueConversion::kUint32ToInt64:
      convertEach<uint32_t, int64_t>(in, count, out, 4, [](uint32_t v) { return int64_t(v); });
      return;
    case ValueConversion::kUint64ToInt128:
      convertEach<uint64_t, int128_t>(in, count, out, 8, [](uint64_t v) { return int128_t(v); });
      return;
    case ValueConversion::kMillisToMicros:
      convertEach<int64_t, int64_t>(in, count, out, 8, [](int64_t v) {
        int64_t micros;
        if (__builtin_mul_overflow(v, int64_t{1000}, &micros)) {
          throwFormatError("TIMESTAMP(MILLIS) value {} is out of range", v);
        }
        return micros;
      });
      return;
    case ValueConversion::kNanosToMicros:
      convertEach<int64_t, int64_t>(in, count, out, 8, [](int64_t v) {
        int64_t micros = v / 1000;
        return (v % 1000 < 0) ? micros - 1 : micros;
      });
      return;
    case ValueConversion::kInt96ToMicros:
      for (size_t index = 0; index < count; ++index) {
        int64_t micros = int96ToMicros(in + index * 12);
        std::memcpy(out + index * 8, &micros, 8);
      }
      return;
    default:
      break;
  }
  SLUICE_UNREACHABLE("not a fixed-width conversion");
}

int128_t decimalFromBigEndian(std::string_view bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  if (size == 0)
    return 0;
  // Leading bytes beyond 16 may only repeat the sign.
  size_t skip = size > 16 ? size - 16 : 0;
  uint8_t sign_byte = (data[0] & 0x80) ? 0xFF : 0x00;
  for (size_t index = 0; index < skip; ++index) {
    if (data[index] != sign_byte)
      throwFormatError("decimal value of {} bytes overflows", size);
  }
  if (skip > 0 && ((data[skip] & 0x80) != (sign_byte & 0x80))) {
    throwFormatError("decimal value of {} bytes overflows", size);
  }
  unsigned __int128 value = (data[0] & 0x80) ? ~static_cast<unsigned __int128>(0) : 0;
  for (size_t index = skip; index < size; ++index)
    value = (value << 8) | data[index];
  return static_cast<int128_t>(value);
}

void decimalToBigEndian(int128_t value, int length, uint8_t* out) {
  auto bits = static_cast<unsigned __int128>(value);
  for (int index = length - 1; index >= 0; --index) {
    out[index] = static_cast<uint8_t>(bits);
    bits >>= 8;
  }
}

int64_t int96ToMicros(const uint8_t* bytes) {
  int64_t nanos;
  int32_t julian_day;
  std::memcpy(&nanos, bytes, 8);
  std::memcpy(&julian_day, bytes + 8, 4);
  int64_t micros = 0;
  if (__builtin_mul_overflow(int64_t{julian_day} - kJulianDayOfEpoch, kMicrosPerDay, &micros) ||
      __builtin_add_overflow(micros, nanos / 1000, &micros)) {
    throwFormatError("INT96 timestamp (day {}, nanosecond {}) is out of range", julian_day, nanos);
  }
  return micros;
}

void uuidToText(const uint8_t* bytes, char* out) {
  static const char kHex[] = "0123456789abcdef";
  size_t position = 0;
  for (int index = 0; index < 16; ++index) {
    if (index == 4 || index == 6 || index == 8 || index == 10)
      out[position++] = '-';
    out[position++] = kHex[bytes[index] >> 4];
    out[position++] = kHex[bytes[index] & 15];
  }
}

}  // namespace sluice::parquet
