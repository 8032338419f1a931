// src/common/types/number_text.cpp
//
// Numbers as text, Spark's way: CAST(string AS BOOLEAN / integral / FLOAT / DOUBLE / DECIMAL)
// and CAST(number AS STRING). The grammars are those of the JVM code Spark delegates to
// (UTF8String.toLongExact, Double.parseDouble, new BigDecimal(String)), and the printed forms
// those of Double.toString and BigDecimal.toPlainString.
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "common/text/ascii_case.hpp"
#include "common/types/decimal.hpp"
#include "common/types/text_trim.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

bool isHexDigit(char c) {
  return isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool equalsIgnoreCase(std::string_view text, std::string_view lower_word) {
  if (text.size() != lower_word.size())
    return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (asciiLower(text[i]) != lower_word[i])
      return false;
  }
  return true;
}

// ---- Floating-point text ----

enum class FloatForm : uint8_t { kDecimal, kHex, kNaN, kInfinity, kInvalid };

// A number in Java's floating-point syntax, split into the part std::from_chars reads.
struct FloatText {
  FloatForm form = FloatForm::kInvalid;
  bool negative = false;
  std::string_view digits;    // no sign, no "0x", no type suffix
  bool at_least_one = false;  // |value| >= 1: tells overflow from underflow
};

// Reads an exponent's digits, saturating far beyond any double's range.
int64_t readExponent(std::string_view text, size_t& pos) {
  int64_t value = 0;
  while (pos < text.size() && isAsciiDigit(text[pos])) {
    if (value < 1'000'000'000)
      value = value * 10 + (text[pos] - '0');
    ++pos;
  }
  return value;
}

bool isTypeSuffix(char c) {
  return c == 'f' || c == 'F' || c == 'd' || c == 'D';
}

// FloatingDecimal.readJavaFormatString's grammar, without the trimming.
FloatText scanJavaFloat(std::string_view text) {
  FloatText result;
  size_t pos = 0;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    result.negative = text[pos] == '-';
    ++pos;
  }
  if (pos == text.size())
    return result;
  std::string_view rest = text.substr(pos);
  if (rest[0] == 'N') {
    if (rest == "NaN")
      result.form = FloatForm::kNaN;
    return result;
  }
  if (rest[0] == 'I') {
    if (rest == "Infinity")
      result.form = FloatForm::kInfinity;
    return result;
  }
  bool hex = rest.size() > 1 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X');
  if (hex)
    pos += 2;
  size_t number_begin = pos;
  // The mantissa: digits with at most one point, at least one digit. The weight (power of the
  // radix) of the first non-zero digit sizes the number.
  bool seen_nonzero = false;
  bool seen_point = false;
  int64_t integer_digits = 0;
  int64_t fraction_digits = 0;
  int64_t first_integer_index = -1;
  int64_t first_fraction_weight = 0;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '.') {
      if (seen_point)
        return result;
      seen_point = true;
    } else if (hex ? isHexDigit(c) : isAsciiDigit(c)) {
      if (!seen_nonzero && c != '0') {
        seen_nonzero = true;
        if (seen_point) {
          first_fraction_weight = -(fraction_digits + 1);
        } else {
          first_integer_index = integer_digits;
        }
      }
      (seen_point ? fraction_digits : integer_digits) += 1;
    } else {
      break;
    }
    ++pos;
  }
  if (integer_digits + fraction_digits == 0)
    return result;
  int64_t first_weight =
      first_integer_index >= 0 ? integer_digits - 1 - first_integer_index : first_fraction_weight;
  // The exponent: required for hex ('p'), optional for decimal ('e').
  int64_t exponent = 0;
  bool has_exponent = pos < text.size() && (hex ? (text[pos] == 'p' || text[pos] == 'P')
                                                : (text[pos] == 'e' || text[pos] == 'E'));
  if (hex && !has_exponent)
    return result;
  if (has_exponent) {
    ++pos;
    bool negative_exponent = false;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
      negative_exponent = text[pos] == '-';
      ++pos;
    }
    size_t exponent_begin = pos;
    exponent = readExponent(text, pos);
    if (pos == exponent_begin)
      return result;
    if (negative_exponent)
      exponent = -exponent;
  }
  size_t number_end = pos;
  if (pos < text.size()) {
    if (pos != text.size() - 1 || !isTypeSuffix(text[pos]))
      return result;
  }
  result.form = hex ? FloatForm::kHex : FloatForm::kDecimal;
  result.digits = text.substr(number_begin, number_end - number_begin);
  // A hex digit weighs four bits; the 'p' exponent counts bits.
  int64_t magnitude = hex ? first_weight * 4 + exponent : first_weight + exponent;
  result.at_least_one = seen_nonzero && magnitude >= 0;
  return result;
}

