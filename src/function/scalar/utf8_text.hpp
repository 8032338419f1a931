// src/function/scalar/utf8_text.hpp
//
// Walking UTF-8 text by characters the way Spark's UTF8String does: a character's length is
// read from its first byte alone (0xC2-0xDF: 2, 0xE0-0xEF: 3, 0xF0-0xF4: 4, anything else 1),
// so invalid bytes count as one character each and never stop a walk.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/text/utf8_encode.hpp"

namespace sluice::utf8 {

//! The number of bytes of the character that starts with `first`.
inline size_t charLength(char first) {
  auto byte = static_cast<uint8_t>(first);
  if (byte < 0xC2)
    return 1;
  if (byte < 0xE0)
    return 2;
  if (byte < 0xF0)
    return 3;
  if (byte < 0xF5)
    return 4;
  return 1;
}

//! The number of characters in `text` (UTF8String.numChars).
inline int64_t numChars(std::string_view text) {
  int64_t count = 0;
  for (size_t offset = 0; offset < text.size(); offset += charLength(text[offset]))
    ++count;
  return count;
}

//! The byte offset of character `index` (clamped to the end of `text`).
inline size_t byteOffset(std::string_view text, int64_t index) {
  size_t offset = 0;
  for (int64_t count = 0; count < index && offset < text.size(); ++count)
    offset += charLength(text[offset]);
  return offset < text.size() ? offset : text.size();
}

//! The characters [begin, end) of `text` by character index (UTF8String.substring).
inline std::string_view substringByChars(std::string_view text, int64_t begin, int64_t end) {
  if (end <= begin)
    return {};
  size_t from = byteOffset(text, begin);
  size_t to = from + byteOffset(text.substr(from), end - begin);
  return text.substr(from, to - from);
}

//! Decodes the character at `offset`: its code point (U+FFFD for malformed bytes) and length.
inline char32_t decode(std::string_view text, size_t offset, size_t& length) {
  length = charLength(text[offset]);
  if (offset + length > text.size()) {
    length = text.size() - offset;
    return 0xFFFD;
  }
  auto byte = [&](size_t i) { return static_cast<uint8_t>(text[offset + i]); };
  switch (length) {
    case 1:
      return byte(0) < 0x80 ? byte(0) : 0xFFFD;
    case 2:
      return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3:
      return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
      return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) |
             (byte(3) & 0x3F);
  }
}

}  // namespace sluice::utf8
