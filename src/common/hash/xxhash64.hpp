// src/common/hash/xxhash64.hpp
//
// XXH64, the hash behind Spark's xxhash64(). Spark's hashInt and hashLong equal XXH64 of the
// value's 4 or 8 little-endian bytes, so all three entry points share one implementation.
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice::hash {

int64_t xxhash64Bytes(std::string_view bytes, int64_t seed);
int64_t xxhash64Int(int32_t value, int64_t seed);
int64_t xxhash64Long(int64_t value, int64_t seed);

}  // namespace sluice::hash
