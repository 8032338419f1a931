// src/function/aggregate/java_random.hpp
//
// java.util.Random, for the aggregates whose results depend on Spark drawing from it:
// count_min_sketch's hash multipliers and histogram_numeric's tie breaks.
#pragma once

#include <cstdint>

namespace sluice {

class JavaRandom {
 public:
  //! new Random(seed).
  explicit JavaRandom(int64_t seed) : state_(scramble(seed)) {}

  //! The 48 bits a Random keeps (for states that store it).
  static JavaRandom fromState(uint64_t state) {
    JavaRandom random(0);
    random.state_ = state;
    return random;
  }
  uint64_t state() const { return state_; }
  //! The state of new Random(seed).
  static uint64_t scramble(int64_t seed) {
    return (static_cast<uint64_t>(seed) ^ kMultiplier) & kMask;
  }

  //! Random.nextInt(bound) for a bound that is not a power of two.
  int32_t nextInt(int32_t bound) {
    for (;;) {
      int32_t bits = next(31);
      int32_t value = bits % bound;
      // Java draws again while bits - value + (bound - 1) overflows an int.
      if (static_cast<int32_t>(static_cast<uint32_t>(bits) - static_cast<uint32_t>(value) +
                               static_cast<uint32_t>(bound - 1)) >= 0)
        return value;
    }
  }

  //! Random.nextDouble().
  double nextDouble() {
    int64_t high = next(26);
    int64_t low = next(27);
    return static_cast<double>((high << 27) + low) * 0x1.0p-53;
  }

 private:
  static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;

  int32_t next(int bits) {
    state_ = (state_ * kMultiplier + 0xBULL) & kMask;
    return static_cast<int32_t>(state_ >> (48 - bits));
  }

  uint64_t state_;
};

}  // namespace sluice
