// src/function/scalar/substring_finder.hpp
//
// Finds a fixed byte string in texts, many texts for one needle (LIKE '%gift%'). Sixteen
// candidate offsets are tested at once by comparing the needle's first and last bytes with
// the text at those offsets (SSE2), and only the offsets where both agree compare the bytes
// between; the last block overlaps the one before it rather than leave a tail, and a text
// too short for a block is copied into a padded one. Bytes are compared as they are, which is
// exact for UTF-8.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sluice {

class SubstringFinder {
 public:
  static constexpr size_t npos = std::string_view::npos;

  explicit SubstringFinder(std::string needle) : needle_(std::move(needle)) {}

  const std::string& needle() const { return needle_; }

  //! The offset of the needle's first occurrence in `text` at or after `from`, or npos.
  size_t find(std::string_view text, size_t from = 0) const {
    size_t length = needle_.size();
    if (from > text.size() || text.size() - from < length)
      return npos;
    if (length <= 1) {
      if (length == 0)
        return from;
      const void* found = std::memchr(text.data() + from, needle_[0], text.size() - from);
      return found == nullptr ? npos : static_cast<const char*>(found) - text.data();
    }
    const char* data = text.data();
#if defined(__SSE2__)
    if (text.size() - from >= kBlock + length - 1)
      return findInBlocks(text, from);
    if (length <= kBlock)
      return findInPaddedBlock(text, from);
#endif
    const char first = needle_[0];
    const char last = needle_[length - 1];
    for (size_t offset = from, end = text.size() - length; offset <= end; ++offset) {
      if (data[offset] == first && data[offset + length - 1] == last &&
          std::memcmp(data + offset + 1, needle_.data() + 1, length - 2) == 0) {
        return offset;
      }
    }
    return npos;
  }

 private:
  static constexpr size_t kBlock = 16;

#if defined(__SSE2__)
  //! find() for a needle of at least 2 bytes in a text with room for a block after `from`.
  size_t findInBlocks(std::string_view text, size_t from) const {
    size_t length = needle_.size();
    const char* data = text.data();
    const __m128i firsts = _mm_set1_epi8(needle_[0]);
    const __m128i lasts = _mm_set1_epi8(needle_[length - 1]);
    // The offset of the last block: its loads end at the text's end.
    size_t last_block = text.size() - (length - 1) - kBlock;
    for (size_t offset = from;; offset += kBlock) {
      if (offset > last_block)
        offset = last_block;  // overlaps the block before: its offsets are known to miss
      __m128i at_first = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + offset));
      __m128i at_last =
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + offset + length - 1));
      unsigned candidates = static_cast<unsigned>(_mm_movemask_epi8(
          _mm_and_si128(_mm_cmpeq_epi8(at_first, firsts), _mm_cmpeq_epi8(at_last, lasts))));
      while (candidates != 0) {
        size_t start = offset + static_cast<size_t>(__builtin_ctz(candidates));
        if (std::memcmp(data + start + 1, needle_.data() + 1, length - 2) == 0)
          return start;
        candidates &= candidates - 1;
      }
      if (offset == last_block)
        return npos;
    }
  }

  //! find() for a needle of 2 to 16 bytes in a text too short for findInBlocks: the text is
  //! copied into a zeroed buffer of two blocks, which one block's test then covers; offsets
  //! past the last one a match can start at are masked off.
  size_t findInPaddedBlock(std::string_view text, size_t from) const {
    size_t length = needle_.size();
    size_t remaining = text.size() - from;  // < kBlock + length - 1
    alignas(kBlock) char padded[2 * kBlock] = {};
    std::memcpy(padded, text.data() + from, remaining);
    const __m128i firsts = _mm_set1_epi8(needle_[0]);
    const __m128i lasts = _mm_set1_epi8(needle_[length - 1]);
    __m128i at_first = _mm_load_si128(reinterpret_cast<const __m128i*>(padded));
    __m128i at_last = _mm_loadu_si128(reinterpret_cast<const __m128i*>(padded + length - 1));
    unsigned candidates = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpeq_epi8(at_first, firsts), _mm_cmpeq_epi8(at_last, lasts))));
    candidates &= (1u << (remaining - length + 1)) - 1;
    while (candidates != 0) {
      size_t start = static_cast<size_t>(__builtin_ctz(candidates));
      if (std::memcmp(padded + start + 1, needle_.data() + 1, length - 2) == 0)
        return from + start;
      candidates &= candidates - 1;
    }
    return npos;
  }
#endif

  std::string needle_;
};

}  // namespace sluice