template <typename T>
std::optional<T> parseFloating(std::string_view text) {
  std::string_view body = text_trim::trimJava(text);
  FloatText scanned = scanJavaFloat(body);
  constexpr T kInfinity = std::numeric_limits<T>::infinity();
  switch (scanned.form) {
    case FloatForm::kNaN:
      return std::numeric_limits<T>::quiet_NaN();
    case FloatForm::kInfinity:
      return scanned.negative ? -kInfinity : kInfinity;
    case FloatForm::kDecimal:
    case FloatForm::kHex: {
      T value{};
      auto format =
          scanned.form == FloatForm::kHex ? std::chars_format::hex : std::chars_format::general;
      const char* end = scanned.digits.data() + scanned.digits.size();
      auto [ptr, ec] = std::from_chars(scanned.digits.data(), end, value, format);
      if (ec == std::errc::result_out_of_range) {
        value = scanned.at_least_one ? kInfinity : T{0};
      } else if (ec != std::errc() || ptr != end) {
        return std::nullopt;
      }
      return scanned.negative ? -value : value;
    }
    case FloatForm::kInvalid:
      break;
  }
  // Spark's extra spellings (Cast.processFloatingPointSpecialLiterals).
  if (equalsIgnoreCase(body, "inf") || equalsIgnoreCase(body, "+inf") ||
      equalsIgnoreCase(body, "infinity") || equalsIgnoreCase(body, "+infinity")) {
    return kInfinity;
  }
  if (equalsIgnoreCase(body, "-inf") || equalsIgnoreCase(body, "-infinity"))
    return -kInfinity;
  if (equalsIgnoreCase(body, "nan"))
    return std::numeric_limits<T>::quiet_NaN();
  return std::nullopt;
}

// Java's Double.toString / Float.toString: the shortest digits that round-trip (when one digit
// would do, the closest of one or two digits), laid out plain or in "computerized scientific
// notation".
template <typename T>
std::string formatJavaFloating(T value) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value < 0 ? "-Infinity" : "Infinity";
  if (value == 0)
    return std::signbit(value) ? "-0.0" : "0.0";
  std::array<char, 64> buffer;
  auto shortest = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                std::chars_format::scientific);
  std::string_view scientific(buffer.data(), shortest.ptr - buffer.data());
  size_t e_pos = scientific.find('e');
  size_t mantissa_begin = scientific[0] == '-' ? 1 : 0;
  bool one_digit = e_pos - mantissa_begin == 1;
  if (one_digit) {
    shortest = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                             std::chars_format::scientific, 1);
    scientific = std::string_view(buffer.data(), shortest.ptr - buffer.data());
    e_pos = scientific.find('e');
  }
  // Collect the significant digits and the exponent of the first one.
  std::array<char, 32> digits;
  size_t digit_count = 0;
  for (size_t i = mantissa_begin; i < e_pos; ++i) {
    if (scientific[i] != '.')
      digits[digit_count++] = scientific[i];
  }
  while (digit_count > 1 && digits[digit_count - 1] == '0')
    --digit_count;
  int exponent = 0;
  std::from_chars(scientific.data() + e_pos + (scientific[e_pos + 1] == '+' ? 2 : 1),
                  scientific.data() + scientific.size(), exponent);

  std::string out;
  if (value < 0)
    out += '-';
  if (exponent >= -3 && exponent < 7) {
    if (exponent < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-exponent - 1), '0');
      out.append(digits.data(), digit_count);
    } else {
      auto integer_count = static_cast<size_t>(exponent + 1);
      for (size_t i = 0; i < integer_count; ++i)
        out += i < digit_count ? digits[i] : '0';
      out += '.';
      if (digit_count > integer_count) {
        out.append(digits.data() + integer_count, digit_count - integer_count);
      } else {
        out += '0';
      }
    }
    return out;
  }
  out += digits[0];
  out += '.';
  if (digit_count > 1) {
    out.append(digits.data() + 1, digit_count - 1);
  } else {
    out += '0';
  }
  out += 'E';
  out += std::to_string(exponent);
  return out;
}

}  // namespace

