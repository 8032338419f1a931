// src/common/hash/md5.hpp
//
// MD5 (RFC 1321), for Spark's md5(): a 16-byte digest of a byte string.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace sluice::hash {

using Md5Digest = std::array<uint8_t, 16>;

//! Returns the MD5 digest of `bytes`.
Md5Digest md5(std::string_view bytes);

}  // namespace sluice::hash
