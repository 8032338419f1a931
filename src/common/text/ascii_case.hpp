// src/common/text/ascii_case.hpp
//
// Case-insensitive comparison of names the way Spark resolves columns: ASCII letters only,
// byte by byte (other characters must match exactly).
#pragma once

#include <string_view>

namespace sluice {

inline char asciiLower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}

inline bool equalsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (asciiLower(a[i]) != asciiLower(b[i]))
      return false;
  }
  return true;
}

}  // namespace sluice
