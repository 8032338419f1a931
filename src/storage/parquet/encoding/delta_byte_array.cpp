// src/storage/parquet/encoding/delta_byte_array.cpp
//
// The DELTA_BYTE_ARRAY decoder and encoder.
#include "storage/parquet/encoding/delta_byte_array.hpp"

#include <algorithm>
#include <cstring>

namespace sluice::parquet {

DeltaByteArrayDecoder::DeltaByteArrayDecoder(const uint8_t* data, size_t size)
    : prefixes_(data, size) {
  DeltaBinaryPackedDecoder scan(data, size);
  size_t suffix_start = scan.skipToEnd();
  suffixes_ = DeltaLengthByteArrayDecoder(data + suffix_start, size - suffix_start);
}

void DeltaByteArrayDecoder::decode(size_t count, std::string_view* out) {
  if (prefix_buffer_.size() < count) {
    prefix_buffer_.resize(count);
    suffix_buffer_.resize(count);
  }
  prefixes_.decode(prefix_buffer_.data(), count);
  suffixes_.decode(count, suffix_buffer_.data());
  // First the sizes, so the arena is allocated once and views into it stay put.
  size_t total = 0;
  size_t previous_length = previous_.size();
  for (size_t index = 0; index < count; ++index) {
    int64_t prefix = prefix_buffer_[index];
    if (prefix < 0 || static_cast<uint64_t>(prefix) > previous_length) {
      throwFormatError("DELTA_BYTE_ARRAY prefix length {} exceeds the previous value's {} bytes",
                       prefix, previous_length);
    }
    previous_length = static_cast<size_t>(prefix) + suffix_buffer_[index].size();
    total += previous_length;
  }
  arena_.resize(total);
  char* cursor = arena_.data();
  std::string_view previous = previous_;
  for (size_t index = 0; index < count; ++index) {
    size_t prefix = static_cast<size_t>(prefix_buffer_[index]);
    std::string_view suffix = suffix_buffer_[index];
    if (prefix > 0)
      std::memcpy(cursor, previous.data(), prefix);
    if (!suffix.empty())
      std::memcpy(cursor + prefix, suffix.data(), suffix.size());
    out[index] = std::string_view(cursor, prefix + suffix.size());
    previous = out[index];
    cursor += out[index].size();
  }
  if (count > 0)
    previous_.assign(previous.data(), previous.size());
}

void encodeDeltaByteArray(const std::string_view* values, size_t count, std::vector<uint8_t>& out) {
  std::vector<int64_t> prefixes(count);
  std::vector<std::string_view> suffixes(count);
  std::string_view previous;
  for (size_t index = 0; index < count; ++index) {
    std::string_view value = values[index];
    size_t limit = std::min(previous.size(), value.size());
    size_t prefix = 0;
    while (prefix < limit && previous[prefix] == value[prefix])
      ++prefix;
    prefixes[index] = static_cast<int64_t>(prefix);
    suffixes[index] = value.substr(prefix);
    previous = value;
  }
  encodeDeltaBinaryPacked(prefixes.data(), count, out);
  encodeDeltaLengthByteArray(suffixes.data(), count, out);
}

}  // namespace sluice::parquet
