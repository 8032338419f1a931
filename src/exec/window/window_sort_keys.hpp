// src/exec/window/window_sort_keys.hpp
//
// The window operator's sort keys as one fixed-width binary key per row, so that a bucket is
// sorted once on plain words and its partitions and peer groups are found by comparing
// neighbours. The partition keys come first and then the order keys; each key is an optional
// NULL bit (only when the input holds a NULL for it) followed by its value as an unsigned offset
// from the smallest (or, DESC, largest) value in the input, in just as many bits as the input's
// range of values needs. The bits are packed most significant first into 64-bit words: comparing
// the words as unsigned integers orders rows as Spark does (NULLS FIRST / LAST, DESC, NaN above
// every number, -0.0 equal to 0.0), and rows are equal on every key exactly when their words are.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/vector/vector.hpp"
#include "exec/physical/sort_key.hpp"

namespace sluice {

//! Packed keys longer than this many words are compared in the input instead: sorting wider
//! entries costs more than it saves.
inline constexpr size_t kMaxPackedKeyWords = 4;

//! What one key needs of the input to be packed: the range of its values and whether it has
//! NULLs. Gathered per group of batches and merged.
struct PackedKeyStats {
  bool has_null = false;
  bool has_value = false;
  unsigned __int128 min = 0;  //!< of the order-preserving unsigned encoding
  unsigned __int128 max = 0;

  //! Widens these stats to cover `other`'s rows too.
  void merge(const PackedKeyStats& other);
};

class PackedKeyLayout {
 public:
  //! Whether every key type has fixed-width values that can be packed.
  static bool supports(const std::vector<SortKey>& keys, const std::vector<DataType>& types);

  //! Adds the rows of `batch` to `stats` (one entry per key).
  static void collect(const std::vector<SortKey>& keys, const Batch& batch,
                      std::vector<PackedKeyStats>& stats);

  //! The layout for `keys` (the first `partition_keys` of them the partition keys) given the
  //! input's `stats`.
  PackedKeyLayout(const std::vector<SortKey>& keys, const std::vector<DataType>& types,
                  const std::vector<PackedKeyStats>& stats, size_t partition_keys);

  //! Words per row (at least 1).
  size_t words() const { return (std::max<size_t>(total_bits_, 1) + 63) / 64; }
  //! The bits that hold the partition keys, from the top of the first word.
  size_t partitionBits() const { return partition_bits_; }

  //! ORs the key of each row r of `batch` into the words at base + positions[r] * stride
  //! (stride in words); those words must be zero before.
  void encode(const Batch& batch, const uint32_t* positions, uint64_t* base, size_t stride) const;

 private:
  struct Field {
    idx_t column = 0;
    TypeId type = TypeId::kVoid;
    bool descending = false;
    bool nulls_first = true;
    bool null_bit = false;
    bool wide = false;  //!< a DECIMAL of 128 bits
    unsigned __int128 min = 0;
    unsigned __int128 max = 0;
    uint32_t value_bits = 0;
    uint32_t offset = 0;  //!< bit position of the field's first bit
  };
  std::vector<Field> fields_;
  size_t total_bits_ = 0;
  size_t partition_bits_ = 0;
};

//! Whether the first `bits` bits of two packed keys are equal.
inline bool samePrefix(const uint64_t* a, const uint64_t* b, size_t bits) {
  size_t full = bits / 64;
  for (size_t w = 0; w < full; ++w) {
    if (a[w] != b[w])
      return false;
  }
  size_t rest = bits % 64;
  return rest == 0 || ((a[full] ^ b[full]) >> (64 - rest)) == 0;
}

}  // namespace sluice