std::optional<bool> parseBoolean(std::string_view text) {
  std::string_view word = text_trim::trimSpark(text);
  for (std::string_view yes : {"t", "true", "y", "yes", "1"}) {
    if (equalsIgnoreCase(word, yes))
      return true;
  }
  for (std::string_view no : {"f", "false", "n", "no", "0"}) {
    if (equalsIgnoreCase(word, no))
      return false;
  }
  return std::nullopt;
}

ParseStatus parseIntegral(std::string_view text, int64_t min, int64_t max, int64_t& out,
                          bool allow_fraction) {
  std::string_view body = text_trim::trimSpark(text);
  if (body.empty())
    return ParseStatus::kInvalid;
  size_t pos = 0;
  bool negative = body[0] == '-';
  if (negative || body[0] == '+') {
    if (body.size() == 1)
      return ParseStatus::kInvalid;
    pos = 1;
  }
  // Accumulated as a negative number so that the most negative value parses.
  int64_t result = 0;
  for (; pos < body.size(); ++pos) {
    char c = body[pos];
    if (c == '.' && allow_fraction) {
      ++pos;
      break;
    }
    if (!isAsciiDigit(c))
      return ParseStatus::kInvalid;
    if (__builtin_mul_overflow(result, 10, &result) ||
        __builtin_sub_overflow(result, c - '0', &result)) {
      return ParseStatus::kInvalid;
    }
  }
  // The dropped fraction must still be digits.
  for (; pos < body.size(); ++pos) {
    if (!isAsciiDigit(body[pos]))
      return ParseStatus::kInvalid;
  }
  if (!negative) {
    if (result == std::numeric_limits<int64_t>::min())
      return ParseStatus::kInvalid;
    result = -result;
  }
  if (result < min || result > max)
    return ParseStatus::kInvalid;
  out = result;
  return ParseStatus::kOk;
}

std::optional<double> parseDouble(std::string_view text) {
  return parseFloating<double>(text);
}

std::optional<float> parseFloat(std::string_view text) {
  return parseFloating<float>(text);
}

