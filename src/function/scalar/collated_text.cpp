// src/function/scalar/collated_text.cpp
#include "function/scalar/collated_text.hpp"

#include <utf8proc.h>

#include <algorithm>

#include "function/scalar/utf8_text.hpp"

namespace sluice {

char32_t lowercaseCodePoint(char32_t c) {
  if (c == 0x0130)
    return c;
  if (c == 0x03C2)  // final sigma compares as sigma
    return 0x03C3;
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
}

LoweredText::LoweredText(std::string_view text) {
  for (size_t offset = 0; offset < text.size();) {
    size_t length = utf8::charLength(text[offset]);
    starts.push_back(lowered.size());
    offsets.push_back(offset);
    appendLowercaseCodePoints(text.substr(offset, length), lowered);
    offset += length;
  }
  starts.push_back(lowered.size());
  offsets.push_back(text.size());
}

size_t LoweredText::matchEnd(size_t i, const std::string& pattern) const {
  if (lowered.compare(starts[i], pattern.size(), pattern) != 0)
    return 0;
  auto end = std::lower_bound(starts.begin() + static_cast<std::ptrdiff_t>(i), starts.end(),
                              starts[i] + pattern.size());
  if (end == starts.end() || *end != starts[i] + pattern.size())
    return 0;
  return static_cast<size_t>(end - starts.begin());
}

}  // namespace sluice
