// src/common/hash/crc32.hpp
//
// CRC-32 (ISO-HDLC, the zlib and java.util.zip.CRC32 checksum), for Spark's crc32().
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice::hash {

//! Returns the CRC-32 of `bytes` (reflected polynomial 0xEDB88320, initial and final XOR ~0).
uint32_t crc32(std::string_view bytes);

}  // namespace sluice::hash
