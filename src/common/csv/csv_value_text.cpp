// src/common/csv/csv_value_text.cpp
//
// Java's number and boolean grammars for CSV values; floating-point digits are read by the
// CAST parser, whose grammar is Java's plus a few spellings refused here.
#include "common/csv/csv_value_text.hpp"

#include <cmath>

#include "common/text/ascii_case.hpp"
#include "common/types/value_text.hpp"

namespace sluice::csv {

namespace {

// The CAST parser also reads "inf", "+infinity" and "nan" in any case; Java reads only
// "NaN" and "Infinity" (after an optional sign), spelled so.
bool isJavaSpelling(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && static_cast<unsigned char>(text[begin]) <= ' ')
    ++begin;
  while (end > begin && static_cast<unsigned char>(text[end - 1]) <= ' ')
    --end;
  std::string_view body = text.substr(begin, end - begin);
  if (!body.empty() && (body[0] == '+' || body[0] == '-'))
    body.remove_prefix(1);
  if (body.empty())
    return false;
  if (isAsciiDigit(body[0]) || body[0] == '.')
    return true;  // digits that overflowed
  return body == "NaN" || body == "Infinity";
}

}  // namespace

bool hasOuterSpace(std::string_view text) {
  return !text.empty() && (static_cast<unsigned char>(text.front()) <= ' ' ||
                           static_cast<unsigned char>(text.back()) <= ' ');
}

bool parseJavaIntegral(std::string_view text, int64_t min, int64_t max, int64_t& out) {
  size_t pos = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    pos = 1;
  }
  if (pos == text.size())
    return false;
  if (text.size() - pos <= 18) {
    // Up to 18 digits fit in int64: no overflow checks in the loop.
    int64_t value = 0;
    for (; pos < text.size(); ++pos) {
      char c = text[pos];
      if (!isAsciiDigit(c))
        return false;
      value = value * 10 + (c - '0');
    }
    if (negative)
      value = -value;
    if (value < min || value > max)
      return false;
    out = value;
    return true;
  }
  // Leading zeros never overflow; the bound is checked after every digit.
  __int128 bound = negative ? -static_cast<__int128>(min) : static_cast<__int128>(max);
  __int128 value = 0;
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (!isAsciiDigit(c))
      return false;
    value = value * 10 + (c - '0');
    if (value > bound)
      return false;
  }
  out = static_cast<int64_t>(negative ? -value : value);
  return true;
}

std::optional<double> parseJavaDouble(std::string_view text) {
  std::optional<double> value = parseDouble(text);
  if (value && (std::isnan(*value) || std::isinf(*value)) && !isJavaSpelling(text)) {
    return std::nullopt;
  }
  return value;
}

std::optional<float> parseJavaFloat(std::string_view text) {
  std::optional<float> value = parseFloat(text);
  if (value && (std::isnan(*value) || std::isinf(*value)) && !isJavaSpelling(text)) {
    return std::nullopt;
  }
  return value;
}

std::optional<bool> parseJavaBoolean(std::string_view text) {
  if (sameIdentifier(text, "true"))
    return true;
  if (sameIdentifier(text, "false"))
    return false;
  return std::nullopt;
}

bool scanBigDecimal(std::string_view text, int64_t& precision, int64_t& scale) {
  size_t pos = 0;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
    ++pos;
  int64_t significant = 0;  // digits from the first non-zero one
  int64_t fraction_digits = 0;
  bool any_digit = false;
  bool point = false;
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '.') {
      if (point)
        return false;
      point = true;
    } else if (isAsciiDigit(c)) {
      any_digit = true;
      if (significant > 0 || c != '0')
        ++significant;
      if (point)
        ++fraction_digits;
    } else {
      break;
    }
  }
  if (!any_digit)
    return false;
  int64_t exponent = 0;
  if (pos < text.size()) {
    if (text[pos] != 'e' && text[pos] != 'E')
      return false;
    ++pos;
    bool negative = false;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
      negative = text[pos] == '-';
      ++pos;
    }
    if (pos == text.size())
      return false;
    for (; pos < text.size(); ++pos) {
      if (!isAsciiDigit(text[pos]))
        return false;
      // BigDecimal refuses exponents beyond int; far smaller ones already make no DECIMAL.
      if (exponent > 1'000'000'000)
        return false;
      exponent = exponent * 10 + (text[pos] - '0');
    }
    if (negative)
      exponent = -exponent;
  }
  precision = significant == 0 ? 1 : significant;
  scale = fraction_digits - exponent;
  return true;
}

}  // namespace sluice::csv
