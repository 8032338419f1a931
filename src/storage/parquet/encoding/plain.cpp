// src/storage/parquet/encoding/plain.cpp
//
// The PLAIN decoder and the boolean part of the PLAIN encoder.
#include "storage/parquet/encoding/plain.hpp"

#include <cstring>

namespace sluice::parquet {

void PlainDecoder::decodeFixed(size_t count, size_t width, uint8_t* out) {
  if (count == 0)
    return;
  if (count > cursor_.remaining() / width) {
    throwFormatError("PLAIN data holds {} values of {} bytes, {} were expected",
                     cursor_.remaining() / width, width, count);
  }
  std::memcpy(out, cursor_.take(count * width, "PLAIN values"), count * width);
}

void PlainDecoder::decodeBooleans(size_t count, uint8_t* out) {
  size_t total_bits = bit_offset_ + count;
  size_t bytes_needed = (total_bits + 7) / 8;
  if (bytes_needed > cursor_.remaining()) {
    throwFormatError("PLAIN data holds fewer than the {} booleans expected", count);
  }
  const uint8_t* data = cursor_.current();
  for (size_t index = 0; index < count; ++index) {
    size_t bit = bit_offset_ + index;
    out[index] = (data[bit >> 3] >> (bit & 7)) & 1;
  }
  // Whole bytes used up are consumed; a partly used byte stays current.
  cursor_.take(total_bits / 8, "PLAIN booleans");
  bit_offset_ = total_bits % 8;
}

void PlainDecoder::decodeByteArrays(size_t count, std::string_view* out) {
  for (size_t index = 0; index < count; ++index) {
    uint32_t length = cursor_.readLittleEndian<uint32_t>("PLAIN byte array length");
    const uint8_t* bytes = cursor_.take(length, "PLAIN byte array");
    out[index] = std::string_view(reinterpret_cast<const char*>(bytes), length);
  }
}

void PlainDecoder::decodeFixedLengthByteArrays(size_t count, size_t length, std::string_view* out) {
  if (length > 0 && count > cursor_.remaining() / length) {
    throwFormatError("PLAIN data holds fewer than the {} fixed-length values expected", count);
  }
  for (size_t index = 0; index < count; ++index) {
    const uint8_t* bytes = cursor_.take(length, "PLAIN fixed-length byte array");
    out[index] = std::string_view(reinterpret_cast<const char*>(bytes), length);
  }
}

void PlainEncoder::encodeBooleans(const uint8_t* values, size_t count) {
  size_t start = out_.size();
  out_.resize(start + (count + 7) / 8, 0);
  uint8_t* bytes = out_.data() + start;
  for (size_t index = 0; index < count; ++index) {
    bytes[index >> 3] |= static_cast<uint8_t>((values[index] & 1) << (index & 7));
  }
}

}  // namespace sluice::parquet
