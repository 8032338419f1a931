// src/function/bitmap_layout.hpp
//
// Spark's bitmaps (BitmapExpressionUtils): a BINARY of 4096 bytes holding 32768 bits, bit k
// being bit k % 8 of byte k / 8. bitmap_bucket_number and bitmap_bit_position map a BIGINT to
// its bitmap and its bit there; bitmap_construct_agg builds a bitmap from bit positions, and
// bitmap_or_agg / bitmap_and_agg combine bitmaps.
#pragma once

#include <cstdint>

namespace sluice::bitmap {

constexpr int64_t kNumBytes = 4 * 1024;
constexpr int64_t kNumBits = 8 * kNumBytes;

}  // namespace sluice::bitmap
