// src/common/types/string_view.hpp
//
// A 16-byte string reference in the layout of Umbra / Arrow StringView: the length, then up to
// 12 bytes inline, or a 4-byte prefix and a pointer into a buffer owned by the vector. Short
// strings (codes, keys, enums) never touch the heap; equality usually decides on the first
// 8 bytes. Arrow export turns the pointer into (buffer index, offset).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sluice {

class StringView {
 public:
  static constexpr uint32_t kInlineLength = 12;

  StringView() : length_(0), bytes_{} {}

  //! Views `size` bytes at `data`; short strings are copied inline, long ones are referenced
  //! and must outlive the view (the vector's string buffers guarantee that).
  StringView(const char* data, uint32_t size) : length_(size), bytes_{} {
    if (size <= kInlineLength) {
      if (size > 0)
        std::memcpy(bytes_, data, size);
    } else {
      std::memcpy(bytes_, data, kPrefixLength);
      std::memcpy(bytes_ + kPrefixLength, &data, sizeof(data));
    }
  }
  explicit StringView(std::string_view text)
      : StringView(text.data(), static_cast<uint32_t>(text.size())) {}

  uint32_t size() const { return length_; }
  bool empty() const { return length_ == 0; }
  bool isInline() const { return length_ <= kInlineLength; }
  const char* data() const {
    if (isInline())
      return bytes_;
    const char* pointer;
    std::memcpy(&pointer, bytes_ + kPrefixLength, sizeof(pointer));
    return pointer;
  }

  std::string_view view() const { return {data(), length_}; }
  std::string str() const { return std::string(data(), length_); }
  operator std::string_view() const { return view(); }

  bool operator==(const StringView& other) const {
    // Length and prefix first: most unequal strings differ there.
    if (std::memcmp(this, &other, 8) != 0)
      return false;
    if (isInline())
      return std::memcmp(bytes_ + kPrefixLength, other.bytes_ + kPrefixLength, 8) == 0;
    return std::memcmp(data(), other.data(), length_) == 0;
  }
  bool operator!=(const StringView& other) const { return !(*this == other); }

  //! Byte-wise comparison (UTF-8 order equals code point order), as Spark compares strings.
  int compare(const StringView& other) const {
    uint32_t common = length_ < other.length_ ? length_ : other.length_;
    int result = std::memcmp(data(), other.data(), common);
    if (result != 0)
      return result;
    return length_ < other.length_ ? -1 : (length_ > other.length_ ? 1 : 0);
  }
  bool operator<(const StringView& other) const { return compare(other) < 0; }

 private:
  static constexpr uint32_t kPrefixLength = 4;

  uint32_t length_;
  // Inline: the whole string. Otherwise: a 4-byte prefix, then the pointer's bytes.
  char bytes_[12];
};

static_assert(sizeof(StringView) == 16, "StringView must stay 16 bytes");

}  // namespace sluice
