// src/storage/parquet/encoding/bit_packing.hpp
//
// Bit packing as Parquet uses it (RLE/bit-packed hybrid, delta miniblocks): values of a fixed
// bit width laid out least significant bit first, value after value.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace sluice::parquet {

//! The bits needed for values up to `max_value` (0 for 0).
inline int bitWidth(uint64_t max_value) {
  return max_value == 0 ? 0 : 64 - __builtin_clzll(max_value);
}

//! Reads the `width`-bit value (width <= 64) at `bit_offset` of `data`; the caller checked
//! that the value's bits lie within `size` bytes.
inline uint64_t readPackedValue(const uint8_t* data, size_t size, size_t bit_offset, int width) {
  if (width == 0)
    return 0;
  size_t byte_offset = bit_offset >> 3;
  int shift = static_cast<int>(bit_offset & 7);
  uint64_t word = 0;
  size_t available = size - byte_offset;
  std::memcpy(&word, data + byte_offset, available < 8 ? available : 8);
  uint64_t value = word >> shift;
  int have = 64 - shift;
  if (width > have) {
    // The value spills into a ninth byte.
    uint64_t high = byte_offset + 8 < size ? data[byte_offset + 8] : 0;
    value |= high << have;
  }
  return width == 64 ? value : value & ((uint64_t{1} << width) - 1);
}

//! Unpacks `count` values of `width` bits starting at bit 0 of `data` (which holds at least
//! ceil(count * width / 8) bytes).
template <typename T>
void unpackValues(const uint8_t* data, size_t size, int width, size_t count, T* out) {
  for (size_t index = 0; index < count; ++index) {
    out[index] = static_cast<T>(readPackedValue(data, size, index * width, width));
  }
}

namespace detail {

template <int Width, typename T, size_t... Index>
inline void unpackGroup(const uint8_t* data, T* out, std::index_sequence<Index...>) {
  constexpr uint64_t kMask = Width == 64 ? ~uint64_t{0} : (uint64_t{1} << Width) - 1;
  auto value = [data](size_t bit) {
    uint64_t word;
    std::memcpy(&word, data + (bit >> 3), 8);
    return static_cast<T>((word >> (bit & 7)) & kMask);
  };
  ((out[Index] = value(Index * Width)), ...);
}

template <int Width, typename T>
void unpackGroupsOf(const uint8_t* data, size_t groups, T* out) {
  for (size_t group = 0; group < groups; ++group) {
    if constexpr (Width == 0) {
      for (int index = 0; index < 8; ++index)
        out[index] = 0;
    } else {
      unpackGroup<Width, T>(data, out, std::make_index_sequence<8>());
    }
    data += Width;
    out += 8;
  }
}

template <typename T>
using GroupUnpacker = void (*)(const uint8_t*, size_t, T*);

template <typename T, int... Width>
constexpr std::array<GroupUnpacker<T>, sizeof...(Width)> groupUnpackers(
    std::integer_sequence<int, Width...>) {
  return {&unpackGroupsOf<Width, T>...};
}

}  // namespace detail

//! Unpacks `groups` groups of eight `width`-bit values (width <= 32) from `data`, a group
//! per `width` bytes. The width is a compile-time constant inside, so each value is one
//! unaligned 64-bit load, a shift and a mask. Loads reach up to 8 bytes past the last
//! group's start: the caller guarantees `groups * width + 8` readable bytes at `data`.
template <typename T>
void unpackGroups(const uint8_t* data, int width, size_t groups, T* out) {
  static constexpr auto kUnpackers =
      detail::groupUnpackers<T>(std::make_integer_sequence<int, 33>());
  kUnpackers[width](data, groups, out);
}

//! Appends values of a fixed width to a byte vector, least significant bit first.
class BitPacker {
 public:
  BitPacker(std::vector<uint8_t>& out, int width) : out_(out), width_(width) {}
  ~BitPacker() { flush(); }

  void add(uint64_t value) {
    if (width_ == 0)
      return;
    // Up to 64 bits of the value go in; split so the accumulator never overflows.
    int bits = width_;
    while (bits > 0) {
      int space = 64 - filled_;
      int take = bits < space ? bits : space;
      uint64_t part = take == 64 ? value : value & ((uint64_t{1} << take) - 1);
      buffer_ |= part << filled_;
      filled_ += take;
      bits -= take;
      value = take == 64 ? 0 : value >> take;
      if (filled_ == 64) {
        uint8_t bytes[8];
        std::memcpy(bytes, &buffer_, 8);
        out_.insert(out_.end(), bytes, bytes + 8);
        buffer_ = 0;
        filled_ = 0;
      }
    }
  }

  //! Writes the partial last byte(s), zero padded.
  void flush() {
    while (filled_ > 0) {
      out_.push_back(static_cast<uint8_t>(buffer_));
      buffer_ >>= 8;
      filled_ = filled_ > 8 ? filled_ - 8 : 0;
    }
  }

 private:
  std::vector<uint8_t>& out_;
  int width_;
  uint64_t buffer_ = 0;
  int filled_ = 0;
};

}  // namespace sluice::parquet
