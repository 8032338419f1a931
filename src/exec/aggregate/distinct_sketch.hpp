// src/exec/aggregate/distinct_sketch.hpp
//
// A HyperLogLog sketch (Flajolet et al., 2007) of the hashes a thread's group table has
// created groups for: it estimates how many distinct groups the thread has seen in all, also
// across the resets of its table, within a few percent, in 4 KiB. The table uses it to tell
// data that repeats its groups over a long cycle (worth a larger table) from data whose groups
// are all different (where a larger table only misses the cache).
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace sluice {

class DistinctSketch {
 public:
  void add(uint64_t hash) {
    uint64_t rest = hash << kIndexBits;
    uint8_t rank = rest == 0 ? static_cast<uint8_t>(65 - kIndexBits)
                             : static_cast<uint8_t>(std::countl_zero(rest) + 1);
    uint8_t& slot = registers_[hash >> (64 - kIndexBits)];
    if (rank > slot)
      slot = rank;
  }

  //! The estimated number of distinct hashes added.
  double estimate() const {
    constexpr double m = kRegisters;
    double sum = 0;
    int zeros = 0;
    for (uint8_t value : registers_) {
      sum += std::ldexp(1.0, -value);
      zeros += value == 0 ? 1 : 0;
    }
    double raw = (0.7213 / (1.0 + 1.079 / m)) * m * m / sum;
    // Linear counting is the better estimate while many registers are still empty.
    if (raw <= 2.5 * m && zeros > 0)
      return m * std::log(m / zeros);
    return raw;
  }

 private:
  static constexpr int kIndexBits = 12;
  static constexpr int kRegisters = 1 << kIndexBits;
  std::array<uint8_t, kRegisters> registers_{};
};

}  // namespace sluice
