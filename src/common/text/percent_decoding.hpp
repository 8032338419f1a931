// src/common/text/percent_decoding.hpp
//
// Hexadecimal digits and `%XX` escapes: the one home of both, for the paths in a Delta log
// (URI-encoded), Hive-style partition folder names, URL functions and hex literals.
#pragma once

#include <string>
#include <string_view>

namespace sluice {

//! The value of hexadecimal digit `c` (either case), or -1 when it is not one.
inline int hexDigitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

//! `text` with each `%XX` escape replaced by its byte; a `%` not followed by two hexadecimal
//! digits is kept as it is (Hadoop's Path and Hive's unescapePathName are this lenient).
std::string decodePercentEscapes(std::string_view text);

}  // namespace sluice
