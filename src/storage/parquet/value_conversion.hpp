// src/storage/parquet/value_conversion.hpp
//
// Turns physical Parquet values into the in-memory representation of their Spark type
// (see ValueConversion): narrowing and widening integers, timestamp units, INT96, decimals
// stored as big-endian bytes, UUIDs. Shared by the page decoder and the statistics decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/types/data_type.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

//! Bytes one decoded physical value takes (byte arrays decode to std::string_view).
size_t physicalWidth(PhysicalType type);

//! True when physical values are already the in-memory values (no conversion pass).
inline bool isIdentity(ValueConversion conversion) {
  return conversion == ValueConversion::kNone;
}

//! True for conversions whose input is byte arrays (std::string_view values).
bool convertsFromBytes(ValueConversion conversion);

//! Converts `count` fixed-width physical values at `in` into `out` (the target type's
//! width per value). Throws FAILED_READ_FILE for values the target cannot hold.
void convertFixedValues(ValueConversion conversion, const uint8_t* in, size_t count, uint8_t* out);

//! The unscaled value of a big-endian two's complement decimal; throws if it needs more than
//! 128 bits.
int128_t decimalFromBigEndian(std::string_view bytes);

//! Writes `value` as `length` big-endian two's complement bytes (the caller checked it fits).
void decimalToBigEndian(int128_t value, int length, uint8_t* out);

//! Microseconds since the epoch of an INT96 timestamp (nanoseconds of the day, then the
//! Julian day, little endian).
int64_t int96ToMicros(const uint8_t* bytes);

//! The 36-character canonical text of a 16-byte UUID.
void uuidToText(const uint8_t* bytes, char* out);

}  // namespace sluice::parquet
