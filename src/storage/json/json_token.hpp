// src/storage/json/json_token.hpp
//
// The tokens of JSON text as simdjson's On-Demand API hands them over (raw_json_token: the
// token and the whitespace up to the next one): their kind, and their scalar value by
// Jackson's rules, which Spark's JSON reader follows. Everything here looks at the token's
// own bytes only, so a truncated record can never make it read past its end. Numbers are
// checked against the JSON grammar here (simdjson leaves atoms unchecked until asked).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sluice::json {

enum class TokenKind : uint8_t {
  kObject,      // '{'
  kArray,       // '['
  kString,      // a quoted string (its escapes are checked when it is unescaped)
  kInteger,     // a JSON number without fraction or exponent
  kFloat,       // a JSON number with a fraction or an exponent
  kNonNumeric,  // NaN, Infinity, +Infinity, -Infinity, +INF, -INF (Jackson's non-numeric numbers)
  kTrue,
  kFalse,
  kNull,
  kInvalid,  // anything else: the record is malformed
};

//! JSON's whitespace: space, tab, line feed, carriage return.
inline bool isJsonSpace(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

//! Drops the whitespace that raw_json_token() keeps after a token.
inline std::string_view trimToken(std::string_view raw) {
  size_t size = raw.size();
  while (size > 0 && isJsonSpace(raw[size - 1]))
    --size;
  return raw.substr(0, size);
}

//! The offset of the first byte of `text` that is not whitespace (text.size() if none).
inline size_t skipJsonSpace(std::string_view text) {
  size_t offset = 0;
  while (offset < text.size() && isJsonSpace(text[offset]))
    ++offset;
  return offset;
}

//! The kind of a trimmed token; numbers and literals are checked in full.
TokenKind classifyToken(std::string_view token);

//! Jackson's token names (JsonToken), used in error messages: "VALUE_STRING", "START_OBJECT".
std::string_view jacksonTokenName(TokenKind kind);

//! True when `token` is a JSON number; `is_integer` tells whether it lacks fraction and exponent.
bool isJsonNumber(std::string_view token, bool& is_integer);

enum class IntegerToken : uint8_t {
  kOk,
  kNotInteger,  // not an integer token (maybe another number, maybe not a number at all)
  kOverflow,    // an integer outside int64
};

//! Parses an integer token into `out`.
IntegerToken parseIntegerToken(std::string_view token, int64_t& out);

//! The value of a number token (kInteger, kFloat or kNonNumeric) as Jackson's getDoubleValue
//! gives it: overflow is infinite, underflow zero.
double numberTokenToDouble(std::string_view token, TokenKind kind);
//! As numberTokenToDouble, rounded once to float (Jackson's getFloatValue).
float numberTokenToFloat(std::string_view token, TokenKind kind);

//! The value of the strings Spark reads as FLOAT / DOUBLE besides numbers: "NaN", "Infinity",
//! "+Infinity", "-Infinity", "+INF", "-INF" (exact spelling).
std::optional<double> nonNumericString(std::string_view text);

//! The bytes between the quotes of a string token when it has no escapes, which is the
//! common case; nullopt when it has a backslash (simdjson unescapes those).
inline std::optional<std::string_view> plainStringContent(std::string_view token) {
  std::string_view content = token.substr(1, token.size() - 2);
  if (content.find('\\') != std::string_view::npos)
    return std::nullopt;
  return content;
}

}  // namespace sluice::json
