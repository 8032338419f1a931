// src/common/types/decimal.cpp
//
// DECIMAL arithmetic on unscaled 128-bit integers, reproducing what Spark's Decimal does with
// java.math.BigDecimal: exact sums, products rounded to 38 significant digits, quotients
// rounded to scale 38, then HALF_UP to the result type. Intermediates that do not fit in 128
// bits use a small unsigned 256-bit integer; the common cases stay on native __int128.
#include "common/types/decimal.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/check.hpp"
#include "common/types/value_text.hpp"

namespace sluice::decimal {

namespace {

using uint128_t = unsigned __int128;

constexpr int kMaxPrecision = DataType::kMaxDecimalPrecision;
// 10^77 is the largest power of ten below 2^256.
constexpr int kMaxPower256 = 77;

constexpr std::array<uint128_t, 39> makePowers() {
  std::array<uint128_t, 39> powers{};
  uint128_t value = 1;
  for (auto& power : powers) {
    power = value;
    value *= 10;
  }
  return powers;
}
constexpr std::array<uint128_t, 39> kPowers = makePowers();

uint128_t magnitudeOf(int128_t value) {
  return value < 0 ? uint128_t{0} - static_cast<uint128_t>(value) : static_cast<uint128_t>(value);
}

// The result's magnitude is below 10^38, so it always fits.
int128_t withSign(uint128_t magnitude, bool negative) {
  auto value = static_cast<int128_t>(magnitude);
  return negative ? -value : value;
}

// An unsigned 256-bit integer: just what the decimal kernels need.
struct UInt256 {
  uint128_t high = 0;
  uint128_t low = 0;

  static UInt256 of(uint128_t value) { return UInt256{0, value}; }
  bool fits128() const { return high == 0; }
  bool isZero() const { return high == 0 && low == 0; }
  bool bit(int index) const {
    return index >= 128 ? ((high >> (index - 128)) & 1) != 0 : ((low >> index) & 1) != 0;
  }
  void setBit(int index) {
    if (index >= 128) {
      high |= uint128_t{1} << (index - 128);
    } else {
      low |= uint128_t{1} << index;
    }
  }
  int bitWidth() const {
    auto width = [](uint128_t value) {
      auto upper = static_cast<uint64_t>(value >> 64);
      if (upper != 0)
        return 128 - __builtin_clzll(upper);
      auto lower = static_cast<uint64_t>(value);
      return lower == 0 ? 0 : 64 - __builtin_clzll(lower);
    };
    return high != 0 ? 128 + width(high) : width(low);
  }
  UInt256 shiftedLeftOne() const { return UInt256{(high << 1) | (low >> 127), low << 1}; }

