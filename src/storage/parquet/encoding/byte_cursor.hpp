// src/storage/parquet/encoding/byte_cursor.hpp
//
// A bounds-checked reader over untrusted encoded bytes: little-endian integers, ULEB128 and
// zigzag varints, and raw spans. Running past the end throws FAILED_READ_FILE.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

class ByteCursor {
 public:
  ByteCursor() = default;
  ByteCursor(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  size_t position() const { return position_; }
  size_t remaining() const { return size_ - position_; }
  const uint8_t* current() const { return data_ + position_; }

  //! Consumes `count` bytes and returns where they start.
  const uint8_t* take(size_t count, const char* what) {
    if (count > remaining()) {
      throwFormatError("{} needs {} bytes but only {} remain", what, count, remaining());
    }
    const uint8_t* start = data_ + position_;
    position_ += count;
    return start;
  }

  template <typename T>
  T readLittleEndian(const char* what) {
    T value;
    std::memcpy(&value, take(sizeof(T), what), sizeof(T));
    return value;
  }

  uint8_t readByte(const char* what) { return *take(1, what); }

  uint64_t readUleb(const char* what) {
    uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t byte = readByte(what);
      result |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0)
        return result;
    }
    throwFormatError("{}: varint longer than 10 bytes", what);
  }

  int64_t readZigzag(const char* what) {
    uint64_t value = readUleb(what);
    return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
  }

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t position_ = 0;
};

}  // namespace sluice::parquet
