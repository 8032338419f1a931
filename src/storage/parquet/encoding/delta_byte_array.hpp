// src/storage/parquet/encoding/delta_byte_array.hpp
//
// DELTA_BYTE_ARRAY (front coding): the length of the prefix each value shares with the
// previous one (DELTA_BINARY_PACKED), then the suffixes (DELTA_LENGTH_BYTE_ARRAY).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/parquet/encoding/delta_length_byte_array.hpp"

namespace sluice::parquet {

class DeltaByteArrayDecoder {
 public:
  DeltaByteArrayDecoder() = default;
  DeltaByteArrayDecoder(const uint8_t* data, size_t size);

  //! Rebuilds the next `count` values; the views stay valid until the next call.
  void decode(size_t count, std::string_view* out);

 private:
  DeltaBinaryPackedDecoder prefixes_;
  DeltaLengthByteArrayDecoder suffixes_;
  std::string previous_;
  std::vector<int64_t> prefix_buffer_;
  std::vector<std::string_view> suffix_buffer_;
  std::vector<char> arena_;
};

void encodeDeltaByteArray(const std::string_view* values, size_t count, std::vector<uint8_t>& out);

}  // namespace sluice::parquet
