// src/storage/json/base64_decode.cpp
//
// Base64 decoding for BINARY columns.
#include "storage/json/base64_decode.hpp"

#include <array>
#include <cstdint>

namespace sluice::json {

namespace {

constexpr int8_t kPadding = -2;
constexpr int8_t kInvalid = -1;

constexpr std::array<int8_t, 256> makeTable() {
  std::array<int8_t, 256> table{};
  for (auto& entry : table)
    entry = kInvalid;
  const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int index = 0; index < 64; ++index) {
    table[static_cast<unsigned char>(alphabet[index])] = static_cast<int8_t>(index);
  }
  table['='] = kPadding;
  return table;
}

constexpr std::array<int8_t, 256> kTable = makeTable();

}  // namespace

bool decodeBase64(std::string_view text, std::string& out) {
  out.clear();
  int8_t quad[4];
  int count = 0;
  bool finished = false;  // padding seen: only whitespace may follow
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (byte <= ' ')
      continue;
    if (finished)
      return false;
    int8_t sextet = kTable[byte];
    if (sextet == kInvalid)
      return false;
    quad[count++] = sextet;
    if (count < 4)
      continue;
    count = 0;
    if (quad[0] == kPadding || quad[1] == kPadding)
      return false;
    out.push_back(static_cast<char>((quad[0] << 2) | (quad[1] >> 4)));
    if (quad[2] == kPadding) {
      if (quad[3] != kPadding)
        return false;
      finished = true;
      continue;
    }
    out.push_back(static_cast<char>(((quad[1] & 0x0F) << 4) | (quad[2] >> 2)));
    if (quad[3] == kPadding) {
      finished = true;
      continue;
    }
    out.push_back(static_cast<char>(((quad[2] & 0x03) << 6) | quad[3]));
  }
  return count == 0;
}

}  // namespace sluice::json
