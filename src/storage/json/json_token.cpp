// src/storage/json/json_token.cpp
//
// Token classification and scalar parsing for the JSON reader and schema inference.
#include "storage/json/json_token.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "common/text/ascii_case.hpp"
#include "common/types/value_text.hpp"

namespace sluice::json {

namespace {

std::optional<double> nonNumericToken(std::string_view token) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  if (token == "NaN")
    return std::numeric_limits<double>::quiet_NaN();
  if (token == "Infinity" || token == "+Infinity" || token == "+INF")
    return kInfinity;
  if (token == "-Infinity" || token == "-INF")
    return -kInfinity;
  return std::nullopt;
}

}  // namespace

bool isJsonNumber(std::string_view token, bool& is_integer) {
  size_t size = token.size();
  size_t index = 0;
  if (index < size && token[index] == '-')
    ++index;
  if (index == size)
    return false;
  if (token[index] == '0') {
    ++index;
  } else if (isAsciiDigit(token[index])) {
    while (index < size && isAsciiDigit(token[index]))
      ++index;
  } else {
    return false;
  }
  is_integer = true;
  if (index < size && token[index] == '.') {
    ++index;
    size_t digits = index;
    while (index < size && isAsciiDigit(token[index]))
      ++index;
    if (index == digits)
      return false;
    is_integer = false;
  }
  if (index < size && (token[index] == 'e' || token[index] == 'E')) {
    ++index;
    if (index < size && (token[index] == '+' || token[index] == '-'))
      ++index;
    size_t digits = index;
    while (index < size && isAsciiDigit(token[index]))
      ++index;
    if (index == digits)
      return false;
    is_integer = false;
  }
  return index == size;
}

TokenKind classifyToken(std::string_view token) {
  if (token.empty())
    return TokenKind::kInvalid;
  switch (token[0]) {
    case '{':
      return TokenKind::kObject;
    case '[':
      return TokenKind::kArray;
    case '"':
      return token.size() >= 2 && token.back() == '"' ? TokenKind::kString : TokenKind::kInvalid;
    case 't':
      return token == "true" ? TokenKind::kTrue : TokenKind::kInvalid;
    case 'f':
      return token == "false" ? TokenKind::kFalse : TokenKind::kInvalid;
    case 'n':
      return token == "null" ? TokenKind::kNull : TokenKind::kInvalid;
    default:
      break;
  }
  bool is_integer = false;
  if (isJsonNumber(token, is_integer))
    return is_integer ? TokenKind::kInteger : TokenKind::kFloat;
  return nonNumericToken(token) ? TokenKind::kNonNumeric : TokenKind::kInvalid;
}

std::string_view jacksonTokenName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kObject:
      return "START_OBJECT";
    case TokenKind::kArray:
      return "START_ARRAY";
    case TokenKind::kString:
      return "VALUE_STRING";
    case TokenKind::kInteger:
      return "VALUE_NUMBER_INT";
    case TokenKind::kFloat:
    case TokenKind::kNonNumeric:
      return "VALUE_NUMBER_FLOAT";
    case TokenKind::kTrue:
      return "VALUE_TRUE";
    case TokenKind::kFalse:
      return "VALUE_FALSE";
    case TokenKind::kNull:
      return "VALUE_NULL";
    case TokenKind::kInvalid:
      break;
  }
  return "NOT_AVAILABLE";
}

IntegerToken parseIntegerToken(std::string_view token, int64_t& out) {
  size_t size = token.size();
  size_t index = 0;
  bool negative = index < size && token[index] == '-';
  if (negative)
    ++index;
  size_t first_digit = index;
  uint64_t magnitude = 0;
  bool overflow = false;
  while (index < size && isAsciiDigit(token[index])) {
    uint64_t digit = static_cast<uint64_t>(token[index] - '0');
    if (magnitude > (UINT64_MAX - digit) / 10)
      overflow = true;
    magnitude = magnitude * 10 + digit;
    ++index;
  }
  if (index != size || index == first_digit)
    return IntegerToken::kNotInteger;
  // A leading zero is not JSON ("01"): let the caller classify the token as invalid.
  if (token[first_digit] == '0' && size - first_digit > 1)
    return IntegerToken::kNotInteger;
  constexpr uint64_t kMaxMagnitude = uint64_t{1} << 63;
  if (overflow || magnitude > kMaxMagnitude || (!negative && magnitude == kMaxMagnitude)) {
    return IntegerToken::kOverflow;
  }
  out = negative ? static_cast<int64_t>(uint64_t{0} - magnitude) : static_cast<int64_t>(magnitude);
  return IntegerToken::kOk;
}

double numberTokenToDouble(std::string_view token, TokenKind kind) {
  if (kind == TokenKind::kNonNumeric)
    return *nonNumericToken(token);
  double value = 0;
  auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error == std::errc() && end == token.data() + token.size())
    return value;
  // Out of range: Java's rules (overflow to infinity, underflow to zero).
  return parseDouble(token).value_or(0.0);
}

float numberTokenToFloat(std::string_view token, TokenKind kind) {
  if (kind == TokenKind::kNonNumeric)
    return static_cast<float>(*nonNumericToken(token));
  float value = 0;
  auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error == std::errc() && end == token.data() + token.size())
    return value;
  return parseFloat(token).value_or(0.0f);
}

std::optional<double> nonNumericString(std::string_view text) {
  return nonNumericToken(text);
}

}  // namespace sluice::json