ParseStatus parseDecimal(std::string_view text, int precision, int scale, int128_t& out) {
  std::string_view body = text_trim::trimJava(text);
  size_t pos = 0;
  bool negative = false;
  if (pos < body.size() && (body[pos] == '+' || body[pos] == '-')) {
    negative = body[pos] == '-';
    ++pos;
  }
  // Pass 1: the shape of the mantissa and the exponent.
  size_t mantissa_begin = pos;
  int64_t integer_digits = 0;
  int64_t fraction_digits = 0;
  bool seen_point = false;
  for (; pos < body.size(); ++pos) {
    char c = body[pos];
    if (c == '.') {
      if (seen_point)
        return ParseStatus::kInvalid;
      seen_point = true;
    } else if (isAsciiDigit(c)) {
      (seen_point ? fraction_digits : integer_digits) += 1;
    } else {
      break;
    }
  }
  size_t mantissa_end = pos;
  if (integer_digits + fraction_digits == 0)
    return ParseStatus::kInvalid;
  int64_t exponent = 0;
  if (pos < body.size() && (body[pos] == 'e' || body[pos] == 'E')) {
    ++pos;
    bool negative_exponent = false;
    if (pos < body.size() && (body[pos] == '+' || body[pos] == '-')) {
      negative_exponent = body[pos] == '-';
      ++pos;
    }
    size_t exponent_begin = pos;
    exponent = readExponent(body, pos);
    if (pos == exponent_begin)
      return ParseStatus::kInvalid;
    // BigDecimal rejects an exponent outside int's range.
    if (exponent > std::numeric_limits<int32_t>::max())
      return ParseStatus::kInvalid;
    if (negative_exponent)
      exponent = -exponent;
  }
  if (pos != body.size())
    return ParseStatus::kInvalid;

  // The weight (power of ten) of each mantissa digit is known from its position; find the
  // first non-zero digit to size the number as BigDecimal does.
  int64_t first_weight = 0;
  int64_t last_weight = -fraction_digits + exponent;
  bool nonzero = false;
  {
    int64_t weight = integer_digits - 1 + exponent;
    for (size_t i = mantissa_begin; i < mantissa_end; ++i) {
      if (body[i] == '.')
        continue;
      if (body[i] != '0') {
        first_weight = weight;
        nonzero = true;
        break;
      }
      --weight;
    }
  }
  // Spark refuses more than 38 integral digits before rounding (precision - scale of the
  // BigDecimal, which counts a zero as one digit).
  int64_t integral_digits = nonzero ? first_weight + 1 : 1 + last_weight;
  if (integral_digits > DataType::kMaxDecimalPrecision)
    return ParseStatus::kOverflow;
  if (!nonzero) {
    out = 0;
    return ParseStatus::kOk;
  }

  // Pass 2: accumulate the digits down to weight -scale, then round on the next one.
  using uint128_t = unsigned __int128;
  const uint128_t limit = static_cast<uint128_t>(decimal::powerOfTen(precision));
  uint128_t magnitude = 0;
  int64_t weight = integer_digits - 1 + exponent;
  int64_t lowest_kept = weight + 1;
  bool round_up = false;
  for (size_t i = mantissa_begin; i < mantissa_end; ++i) {
    if (body[i] == '.')
      continue;
    int digit = body[i] - '0';
    if (weight >= -scale) {
      magnitude = magnitude * 10 + static_cast<unsigned>(digit);
      if (magnitude >= limit)
        return ParseStatus::kOverflow;
      lowest_kept = weight;
    } else {
      round_up = weight == -scale - 1 && digit >= 5;
      break;
    }
    --weight;
  }
  // Trailing zeros implied by a positive exponent (or a short fraction).
  if (lowest_kept > -scale) {
    int64_t zeros = lowest_kept + scale;
    for (int64_t i = 0; i < zeros; ++i) {
      magnitude *= 10;
      if (magnitude >= limit)
        return ParseStatus::kOverflow;
    }
  }
  if (round_up) {
    ++magnitude;
    if (magnitude >= limit)
      return ParseStatus::kOverflow;
  }
  auto signed_value = static_cast<int128_t>(magnitude);
  out = negative ? -signed_value : signed_value;
  return ParseStatus::kOk;
}

std::string formatDouble(double value) {
  return formatJavaFloating(value);
}

std::string formatFloat(float value) {
  return formatJavaFloating(value);
}

std::string formatDecimal(int128_t unscaled, int scale) {
  std::string digits = decimal::int128ToString(unscaled);
  bool negative = unscaled < 0;
  if (negative)
    digits.erase(0, 1);
  if (scale > 0) {
    auto fraction = static_cast<size_t>(scale);
    if (digits.size() <= fraction)
      digits.insert(0, fraction - digits.size() + 1, '0');
    digits.insert(digits.size() - fraction, 1, '.');
  }
  if (negative)
    digits.insert(0, 1, '-');
  return digits;
}

std::string formatDecimalScientific(int128_t unscaled, int scale) {
  std::string digits = decimal::int128ToString(unscaled);
  size_t sign = unscaled < 0 ? 1 : 0;
  int64_t adjusted = -int64_t{scale} + static_cast<int64_t>(digits.size() - sign) - 1;
  if (scale <= 0 || adjusted >= -6)
    return formatDecimal(unscaled, scale);
  if (digits.size() - sign > 1)
    digits.insert(sign + 1, 1, '.');
  return digits + "E" + std::to_string(adjusted);
}

}  // namespace sluice
