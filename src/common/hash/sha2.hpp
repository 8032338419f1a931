// src/common/hash/sha2.hpp
//
// The SHA-2 family (FIPS 180-4), for Spark's sha2(): SHA-224 and SHA-256 on 32-bit words,
// SHA-384 and SHA-512 on 64-bit words. Digests are returned as bytes.
#pragma once

#include <string>
#include <string_view>

namespace sluice::hash {

//! The SHA-2 digest of `bytes` with `bits` of output: 224, 256, 384 or 512 (else empty).
std::string sha2(std::string_view bytes, int bits);

}  // namespace sluice::hash
