// src/common/types/text_trim.hpp
//
// The two ways Spark trims text before parsing it, shared by the value_text parsers.
// UTF8String.trimAll (integral, boolean, date and timestamp casts) drops bytes for which
// Java's Character.isWhitespace or isISOControl holds when given the signed byte: 0x00-0x20
// and 0x7F. Java's String.trim (floating-point and decimal casts) drops 0x00-0x20 only.
#pragma once

#include <string_view>

namespace sluice::text_trim {

constexpr bool isSparkTrimmed(char c) {
  auto byte = static_cast<unsigned char>(c);
  return byte <= 0x20 || byte == 0x7F;
}

constexpr bool isJavaTrimmed(char c) {
  return static_cast<unsigned char>(c) <= 0x20;
}

template <bool (*kTrimmed)(char)>
constexpr std::string_view trimWith(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && kTrimmed(text[begin]))
    ++begin;
  while (end > begin && kTrimmed(text[end - 1]))
    --end;
  return text.substr(begin, end - begin);
}

//! UTF8String.trimAll.
constexpr std::string_view trimSpark(std::string_view text) {
  return trimWith<isSparkTrimmed>(text);
}

//! java.lang.String.trim.
constexpr std::string_view trimJava(std::string_view text) {
  return trimWith<isJavaTrimmed>(text);
}

}  // namespace sluice::text_trim
