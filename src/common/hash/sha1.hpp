// src/common/hash/sha1.hpp
//
// SHA-1 (FIPS 180-4), for Spark's sha1() / sha(): a 20-byte digest of a byte string.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace sluice::hash {

using Sha1Digest = std::array<uint8_t, 20>;

//! Returns the SHA-1 digest of `bytes`.
Sha1Digest sha1(std::string_view bytes);

}  // namespace sluice::hash
