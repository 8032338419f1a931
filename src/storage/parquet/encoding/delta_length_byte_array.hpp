// src/storage/parquet/encoding/delta_length_byte_array.hpp
//
// DELTA_LENGTH_BYTE_ARRAY: the lengths of all values DELTA_BINARY_PACKED, then the bytes of
// all values back to back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "storage/parquet/encoding/delta_binary_packed.hpp"

namespace sluice::parquet {

class DeltaLengthByteArrayDecoder {
 public:
  DeltaLengthByteArrayDecoder() = default;
  DeltaLengthByteArrayDecoder(const uint8_t* data, size_t size);

  //! Views the next `count` values; the views point into the page.
  void decode(size_t count, std::string_view* out);

  //! Offset just past the last value's bytes once every value was decoded.
  size_t position() const { return data_position_; }

 private:
  DeltaBinaryPackedDecoder lengths_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t data_position_ = 0;
  std::vector<int64_t> length_buffer_;
};

void encodeDeltaLengthByteArray(const std::string_view* values, size_t count,
                                std::vector<uint8_t>& out);

}  // namespace sluice::parquet
