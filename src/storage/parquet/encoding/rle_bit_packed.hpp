// src/storage/parquet/encoding/rle_bit_packed.hpp
//
// The RLE / bit-packed hybrid encoding (Encoding RLE): runs of one repeated value, or groups
// of eight bit-packed values. Parquet uses it for definition and repetition levels,
// dictionary indices, and (rarely) booleans. The decoder streams, so a page claiming
// billions of values costs time, not memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "storage/parquet/encoding/byte_cursor.hpp"

namespace sluice::parquet {

class RleBitPackedDecoder {
 public:
  RleBitPackedDecoder() = default;
  //! Decodes `size` bytes of runs of `bit_width`-bit values (0 <= bit_width <= 32).
  RleBitPackedDecoder(const uint8_t* data, size_t size, int bit_width);

  //! Every value decoded is below 2^bitWidth() (RLE run values are checked against it).
  int bitWidth() const { return bit_width_; }

  //! Decodes up to `count` values into `out`; returns how many there were (fewer only at the
  //! end of the data).
  template <typename T>
  size_t decode(T* out, size_t count);

  //! Skips the next `count` values if they all lie in one RLE run of `value`; false (and
  //! nothing skipped) otherwise. Lets a caller pass over levels it knows without decoding.
  bool skipRepeated(uint64_t value, size_t count);

  //! Decodes exactly `count` values or throws, naming `what`.
  template <typename T>
  void decodeExactly(T* out, size_t count, const char* what) {
    if (decode(out, count) != count) {
      throwFormatError("{}: RLE data ends before {} values", what, count);
    }
  }

 private:
  bool nextRun();
  //! Unpacks `count` <= packed_remaining_ values of the current bit-packed run.
  template <typename T>
  void unpack(T* out, size_t count);

  ByteCursor cursor_;
  int bit_width_ = 0;
  uint64_t repeat_remaining_ = 0;  // values left in the current RLE run
  uint64_t repeat_value_ = 0;
  uint64_t packed_remaining_ = 0;  // values left in the current bit-packed run
  const uint8_t* packed_data_ = nullptr;
  size_t packed_size_ = 0;
  size_t packed_index_ = 0;  // values of the run already decoded
};

//! Encodes values with the RLE / bit-packed hybrid; runs of eight or more equal values
//! become RLE runs, everything else bit-packed groups of eight.
class RleBitPackedEncoder {
 public:
  RleBitPackedEncoder(std::vector<uint8_t>& out, int bit_width)
      : out_(out), bit_width_(bit_width) {}

  template <typename T>
  void encode(const T* values, size_t count);
  //! Writes the pending literals (zero padded to a group of eight).
  void finish();

 private:
  void flushLiterals(bool final);
  void writeRun(uint64_t value, uint64_t count);

  std::vector<uint8_t>& out_;
  int bit_width_;
  std::vector<uint64_t> literals_;
};

//! Encodes `values` with a 4-byte little-endian length prefix, as data page v1 levels are.
void encodeLevelsWithLength(const uint16_t* values, size_t count, int bit_width,
                            std::vector<uint8_t>& out);

}  // namespace sluice::parquet
