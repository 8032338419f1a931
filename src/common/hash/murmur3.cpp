// src/common/hash/murmur3.cpp
//
// Murmur3 x86 32-bit with Spark's entry points. Arithmetic is on uint32_t so that the wrapping
// multiplications of Java's int are defined behaviour here.

#include "common/hash/murmur3.hpp"

#include <bit>
#include <cstring>

namespace sluice::hash {

namespace {

constexpr uint32_t kC1 = 0xcc9e2d51;
constexpr uint32_t kC2 = 0x1b873593;

uint32_t mixK1(uint32_t k1) {
  return std::rotl(k1 * kC1, 15) * kC2;
}

uint32_t mixH1(uint32_t h1, uint32_t k1) {
  return std::rotl(h1 ^ k1, 13) * 5 + 0xe6546b64;
}

int32_t finalMix(uint32_t h1, uint32_t length) {
  h1 ^= length;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6b;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35;
  h1 ^= h1 >> 16;
  return static_cast<int32_t>(h1);
}

uint32_t readLittleEndian32(const char* data) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(data);
  return uint32_t{bytes[0]} | (uint32_t{bytes[1]} << 8) | (uint32_t{bytes[2]} << 16) |
         (uint32_t{bytes[3]} << 24);
}

uint32_t hashWords(std::string_view bytes, size_t aligned, uint32_t h1) {
  for (size_t offset = 0; offset < aligned; offset += 4) {
    h1 = mixH1(h1, mixK1(readLittleEndian32(bytes.data() + offset)));
  }
  return h1;
}

}  // namespace

int32_t murmur3HashInt(int32_t value, int32_t seed) {
  uint32_t h1 = mixH1(static_cast<uint32_t>(seed), mixK1(static_cast<uint32_t>(value)));
  return finalMix(h1, 4);
}

int32_t murmur3HashLong(int64_t value, int32_t seed) {
  auto bits = static_cast<uint64_t>(value);
  uint32_t h1 = mixH1(static_cast<uint32_t>(seed), mixK1(static_cast<uint32_t>(bits)));
  h1 = mixH1(h1, mixK1(static_cast<uint32_t>(bits >> 32)));
  return finalMix(h1, 8);
}

int32_t murmur3HashBytes(std::string_view bytes, int32_t seed) {
  size_t aligned = bytes.size() - bytes.size() % 4;
  uint32_t h1 = hashWords(bytes, aligned, static_cast<uint32_t>(seed));
  for (size_t i = aligned; i < bytes.size(); ++i) {
    // Java's byte is signed: the word is the sign-extended byte.
    auto word = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(bytes[i])));
    h1 = mixH1(h1, mixK1(word));
  }
  return finalMix(h1, static_cast<uint32_t>(bytes.size()));
}

int32_t murmur3HashBytesReference(std::string_view bytes, int32_t seed) {
  size_t aligned = bytes.size() - bytes.size() % 4;
  uint32_t h1 = hashWords(bytes, aligned, static_cast<uint32_t>(seed));
  uint32_t k1 = 0;
  for (size_t i = aligned, shift = 0; i < bytes.size(); ++i, shift += 8) {
    k1 ^= uint32_t{static_cast<uint8_t>(bytes[i])} << shift;
  }
  h1 ^= mixK1(k1);
  return finalMix(h1, static_cast<uint32_t>(bytes.size()));
}

}  // namespace sluice::hash
