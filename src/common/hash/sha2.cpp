// src/common/hash/sha2.cpp
//
// SHA-224/256 (64-byte blocks, 64 rounds) and SHA-384/512 (128-byte blocks, 80 rounds), as
// FIPS 180-4 specifies them. The truncated variants differ only in their initial state and
// in how many bytes of the final state they return.

#include "common/hash/sha2.hpp"

#include <cstdint>
#include <cstring>

namespace sluice::hash {

namespace {

constexpr uint32_t kRound32[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr uint64_t kRound64[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817};

//! The per-width constants and rotations of SHA-256 (uint32_t) and SHA-512 (uint64_t).
template <typename Word>
struct Sha2Traits;

template <>
struct Sha2Traits<uint32_t> {
  static constexpr int kRounds = 64;
  static constexpr int kSigma0[3] = {2, 13, 22};
  static constexpr int kSigma1[3] = {6, 11, 25};
  static constexpr int kSchedule0[3] = {7, 18, 3};
  static constexpr int kSchedule1[3] = {17, 19, 10};
  static uint32_t round(int i) { return kRound32[i]; }
};

template <>
struct Sha2Traits<uint64_t> {
  static constexpr int kRounds = 80;
  static constexpr int kSigma0[3] = {28, 34, 39};
  static constexpr int kSigma1[3] = {14, 18, 41};
  static constexpr int kSchedule0[3] = {1, 8, 7};
  static constexpr int kSchedule1[3] = {19, 61, 6};
  static uint64_t round(int i) { return kRound64[i]; }
};

template <typename Word>
Word rotateRight(Word x, int n) {
  return (x >> n) | (x << (sizeof(Word) * 8 - n));
}

template <typename Word>
void compressSha2Block(Word state[8], const uint8_t* block) {
  using Traits = Sha2Traits<Word>;
  Word schedule[80];
  for (int i = 0; i < 16; ++i) {
    Word word = 0;
    for (size_t b = 0; b < sizeof(Word); ++b)
      word = (word << 8) | block[i * sizeof(Word) + b];
    schedule[i] = word;
  }
  for (int i = 16; i < Traits::kRounds; ++i) {
    Word w15 = schedule[i - 15];
    Word w2 = schedule[i - 2];
    Word s0 = rotateRight(w15, Traits::kSchedule0[0]) ^ rotateRight(w15, Traits::kSchedule0[1]) ^
              (w15 >> Traits::kSchedule0[2]);
    Word s1 = rotateRight(w2, Traits::kSchedule1[0]) ^ rotateRight(w2, Traits::kSchedule1[1]) ^
              (w2 >> Traits::kSchedule1[2]);
    schedule[i] = schedule[i - 16] + s0 + schedule[i - 7] + s1;
  }
  Word a = state[0], b = state[1], c = state[2], d = state[3];
  Word e = state[4], f = state[5], g = state[6], h = state[7];
  for (int i = 0; i < Traits::kRounds; ++i) {
    Word sum1 = rotateRight(e, Traits::kSigma1[0]) ^ rotateRight(e, Traits::kSigma1[1]) ^
                rotateRight(e, Traits::kSigma1[2]);
    Word choose = (e & f) ^ (~e & g);
    Word temp1 = h + sum1 + choose + Traits::round(i) + schedule[i];
    Word sum0 = rotateRight(a, Traits::kSigma0[0]) ^ rotateRight(a, Traits::kSigma0[1]) ^
                rotateRight(a, Traits::kSigma0[2]);
    Word majority = (a & b) ^ (a & c) ^ (b & c);
    Word temp2 = sum0 + majority;
    h = g;
    g = f;
    f = e;
    e = d + temp1;
    d = c;
    c = b;
    b = a;
    a = temp1 + temp2;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

template <typename Word>
std::string digest(std::string_view bytes, const Word (&initial)[8], size_t output_bytes) {
  constexpr size_t kBlock = sizeof(Word) * 16;
  constexpr size_t kLengthBytes = sizeof(Word) * 2;  // 64-bit or 128-bit length field
  Word state[8];
  std::memcpy(state, initial, sizeof(state));
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  size_t full = size - size % kBlock;
  for (size_t offset = 0; offset < full; offset += kBlock)
    compressSha2Block(state, data + offset);
  uint8_t tail[2 * kBlock] = {};
  size_t rest = size - full;
  if (rest > 0)
    std::memcpy(tail, data + full, rest);
  tail[rest] = 0x80;
  size_t tail_size = rest + 1 + kLengthBytes <= kBlock ? kBlock : 2 * kBlock;
  // Inputs are far below 2^61 bytes, so only the low 8 bytes of the length are non-zero.
  uint64_t bit_length = static_cast<uint64_t>(size) * 8;
  for (int i = 0; i < 8; ++i)
    tail[tail_size - 1 - i] = static_cast<uint8_t>(bit_length >> (8 * i));
  for (size_t offset = 0; offset < tail_size; offset += kBlock)
    compressSha2Block(state, tail + offset);
  std::string out(output_bytes, '\0');
  for (size_t i = 0; i < output_bytes; ++i) {
    Word word = state[i / sizeof(Word)];
    out[i] = static_cast<char>(word >> (8 * (sizeof(Word) - 1 - i % sizeof(Word))));
  }
  return out;
}

constexpr uint32_t kInitial224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                     0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
constexpr uint32_t kInitial256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
constexpr uint64_t kInitial384[8] = {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,
                                     0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
                                     0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
constexpr uint64_t kInitial512[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                     0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                     0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

}  // namespace

std::string sha2(std::string_view bytes, int bits) {
  switch (bits) {
    case 224:
      return digest(bytes, kInitial224, 28);
    case 256:
      return digest(bytes, kInitial256, 32);
    case 384:
      return digest(bytes, kInitial384, 48);
    case 512:
      return digest(bytes, kInitial512, 64);
    default:
      return {};
  }
}

}  // namespace sluice::hash
