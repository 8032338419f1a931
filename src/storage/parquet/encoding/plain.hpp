// src/storage/parquet/encoding/plain.hpp
//
// The PLAIN encoding: fixed-width values little endian back to back, booleans bit-packed,
// BYTE_ARRAY values each behind a 4-byte length, FIXED_LEN_BYTE_ARRAY values bare. Used for
// data pages and dictionary pages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "storage/parquet/encoding/byte_cursor.hpp"

namespace sluice::parquet {

class PlainDecoder {
 public:
  PlainDecoder() = default;
  PlainDecoder(const uint8_t* data, size_t size) : cursor_(data, size) {}

  //! Copies `count` values of `width` bytes (INT32, INT64, INT96, FLOAT, DOUBLE).
  void decodeFixed(size_t count, size_t width, uint8_t* out);
  //! Unpacks `count` booleans as 0 / 1 bytes.
  void decodeBooleans(size_t count, uint8_t* out);
  //! Views `count` BYTE_ARRAY values; the views point into the page.
  void decodeByteArrays(size_t count, std::string_view* out);
  //! Views `count` FIXED_LEN_BYTE_ARRAY values of `length` bytes.
  void decodeFixedLengthByteArrays(size_t count, size_t length, std::string_view* out);

  size_t remaining() const { return cursor_.remaining(); }

 private:
  ByteCursor cursor_;
  size_t bit_offset_ = 0;  // booleans: bits of the current byte already used
};

//! Appends PLAIN-encoded values to a byte vector.
class PlainEncoder {
 public:
  explicit PlainEncoder(std::vector<uint8_t>& out) : out_(out) {}

  void encodeFixed(const void* values, size_t count, size_t width) {
    const auto* bytes = static_cast<const uint8_t*>(values);
    out_.insert(out_.end(), bytes, bytes + count * width);
  }
  void encodeByteArray(std::string_view value) {
    uint32_t length = static_cast<uint32_t>(value.size());
    const auto* length_bytes = reinterpret_cast<const uint8_t*>(&length);
    out_.insert(out_.end(), length_bytes, length_bytes + 4);
    out_.insert(out_.end(), value.begin(), value.end());
  }
  void encodeFixedLengthByteArray(std::string_view value) {
    out_.insert(out_.end(), value.begin(), value.end());
  }
  //! Booleans bit-packed, LSB first; call once per page.
  void encodeBooleans(const uint8_t* values, size_t count);

 private:
  std::vector<uint8_t>& out_;
};

}  // namespace sluice::parquet
