// src/common/text/base64.cpp
#include "common/text/base64.hpp"

#include <cstdint>

namespace sluice {

void appendBase64(std::string& out, std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  out.reserve(out.size() + (bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t group = (uint32_t{static_cast<uint8_t>(bytes[i])} << 16) |
                     (uint32_t{static_cast<uint8_t>(bytes[i + 1])} << 8) |
                     static_cast<uint8_t>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      out += kAlphabet[(group >> shift) & 0x3F];
  }
  size_t rest = bytes.size() - i;
  if (rest == 0)
    return;
  uint32_t group = uint32_t{static_cast<uint8_t>(bytes[i])} << 16;
  if (rest == 2)
    group |= uint32_t{static_cast<uint8_t>(bytes[i + 1])} << 8;
  out += kAlphabet[(group >> 18) & 0x3F];
  out += kAlphabet[(group >> 12) & 0x3F];
  out += rest == 2 ? kAlphabet[(group >> 6) & 0x3F] : '=';
  out += '=';
}

}  // namespace sluice
