// src/storage/parquet/encoding/byte_stream_split.cpp
//
// The BYTE_STREAM_SPLIT decoder and encoder.
#include "storage/parquet/encoding/byte_stream_split.hpp"

#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

ByteStreamSplitDecoder::ByteStreamSplitDecoder(const uint8_t* data, size_t size, size_t width)
    : data_(data), width_(width) {
  if (width == 0 || size % width != 0) {
    throwFormatError("BYTE_STREAM_SPLIT data of {} bytes is not a whole number of {}-byte values",
                     size, width);
  }
  value_count_ = size / width;
}

void ByteStreamSplitDecoder::decode(size_t count, uint8_t* out) {
  if (count > value_count_ - position_) {
    throwFormatError("BYTE_STREAM_SPLIT data holds {} more values, {} were expected",
                     value_count_ - position_, count);
  }
  for (size_t stream = 0; stream < width_; ++stream) {
    const uint8_t* source = data_ + stream * value_count_ + position_;
    for (size_t index = 0; index < count; ++index)
      out[index * width_ + stream] = source[index];
  }
  position_ += count;
}

void ByteStreamSplitDecoder::decodeFixedLengthByteArrays(size_t count, std::string_view* out) {
  arena_.resize(count * width_);
  decode(count, arena_.data());
  for (size_t index = 0; index < count; ++index) {
    out[index] =
        std::string_view(reinterpret_cast<const char*>(arena_.data() + index * width_), width_);
  }
}

void encodeByteStreamSplit(const uint8_t* values, size_t count, size_t width,
                           std::vector<uint8_t>& out) {
  size_t start = out.size();
  out.resize(start + count * width);
  for (size_t index = 0; index < count; ++index) {
    for (size_t stream = 0; stream < width; ++stream) {
      out[start + stream * count + index] = values[index * width + stream];
    }
  }
}

}  // namespace sluice::parquet
