// src/common/hash/xxhash64.cpp
//
// XXH64 as its specification describes it: four accumulators over 32-byte stripes, then the
// remaining 8-, 4- and 1-byte pieces, then the avalanche.

#include "common/hash/xxhash64.hpp"
#include <bit>

namespace sluice::hash {

namespace {

constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
constexpr uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;

uint64_t read64(const uint8_t* p) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i)
    value = (value << 8) | p[i];
  return value;
}

uint32_t read32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 24);
}

uint64_t round(uint64_t accumulator, uint64_t input) {
  accumulator += input * kPrime2;
  return std::rotl(accumulator, 31) * kPrime1;
}

uint64_t mergeRound(uint64_t hash, uint64_t accumulator) {
  hash ^= round(0, accumulator);
  return hash * kPrime1 + kPrime4;
}

}  // namespace

int64_t xxhash64Bytes(std::string_view bytes, int64_t seed) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  const uint8_t* end = p + bytes.size();
  auto unsigned_seed = static_cast<uint64_t>(seed);
  uint64_t hash;
  if (bytes.size() >= 32) {
    uint64_t v1 = unsigned_seed + kPrime1 + kPrime2;
    uint64_t v2 = unsigned_seed + kPrime2;
    uint64_t v3 = unsigned_seed;
    uint64_t v4 = unsigned_seed - kPrime1;
    for (; p + 32 <= end; p += 32) {
      v1 = round(v1, read64(p));
      v2 = round(v2, read64(p + 8));
      v3 = round(v3, read64(p + 16));
      v4 = round(v4, read64(p + 24));
    }
    hash = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
    hash = mergeRound(hash, v1);
    hash = mergeRound(hash, v2);
    hash = mergeRound(hash, v3);
    hash = mergeRound(hash, v4);
  } else {
    hash = unsigned_seed + kPrime5;
  }
  hash += bytes.size();
  for (; p + 8 <= end; p += 8) {
    hash ^= round(0, read64(p));
    hash = std::rotl(hash, 27) * kPrime1 + kPrime4;
  }
  if (p + 4 <= end) {
    hash ^= uint64_t{read32(p)} * kPrime1;
    hash = std::rotl(hash, 23) * kPrime2 + kPrime3;
    p += 4;
  }
  for (; p < end; ++p) {
    hash ^= *p * kPrime5;
    hash = std::rotl(hash, 11) * kPrime1;
  }
  hash ^= hash >> 33;
  hash *= kPrime2;
  hash ^= hash >> 29;
  hash *= kPrime3;
  hash ^= hash >> 32;
  return static_cast<int64_t>(hash);
}

int64_t xxhash64Int(int32_t value, int64_t seed) {
  auto bits = static_cast<uint32_t>(value);
  char bytes[4];
  for (int i = 0; i < 4; ++i)
    bytes[i] = static_cast<char>(bits >> (8 * i));
  return xxhash64Bytes(std::string_view(bytes, 4), seed);
}

int64_t xxhash64Long(int64_t value, int64_t seed) {
  auto bits = static_cast<uint64_t>(value);
  char bytes[8];
  for (int i = 0; i < 8; ++i)
    bytes[i] = static_cast<char>(bits >> (8 * i));
  return xxhash64Bytes(std::string_view(bytes, 8), seed);
}

}  // namespace sluice::hash
