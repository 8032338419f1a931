// src/common/hash/md5.cpp
//
// MD5 as RFC 1321 specifies it: 64-byte blocks, four rounds of sixteen steps, little-endian
// words and length.

#include "common/hash/md5.hpp"

#include <bit>
#include <cstring>

namespace sluice::hash {

namespace {

constexpr uint32_t kShifts[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                  5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

// floor(abs(sin(i + 1)) * 2^32), as the RFC tabulates.
constexpr uint32_t kSines[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

void compressMd5Block(uint32_t state[4], const uint8_t* block) {
  uint32_t words[16];
  for (int i = 0; i < 16; ++i) {
    words[i] = uint32_t{block[i * 4]} | (uint32_t{block[i * 4 + 1]} << 8) |
               (uint32_t{block[i * 4 + 2]} << 16) | (uint32_t{block[i * 4 + 3]} << 24);
  }
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  for (int step = 0; step < 64; ++step) {
    uint32_t f;
    int index;
    if (step < 16) {
      f = (b & c) | (~b & d);
      index = step;
    } else if (step < 32) {
      f = (d & b) | (~d & c);
      index = (5 * step + 1) % 16;
    } else if (step < 48) {
      f = b ^ c ^ d;
      index = (3 * step + 5) % 16;
    } else {
      f = c ^ (b | ~d);
      index = (7 * step) % 16;
    }
    uint32_t rotated = std::rotl(a + f + kSines[step] + words[index], kShifts[step]);
    a = d;
    d = c;
    c = b;
    b = b + rotated;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

}  // namespace

Md5Digest md5(std::string_view bytes) {
  uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  size_t full = size - size % 64;
  for (size_t offset = 0; offset < full; offset += 64)
    compressMd5Block(state, data + offset);
  // The tail, a 0x80 byte, zeros, and the bit length in the last 8 bytes (one or two blocks).
  uint8_t tail[128] = {};
  size_t rest = size - full;
  if (rest > 0)
    std::memcpy(tail, data + full, rest);
  tail[rest] = 0x80;
  size_t tail_size = rest + 1 + 8 <= 64 ? 64 : 128;
  uint64_t bit_length = static_cast<uint64_t>(size) * 8;
  for (int i = 0; i < 8; ++i)
    tail[tail_size - 8 + i] = static_cast<uint8_t>(bit_length >> (8 * i));
  for (size_t offset = 0; offset < tail_size; offset += 64)
    compressMd5Block(state, tail + offset);
  Md5Digest digest;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j)
      digest[i * 4 + j] = static_cast<uint8_t>(state[i] >> (8 * j));
  }
  return digest;
}

}  // namespace sluice::hash