  friend bool operator==(const UInt256& a, const UInt256& b) {
    return a.high == b.high && a.low == b.low;
  }
  friend bool operator<(const UInt256& a, const UInt256& b) {
    return a.high != b.high ? a.high < b.high : a.low < b.low;
  }
  friend bool operator>=(const UInt256& a, const UInt256& b) { return !(a < b); }
  friend UInt256 operator+(const UInt256& a, const UInt256& b) {
    UInt256 sum{a.high + b.high, a.low + b.low};
    if (sum.low < a.low)
      ++sum.high;
    return sum;
  }
  friend UInt256 operator-(const UInt256& a, const UInt256& b) {
    UInt256 difference{a.high - b.high, a.low - b.low};
    if (a.low < b.low)
      --difference.high;
    return difference;
  }
};

UInt256 multiplyFull(uint128_t a, uint128_t b) {
  auto a0 = static_cast<uint64_t>(a);
  auto a1 = static_cast<uint64_t>(a >> 64);
  auto b0 = static_cast<uint64_t>(b);
  auto b1 = static_cast<uint64_t>(b >> 64);
  uint128_t p00 = uint128_t{a0} * b0;
  uint128_t p01 = uint128_t{a0} * b1;
  uint128_t p10 = uint128_t{a1} * b0;
  uint128_t p11 = uint128_t{a1} * b1;
  UInt256 result{p11, p00};
  for (uint128_t middle : {p01, p10}) {
    uint128_t low = result.low + (middle << 64);
    if (low < result.low)
      ++result.high;
    result.low = low;
    result.high += middle >> 64;
  }
  return result;
}

// value * factor, or false when the product does not fit in 256 bits.
bool multiplyChecked(const UInt256& value, uint128_t factor, UInt256& out) {
  UInt256 low_part = multiplyFull(value.low, factor);
  UInt256 high_part = multiplyFull(value.high, factor);
  if (!high_part.fits128())
    return false;
  uint128_t high = low_part.high + high_part.low;
  if (high < low_part.high)
    return false;
  out = UInt256{high, low_part.low};
  return true;
}

// value * 10^exponent for 0 <= exponent <= 77, or false on overflow.
bool multiplyPowerOfTen(const UInt256& value, int exponent, UInt256& out) {
  UInt256 result = value;
  while (exponent > 0) {
    int step = std::min(exponent, kMaxPrecision);
    if (!multiplyChecked(result, kPowers[step], result))
      return false;
    exponent -= step;
  }
  out = result;
  return true;
}

struct PowersOfTen256 {
  std::array<UInt256, kMaxPower256 + 1> values;
  PowersOfTen256() {
    values[0] = UInt256::of(1);
    for (int i = 1; i <= kMaxPower256; ++i)
      multiplyChecked(values[i - 1], 10, values[i]);
  }
};

const UInt256& powerOfTen256(int exponent) {
  static const PowersOfTen256 kTable;
  return kTable.values[exponent];
}

// The number of decimal digits of `value` (1 for zero).
int digitCount(const UInt256& value) {
  int digits = 1;
  while (digits <= kMaxPower256 && value >= powerOfTen256(digits))
    ++digits;
  return digits;
}

// Quotient and remainder of value / divisor, divisor != 0.
void divideBy128(const UInt256& value, uint128_t divisor, UInt256& quotient, uint128_t& remainder) {
  if (value.fits128()) {
    quotient = UInt256::of(value.low / divisor);
    remainder = value.low % divisor;
    return;
  }
  if ((divisor >> 64) == 0) {
    // Schoolbook division by one 64-bit limb, most significant limb first.
    auto small = static_cast<uint64_t>(divisor);
    uint64_t limbs[4] = {static_cast<uint64_t>(value.low), static_cast<uint64_t>(value.low >> 64),
                         static_cast<uint64_t>(value.high),
                         static_cast<uint64_t>(value.high >> 64)};
    uint64_t quotient_limbs[4];
    uint128_t carry = 0;
    for (int limb = 3; limb >= 0; --limb) {
      uint128_t current = (carry << 64) | limbs[limb];
      quotient_limbs[limb] = static_cast<uint64_t>(current / small);
      carry = current % small;
    }
    quotient = UInt256{(uint128_t{quotient_limbs[3]} << 64) | quotient_limbs[2],
                       (uint128_t{quotient_limbs[1]} << 64) | quotient_limbs[0]};
    remainder = carry;
    return;
  }
  // Bit-by-bit long division; only for a numerator past 128 bits and a divisor past 64.
  quotient = UInt256{};
  uint128_t rest = 0;
  for (int index = value.bitWidth() - 1; index >= 0; --index) {
    bool carry_out = (rest >> 127) != 0;
    rest = (rest << 1) | (value.bit(index) ? 1 : 0);
    if (carry_out || rest >= divisor) {
      rest -= divisor;
      quotient.setBit(index);
    }
  }
  remainder = rest;
}

// Quotient and remainder of two 256-bit values, divisor != 0.
void divide256(const UInt256& value, const UInt256& divisor, UInt256& quotient,
               UInt256& remainder) {
  if (divisor.fits128()) {
    uint128_t rest = 0;
    divideBy128(value, divisor.low, quotient, rest);
    remainder = UInt256::of(rest);
    return;
  }
  quotient = UInt256{};
  UInt256 rest{};
  for (int index = value.bitWidth() - 1; index >= 0; --index) {
    bool carry_out = rest.bit(255);
    rest = rest.shiftedLeftOne();
    if (value.bit(index))
      rest.low |= 1;
    if (carry_out || rest >= divisor) {
      rest = rest - divisor;
      quotient.setBit(index);
    }
  }
  remainder = rest;
}

// value / 10^exponent rounded HALF_UP (ties away from zero), 0 <= exponent.
UInt256 divideByPowerOfTenHalfUp(const UInt256& value, int exponent) {
  if (exponent == 0)
    return value;
  if (exponent > kMaxPower256)
    return UInt256{};  // value < 10^78 / 2
  UInt256 quotient;
  if (exponent <= kMaxPrecision) {
    uint128_t rest = 0;
    divideBy128(value, kPowers[exponent], quotient, rest);
    if (rest >= kPowers[exponent] - rest)
      quotient = quotient + UInt256::of(1);
    return quotient;
  }
  UInt256 rest;
  const UInt256& divisor = powerOfTen256(exponent);
  divide256(value, divisor, quotient, rest);
  if (rest >= divisor - rest)
    quotient = quotient + UInt256::of(1);
  return quotient;
}

// Brings an exact magnitude at `from_scale` to `to_scale` (HALF_UP) and checks `precision`:
// Decimal.changePrecision on a BigDecimal.
std::optional<int128_t> finish(const UInt256& magnitude, bool negative, int from_scale,
                               int to_scale, int precision) {
  if (magnitude.isZero())
    return int128_t{0};
  UInt256 result;
  if (to_scale >= from_scale) {
    int grow = to_scale - from_scale;
    if (grow >= precision)
      return std::nullopt;  // |value| >= 1 unit becomes >= 10^precision
    if (magnitude >= powerOfTen256(precision - grow))
      return std::nullopt;
    multiplyPowerOfTen(magnitude, grow, result);
  } else {
    result = divideByPowerOfTenHalfUp(magnitude, from_scale - to_scale);
    if (result >= powerOfTen256(precision))
      return std::nullopt;
  }
  return withSign(result.low, negative);
}

DataType adjustPrecisionScale(int precision, int scale) {
  if (precision <= kMaxPrecision)
    return DataType::decimal(precision, scale);
  // Keep every integral digit and at least min(scale, 6) fractional digits.
  int integral_digits = precision - scale;
  int min_scale = std::min(scale, 6);
  return DataType::decimal(kMaxPrecision, std::max(kMaxPrecision - integral_digits, min_scale));
}

void checkDecimals(const DataType& left, const DataType& right) {
  SLUICE_CHECK(left.isDecimal());
  SLUICE_CHECK(right.isDecimal());
}

}  // namespace

int128_t powerOfTen(int exponent) {
  SLUICE_CHECK(exponent >= 0 && exponent <= kMaxPrecision);
  return static_cast<int128_t>(kPowers[exponent]);
}

bool fitsPrecision(int128_t unscaled, int precision) {
  if (precision > kMaxPrecision)
    return true;
  if (precision <= 0)
    return unscaled == 0;
  return magnitudeOf(unscaled) < kPowers[precision];
}

int digitCount(int128_t unscaled) {
  int digits = 1;
  while (digits <= kMaxPrecision && !fitsPrecision(unscaled, digits))
    ++digits;
  return digits;
}

std::optional<int128_t> rescale(int128_t unscaled, int from_scale, int to_scale, int precision) {
  if (to_scale >= from_scale) {
    if (unscaled == 0)
      return int128_t{0};
    int grow = to_scale - from_scale;
    if (grow >= precision || !fitsPrecision(unscaled, precision - grow))
      return std::nullopt;
    return unscaled * static_cast<int128_t>(kPowers[grow]);
  }
  int shrink = from_scale - to_scale;
  uint128_t magnitude = magnitudeOf(unscaled);
  uint128_t quotient = 0;
  // |unscaled| < 2^127 < 5 * 10^38, so dropping 39 or more digits always rounds to zero.
  if (shrink <= kMaxPrecision) {
    uint128_t divisor = kPowers[shrink];
    quotient = magnitude / divisor;
    uint128_t rest = magnitude % divisor;
    if (rest >= divisor - rest)
      ++quotient;
  }
  if (precision <= kMaxPrecision && quotient >= kPowers[precision])
    return std::nullopt;
  return withSign(quotient, unscaled < 0);
}

std::optional<int128_t> add(int128_t a, int sa, int128_t b, int sb, int result_precision,
                            int result_scale) {
  int common_scale = std::max(sa, sb);
  int128_t aligned_a = 0;
  int128_t aligned_b = 0;
  int128_t sum = 0;
  if (!__builtin_mul_overflow(a, static_cast<int128_t>(kPowers[common_scale - sa]), &aligned_a) &&
      !__builtin_mul_overflow(b, static_cast<int128_t>(kPowers[common_scale - sb]), &aligned_b) &&
      !__builtin_add_overflow(aligned_a, aligned_b, &sum)) {
    return rescale(sum, common_scale, result_scale, result_precision);
  }
  UInt256 magnitude_a = multiplyFull(magnitudeOf(a), kPowers[common_scale - sa]);
  UInt256 magnitude_b = multiplyFull(magnitudeOf(b), kPowers[common_scale - sb]);
  bool negative_a = a < 0;
  bool negative_b = b < 0;
  if (negative_a == negative_b) {
    return finish(magnitude_a + magnitude_b, negative_a, common_scale, result_scale,
                  result_precision);
  }
  if (magnitude_a >= magnitude_b) {
    return finish(magnitude_a - magnitude_b, negative_a, common_scale, result_scale,
                  result_precision);
  }
  return finish(magnitude_b - magnitude_a, negative_b, common_scale, result_scale,
                result_precision);
}

std::optional<int128_t> subtract(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                 int result_scale) {
  // No DECIMAL holds the most negative int128, whose negation does not fit.
  if (b == std::numeric_limits<int128_t>::min())
    return std::nullopt;
  return add(a, sa, -b, sb, result_precision, result_scale);
}

std::optional<int128_t> multiply(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                 int result_scale) {
  uint128_t magnitude_a = magnitudeOf(a);
  uint128_t magnitude_b = magnitudeOf(b);
  bool negative = (a < 0) != (b < 0);
  UInt256 product = multiplyFull(magnitude_a, magnitude_b);
  int scale = sa + sb;
  // BigDecimal.multiply(other, MathContext(38, HALF_UP)) keeps 38 significant digits.
  int digits = digitCount(product);
  if (digits > kMaxPrecision) {
    int drop = digits - kMaxPrecision;
    product = divideByPowerOfTenHalfUp(product, drop);
    scale -= drop;
  }
  return finish(product, negative, scale, result_scale, result_precision);
}

std::optional<int128_t> divide(int128_t a, int sa, int128_t b, int sb, int result_precision,
                               int result_scale) {
  SLUICE_CHECK(b != 0);
  uint128_t dividend = magnitudeOf(a);
  uint128_t divisor = magnitudeOf(b);
  bool negative = (a < 0) != (b < 0);
  if (dividend == 0)
    return int128_t{0};
  // Spark divides to scale 38 (HALF_UP) and then rounds again to result_scale.
  int exponent = result_scale - sa + sb;
  if (exponent < 0) {
    // The quotient at scale 38 has at most 76 digits here; compute it directly.
    UInt256 numerator;
    multiplyPowerOfTen(UInt256::of(dividend), kMaxPrecision - sa + sb, numerator);
    UInt256 quotient;
    uint128_t rest = 0;
    divideBy128(numerator, divisor, quotient, rest);
    if (rest >= divisor - rest)
      quotient = quotient + UInt256::of(1);
    return finish(quotient, negative, kMaxPrecision, result_scale, result_precision);
  }
  // Integer part at result_scale, then the digits down to scale 38 from the remainder.
  UInt256 numerator;
  if (digitCount(UInt256::of(dividend)) + exponent > kMaxPower256 ||
      !multiplyPowerOfTen(UInt256::of(dividend), exponent, numerator)) {
    return std::nullopt;  // the quotient is at least 10^77 / 2^127 > 10^38
  }
  UInt256 truncated;
  uint128_t rest = 0;
  divideBy128(numerator, divisor, truncated, rest);
  if (truncated >= powerOfTen256(result_precision))
    return std::nullopt;
  int extra_digits = kMaxPrecision - result_scale;
  UInt256 scaled_rest = multiplyFull(rest, kPowers[extra_digits]);
  UInt256 fraction;
  uint128_t fraction_rest = 0;
  divideBy128(scaled_rest, divisor, fraction, fraction_rest);
  if (fraction_rest >= divisor - fraction_rest)
    fraction = fraction + UInt256::of(1);
  // fraction <= 10^extra_digits; round the 38-digit quotient to result_scale.
  bool round_up =
      extra_digits == 0 ? !fraction.isZero() : fraction.low >= kPowers[extra_digits] - fraction.low;
  uint128_t quotient = truncated.low + (round_up ? 1 : 0);
  if (quotient >= kPowers[result_precision])
    return std::nullopt;
  return withSign(quotient, negative);
}

std::optional<int128_t> remainder(int128_t a, int sa, int128_t b, int sb, int result_precision,
                                  int result_scale) {
  SLUICE_CHECK(b != 0);
  int common_scale = std::max(sa, sb);
  UInt256 dividend = multiplyFull(magnitudeOf(a), kPowers[common_scale - sa]);
  UInt256 divisor = multiplyFull(magnitudeOf(b), kPowers[common_scale - sb]);
  UInt256 quotient;
  UInt256 rest;
  divide256(dividend, divisor, quotient, rest);
  return finish(rest, a < 0, common_scale, result_scale, result_precision);
}

std::optional<int128_t> integralDivide(int128_t a, int sa, int128_t b, int sb,
                                       int result_precision) {
  SLUICE_CHECK(b != 0);
  int common_scale = std::max(sa, sb);
  UInt256 dividend = multiplyFull(magnitudeOf(a), kPowers[common_scale - sa]);
  UInt256 divisor = multiplyFull(magnitudeOf(b), kPowers[common_scale - sb]);
  UInt256 quotient;
  UInt256 rest;
  divide256(dividend, divisor, quotient, rest);
  return finish(quotient, (a < 0) != (b < 0), 0, 0, result_precision);
}

DataType addResultType(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  int scale = std::max(left.scale(), right.scale());
  int integral = std::max(left.precision() - left.scale(), right.precision() - right.scale());
  return adjustPrecisionScale(integral + scale + 1, scale);
}

DataType multiplyResultType(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  return adjustPrecisionScale(left.precision() + right.precision() + 1,
                              left.scale() + right.scale());
}

DataType divideResultType(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  int integral = left.precision() - left.scale() + right.scale();
  int scale = std::max(6, left.scale() + right.precision() + 1);
  return adjustPrecisionScale(integral + scale, scale);
}

DataType remainderResultType(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  int scale = std::max(left.scale(), right.scale());
  int integral = std::min(left.precision() - left.scale(), right.precision() - right.scale());
  return adjustPrecisionScale(integral + scale, scale);
}

DataType integralDivideResultType(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  int integral = left.precision() - left.scale() + right.scale();
  return DataType::decimal(std::min(std::max(integral, 1), kMaxPrecision), 0);
}

DataType forIntegral(TypeId id) {
  switch (id) {
    case TypeId::kByte:
      return DataType::decimal(3, 0);
    case TypeId::kShort:
      return DataType::decimal(5, 0);
    case TypeId::kInt:
      return DataType::decimal(10, 0);
    case TypeId::kLong:
      return DataType::decimal(20, 0);
    default:
      SLUICE_UNREACHABLE("forIntegral of a non-integral type");
  }
}

DataType forType(const DataType& type) {
  switch (type.id()) {
    case TypeId::kDecimal:
      return type;
    case TypeId::kFloat:
      return DataType::decimal(14, 7);
    case TypeId::kDouble:
      return DataType::decimal(30, 15);
    default:
      return forIntegral(type.id());
  }
}

DataType widerDecimal(const DataType& left, const DataType& right) {
  checkDecimals(left, right);
  int scale = std::max(left.scale(), right.scale());
  int integral = std::max(left.precision() - left.scale(), right.precision() - right.scale());
  int precision = integral + scale;
  if (precision <= kMaxPrecision)
    return DataType::decimal(precision, scale);
  return DataType::decimal(kMaxPrecision, std::max(0, scale - (precision - kMaxPrecision)));
}

double toDouble(int128_t unscaled, int scale) {
  // Both operands exact in a double: one correctly rounded division (BigDecimal's fast path).
  static constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (magnitudeOf(unscaled) < (uint128_t{1} << 52) && scale >= 0 && scale <= 22) {
    return static_cast<double>(static_cast<int64_t>(unscaled)) / kExactPowers[scale];
  }
  std::string text = int128ToString(unscaled) + "e" + std::to_string(-scale);
  double value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

std::optional<int128_t> fromDouble(double value, int precision, int scale) {
  if (!std::isfinite(value))
    return std::nullopt;
  int128_t out = 0;
  if (parseDecimal(formatDouble(value), precision, scale, out) != ParseStatus::kOk) {
    return std::nullopt;
  }
  return out;
}

std::string int128ToString(int128_t value) {
  uint128_t magnitude = magnitudeOf(value);
  char buffer[41];
  char* end = buffer + sizeof(buffer);
  char* begin = end;
  do {
    *--begin = static_cast<char>('0' + static_cast<int>(magnitude % 10));
    magnitude /= 10;
  } while (magnitude != 0);
  if (value < 0)
    *--begin = '-';
  return std::string(begin, end);
}

int128_t divideHalfUp(int128_t a, int128_t b) {
  int128_t quotient = a / b;
  int128_t remainder = a % b;
  if (remainder != 0) {
    int128_t magnitude = remainder < 0 ? -remainder : remainder;
    int128_t divisor = b < 0 ? -b : b;
    if (magnitude >= divisor - magnitude)
      quotient += (a < 0) == (b < 0) ? 1 : -1;
  }
  return quotient;
}

}  // namespace sluice::decimal
