// src/storage/parquet/encoding/delta_binary_packed.hpp
//
// DELTA_BINARY_PACKED: a header (block size, miniblocks per block, value count, first
// value), then blocks of a min delta and bit-packed miniblocks of delta - min delta.
// Arithmetic wraps (two's complement), so INT32 and INT64 columns decode alike. The decoder
// streams one miniblock at a time; the encoder exists for tests and for DELTA_*_BYTE_ARRAY.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "storage/parquet/encoding/byte_cursor.hpp"

namespace sluice::parquet {

class DeltaBinaryPackedDecoder {
 public:
  //! The largest miniblock accepted (bounds the decoder's buffer).
  static constexpr uint64_t kMaxValuesPerMiniblock = 1 << 16;

  DeltaBinaryPackedDecoder() = default;
  DeltaBinaryPackedDecoder(const uint8_t* data, size_t size);

  //! Values the header announces (not yet decoded ones included).
  uint64_t totalCount() const { return total_count_; }
  uint64_t remainingCount() const { return remaining_; }

  //! Decodes the next `count` values (truncated to T) or throws.
  template <typename T>
  void decode(T* out, size_t count);

  //! Consumes the rest of the values without unpacking them and returns the offset just past
  //! the encoded data (where DELTA_LENGTH_BYTE_ARRAY data starts).
  size_t skipToEnd();

 private:
  void readBlockHeader();
  void loadMiniblock();

  ByteCursor cursor_;
  uint64_t block_size_ = 0;
  uint64_t miniblocks_per_block_ = 0;
  uint64_t values_per_miniblock_ = 0;
  uint64_t total_count_ = 0;
  uint64_t remaining_ = 0;  // values not yet returned
  bool first_pending_ = false;
  uint64_t last_value_ = 0;
  uint64_t min_delta_ = 0;
  std::vector<uint8_t> bit_widths_;
  uint64_t miniblock_index_ = 0;  // within the current block; == miniblocks: need a block
  std::vector<uint64_t> buffer_;  // current miniblock's values
  size_t buffer_position_ = 0;
  size_t buffer_size_ = 0;
};

//! Encodes INT32 / INT64 values (as int64) with block size 128 and 4 miniblocks.
void encodeDeltaBinaryPacked(const int64_t* values, size_t count, std::vector<uint8_t>& out);

}  // namespace sluice::parquet
