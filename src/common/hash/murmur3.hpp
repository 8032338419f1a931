// src/common/hash/murmur3.hpp
//
// Spark's Murmur3_x86_32, the hash behind hash() and shuffle partitioning. Integers and longs
// hash as Guava's Murmur3_32 does; byte strings use Spark's hashUnsafeBytes, which differs from
// the reference MurmurHash3 in its tail: each of the last (length % 4) bytes is mixed in as a
// whole sign-extended word. Spark keeps that form for compatibility, so hash('Spark') needs it.
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice::hash {

int32_t murmur3HashInt(int32_t value, int32_t seed);
int32_t murmur3HashLong(int64_t value, int32_t seed);
//! Spark's Murmur3_x86_32.hashUnsafeBytes.
int32_t murmur3HashBytes(std::string_view bytes, int32_t seed);
//! The reference MurmurHash3_x86_32 (Spark's hashUnsafeBytes2), for test vectors.
int32_t murmur3HashBytesReference(std::string_view bytes, int32_t seed);

}  // namespace sluice::hash
