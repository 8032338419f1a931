// src/common/text/ascii_case.hpp
//
// ASCII character classes, and case folding of names the way Spark resolves identifiers: ASCII
// letters only, byte by byte (other characters must match exactly). The one home of identifier case
// folding: the binder, the catalog, the function registries and the pipeline graph all fold names
// here.
#pragma once

#include <string>
#include <string_view>

namespace sluice {

inline bool isAsciiDigit(char c) {
  return c >= '0' && c <= '9';
}

//! Whether every byte of `text` is ASCII (below 0x80).
inline bool isAsciiText(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80)
      return false;
  }
  return true;
}

inline char asciiLower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}

//! `text` with ASCII letters in upper case (other bytes unchanged).
inline std::string upperAscii(std::string_view text) {
  std::string upper(text);
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 32);
  }
  return upper;
}

//! `name` with ASCII letters in lower case: the key names are stored and looked up by.
inline std::string foldIdentifier(std::string_view name) {
  std::string folded(name);
  for (char& c : folded)
    c = asciiLower(c);
  return folded;
}

//! Whether two names are the same identifier.
inline bool sameIdentifier(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (asciiLower(a[i]) != asciiLower(b[i]))
      return false;
  }
  return true;
}

}  // namespace sluice
