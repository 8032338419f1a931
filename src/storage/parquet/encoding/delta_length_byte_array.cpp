// src/storage/parquet/encoding/delta_length_byte_array.cpp
//
// The DELTA_LENGTH_BYTE_ARRAY decoder and encoder.
#include "storage/parquet/encoding/delta_length_byte_array.hpp"

namespace sluice::parquet {

DeltaLengthByteArrayDecoder::DeltaLengthByteArrayDecoder(const uint8_t* data, size_t size)
    : lengths_(data, size), data_(data), size_(size) {
  // The value bytes start where the lengths end; find that without unpacking them.
  DeltaBinaryPackedDecoder scan(data, size);
  data_position_ = scan.skipToEnd();
}

void DeltaLengthByteArrayDecoder::decode(size_t count, std::string_view* out) {
  if (length_buffer_.size() < count)
    length_buffer_.resize(count);
  lengths_.decode(length_buffer_.data(), count);
  for (size_t index = 0; index < count; ++index) {
    int64_t length = length_buffer_[index];
    if (length < 0 || static_cast<uint64_t>(length) > size_ - data_position_) {
      throwFormatError(
          "DELTA_LENGTH_BYTE_ARRAY value of length {} runs past the page ({} bytes "
          "left)",
          length, size_ - data_position_);
    }
    out[index] = std::string_view(reinterpret_cast<const char*>(data_ + data_position_),
                                  static_cast<size_t>(length));
    data_position_ += static_cast<size_t>(length);
  }
}

void encodeDeltaLengthByteArray(const std::string_view* values, size_t count,
                                std::vector<uint8_t>& out) {
  std::vector<int64_t> lengths(count);
  for (size_t index = 0; index < count; ++index) {
    lengths[index] = static_cast<int64_t>(values[index].size());
  }
  encodeDeltaBinaryPacked(lengths.data(), count, out);
  for (size_t index = 0; index < count; ++index) {
    out.insert(out.end(), values[index].begin(), values[index].end());
  }
}

}  // namespace sluice::parquet
