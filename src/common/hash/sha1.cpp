// src/common/hash/sha1.cpp
//
// SHA-1 as FIPS 180-4 specifies it: 64-byte blocks, an 80-word schedule, big-endian words and
// length.

#include "common/hash/sha1.hpp"

#include <bit>
#include <cstring>

namespace sluice::hash {

namespace {

void compressSha1Block(uint32_t state[5], const uint8_t* block) {
  uint32_t schedule[80];
  for (int i = 0; i < 16; ++i) {
    schedule[i] = (uint32_t{block[i * 4]} << 24) | (uint32_t{block[i * 4 + 1]} << 16) |
                  (uint32_t{block[i * 4 + 2]} << 8) | uint32_t{block[i * 4 + 3]};
  }
  for (int i = 16; i < 80; ++i) {
    schedule[i] =
        std::rotl(schedule[i - 3] ^ schedule[i - 8] ^ schedule[i - 14] ^ schedule[i - 16], 1);
  }
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
  for (int i = 0; i < 80; ++i) {
    uint32_t f, k;
    if (i < 20) {
      f = (b & c) | (~b & d);
      k = 0x5a827999;
    } else if (i < 40) {
      f = b ^ c ^ d;
      k = 0x6ed9eba1;
    } else if (i < 60) {
      f = (b & c) | (b & d) | (c & d);
      k = 0x8f1bbcdc;
    } else {
      f = b ^ c ^ d;
      k = 0xca62c1d6;
    }
    uint32_t next = std::rotl(a, 5) + f + e + k + schedule[i];
    e = d;
    d = c;
    c = std::rotl(b, 30);
    b = a;
    a = next;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
}

}  // namespace

Sha1Digest sha1(std::string_view bytes) {
  uint32_t state[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  size_t full = size - size % 64;
  for (size_t offset = 0; offset < full; offset += 64)
    compressSha1Block(state, data + offset);
  uint8_t tail[128] = {};
  size_t rest = size - full;
  if (rest > 0)
    std::memcpy(tail, data + full, rest);
  tail[rest] = 0x80;
  size_t tail_size = rest + 1 + 8 <= 64 ? 64 : 128;
  uint64_t bit_length = static_cast<uint64_t>(size) * 8;
  for (int i = 0; i < 8; ++i)
    tail[tail_size - 1 - i] = static_cast<uint8_t>(bit_length >> (8 * i));
  for (size_t offset = 0; offset < tail_size; offset += 64)
    compressSha1Block(state, tail + offset);
  Sha1Digest digest;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 4; ++j)
      digest[i * 4 + j] = static_cast<uint8_t>(state[i] >> (24 - 8 * j));
  }
  return digest;
}

}  // namespace sluice::hash
