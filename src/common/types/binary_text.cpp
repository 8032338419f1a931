// src/common/types/binary_text.cpp
#include "common/types/value_text.hpp"

namespace sluice {

std::string formatBinaryHex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "[";
  for (size_t index = 0; index < bytes.size(); ++index) {
    if (index > 0)
      out += ' ';
    auto byte = static_cast<unsigned char>(bytes[index]);
    out += kHex[byte >> 4];
    out += kHex[byte & 0x0F];
  }
  out += ']';
  return out;
}

}  // namespace sluice
