// src/storage/parquet/encoding/rle_bit_packed.cpp
//
// The RLE / bit-packed hybrid decoder and encoder.
#include "storage/parquet/encoding/rle_bit_packed.hpp"

#include <algorithm>

#include "common/check.hpp"
#include "storage/parquet/encoding/bit_packing.hpp"

namespace sluice::parquet {

RleBitPackedDecoder::RleBitPackedDecoder(const uint8_t* data, size_t size, int bit_width)
    : cursor_(data, size), bit_width_(bit_width) {
  if (bit_width < 0 || bit_width > 32) {
    throwFormatError("RLE bit width {} is outside 0..32", bit_width);
  }
}

bool RleBitPackedDecoder::nextRun() {
  if (cursor_.remaining() == 0)
    return false;
  uint64_t header = cursor_.readUleb("RLE run header");
  if (header & 1) {
    uint64_t groups = header >> 1;
    if (groups == 0)
      throwFormatError("RLE bit-packed run of zero groups");
    uint64_t values = groups * 8;
    uint64_t bytes = groups * static_cast<uint64_t>(bit_width_);
    // Some writers end a page inside the last packed run; decode what is there.
    if (bytes > cursor_.remaining()) {
      bytes = cursor_.remaining();
      values = bit_width_ == 0 ? values : bytes * 8 / bit_width_;
      if (values == 0)
        return false;
    }
    packed_data_ = cursor_.take(bytes, "RLE bit-packed run");
    packed_size_ = bytes;
    packed_index_ = 0;
    packed_remaining_ = values;
  } else {
    uint64_t count = header >> 1;
    if (count == 0)
      throwFormatError("RLE run of zero values");
    int value_bytes = (bit_width_ + 7) / 8;
    uint64_t value = 0;
    const uint8_t* bytes = cursor_.take(value_bytes, "RLE run value");
    for (int index = 0; index < value_bytes; ++index) {
      value |= static_cast<uint64_t>(bytes[index]) << (8 * index);
    }
    if (bit_width_ < 32 && (value >> bit_width_) != 0) {
      throwFormatError("RLE run value {} does not fit in {} bits", value, bit_width_);
    }
    repeat_value_ = value;
    repeat_remaining_ = count;
  }
  return true;
}

bool RleBitPackedDecoder::skipRepeated(uint64_t value, size_t count) {
  if (repeat_remaining_ == 0 && packed_remaining_ == 0 && !nextRun())
    return false;
  if (repeat_remaining_ < count || repeat_value_ != value)
    return false;
  repeat_remaining_ -= count;
  return true;
}

template <typename T>
void RleBitPackedDecoder::unpack(T* out, size_t count) {
  size_t width = static_cast<size_t>(bit_width_);
  auto one_by_one = [&](size_t values) {
    for (size_t index = 0; index < values; ++index) {
      out[index] = static_cast<T>(
          readPackedValue(packed_data_, packed_size_, packed_index_ * width, bit_width_));
      ++packed_index_;
    }
    out += values;
    count -= values;
  };
  // A call that starts inside a group of eight finishes that group value by value.
  one_by_one(std::min<size_t>(count, (8 - packed_index_ % 8) % 8));
  size_t groups = count / 8;
  if (groups > 0) {
    // The fast loads may read up to 8 bytes past a group, into the next runs' bytes, which
    // are still the decoder's data; only groups near the end of it take the slow path.
    const uint8_t* group = packed_data_ + packed_index_ / 8 * width;
    size_t room = static_cast<size_t>(cursor_.data() + cursor_.size() - group);
    size_t fast = groups;
    if (width > 0)
      fast = room < width + 8 ? 0 : std::min(groups, (room - 8) / width);
    unpackGroups(group, bit_width_, fast, out);
    packed_index_ += fast * 8;
    out += fast * 8;
    count -= fast * 8;
  }
  one_by_one(count);
}

template <typename T>
size_t RleBitPackedDecoder::decode(T* out, size_t count) {
  size_t produced = 0;
  while (produced < count) {
    if (repeat_remaining_ > 0) {
      size_t take = static_cast<size_t>(std::min<uint64_t>(repeat_remaining_, count - produced));
      std::fill(out + produced, out + produced + take, static_cast<T>(repeat_value_));
      repeat_remaining_ -= take;
      produced += take;
    } else if (packed_remaining_ > 0) {
      size_t take = static_cast<size_t>(std::min<uint64_t>(packed_remaining_, count - produced));
      unpack(out + produced, take);
      packed_remaining_ -= take;
      produced += take;
    } else if (!nextRun()) {
      break;
    }
  }
  return produced;
}

template size_t RleBitPackedDecoder::decode<uint8_t>(uint8_t*, size_t);
template size_t RleBitPackedDecoder::decode<uint16_t>(uint16_t*, size_t);
template size_t RleBitPackedDecoder::decode<uint32_t>(uint32_t*, size_t);

void RleBitPackedEncoder::writeRun(uint64_t value, uint64_t count) {
  uint64_t header = count << 1;
  while (header >= 0x80) {
    out_.push_back(static_cast<uint8_t>(header | 0x80));
    header >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(header));
  int value_bytes = (bit_width_ + 7) / 8;
  for (int index = 0; index < value_bytes; ++index) {
    out_.push_back(static_cast<uint8_t>(value >> (8 * index)));
  }
}

void RleBitPackedEncoder::flushLiterals(bool final) {
  if (literals_.empty())
    return;
  SLUICE_CHECK(final || literals_.size() % 8 == 0);
  while (literals_.size() % 8 != 0)
    literals_.push_back(0);
  uint64_t header = ((literals_.size() / 8) << 1) | 1;
  while (header >= 0x80) {
    out_.push_back(static_cast<uint8_t>(header | 0x80));
    header >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(header));
  {
    BitPacker packer(out_, bit_width_);
    for (uint64_t value : literals_)
      packer.add(value);
  }
  literals_.clear();
}

template <typename T>
void RleBitPackedEncoder::encode(const T* values, size_t count) {
  size_t index = 0;
  while (index < count) {
    if (literals_.size() % 8 == 0) {
      size_t end = index + 1;
      while (end < count && values[end] == values[index])
        ++end;
      if (end - index >= 8) {
        flushLiterals(false);
        writeRun(values[index], end - index);
        index = end;
        continue;
      }
      // Bound a literal run so its header stays small and the buffer bounded.
      if (literals_.size() >= 512)
        flushLiterals(false);
    }
    literals_.push_back(values[index]);
    ++index;
  }
}

template void RleBitPackedEncoder::encode<uint16_t>(const uint16_t*, size_t);
template void RleBitPackedEncoder::encode<uint32_t>(const uint32_t*, size_t);
template void RleBitPackedEncoder::encode<uint8_t>(const uint8_t*, size_t);

void RleBitPackedEncoder::finish() {
  flushLiterals(true);
}

void encodeLevelsWithLength(const uint16_t* values, size_t count, int bit_width,
                            std::vector<uint8_t>& out) {
  size_t length_at = out.size();
  out.resize(out.size() + 4);
  RleBitPackedEncoder encoder(out, bit_width);
  encoder.encode(values, count);
  encoder.finish();
  uint32_t length = static_cast<uint32_t>(out.size() - length_at - 4);
  std::memcpy(out.data() + length_at, &length, 4);
}

}  // namespace sluice::parquet
