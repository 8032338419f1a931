// src/storage/parquet/encoding/byte_stream_split.hpp
//
// BYTE_STREAM_SPLIT: for values of K bytes, K streams holding byte k of every value, one
// after the other. The page's size gives the value count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sluice::parquet {

class ByteStreamSplitDecoder {
 public:
  ByteStreamSplitDecoder() = default;
  //! `width` is the value size in bytes; `size` must be a multiple of it.
  ByteStreamSplitDecoder(const uint8_t* data, size_t size, size_t width);

  //! Reassembles the next `count` values into `out` (`count` * width bytes).
  void decode(size_t count, uint8_t* out);
  //! Reassembles fixed-length byte arrays; views stay valid until the next call.
  void decodeFixedLengthByteArrays(size_t count, std::string_view* out);

 private:
  const uint8_t* data_ = nullptr;
  size_t width_ = 0;
  size_t value_count_ = 0;
  size_t position_ = 0;
  std::vector<uint8_t> arena_;
};

void encodeByteStreamSplit(const uint8_t* values, size_t count, size_t width,
                           std::vector<uint8_t>& out);

}  // namespace sluice::parquet
