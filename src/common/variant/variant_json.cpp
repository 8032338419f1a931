// src/common/variant/variant_json.cpp
#include "common/variant/variant_json.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "common/error/error.hpp"
#include "common/text/base64.hpp"
#include "common/text/json_text.hpp"
#include "common/text/percent_decoding.hpp"
#include "common/text/utf8_encode.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice::variant {

namespace {

constexpr size_t kMaxDecimalDigits = 38;

//! A recursive-descent reader of one JSON value straight into a VariantBuilder. Strings
//! without escapes are passed on as views of the text; the per-depth lists of fields and
//! offsets are kept in `scratch` for the next value.
class JsonReader {
 public:
  JsonReader(VariantBuilder& builder, std::string_view text, JsonToVariant::Scratch& scratch)
      : builder_(builder), text_(text), scratch_(scratch) {}

  bool readRoot() {
    skipWhitespace();
    if (atEnd())
      return false;
    char first = text_[position_];
    if (!readValue(0))
      return false;
    // A top-level number or literal must be followed by whitespace or nothing.
    bool scalar = first != '{' && first != '[' && first != '"';
    return !scalar || atEnd() || isWhitespace(text_[position_]);
  }

 private:
  static bool isWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  bool atEnd() const { return position_ >= text_.size(); }
  void skipWhitespace() {
    while (!atEnd() && isWhitespace(text_[position_]))
      ++position_;
  }

  bool readValue(int depth) {
    if (atEnd())
      return false;
    switch (text_[position_]) {
      case '{':
        return depth < kMaxNestingDepth && readObject(depth + 1);
      case '[':
        return depth < kMaxNestingDepth && readArray(depth + 1);
      case '"': {
        std::string_view text;
        if (!readString(text, scratch_.decoded))
          return false;
        builder_.appendString(text);
        return true;
      }
      case 't':
        return readLiteral("true", [this] { builder_.appendBoolean(true); });
      case 'f':
        return readLiteral("false", [this] { builder_.appendBoolean(false); });
      case 'n':
        return readLiteral("null", [this] { builder_.appendNull(); });
      default:
        return readNumber();
    }
  }

  template <typename Append>
  bool readLiteral(std::string_view word, Append append) {
    if (text_.substr(position_, word.size()) != word)
      return false;
    position_ += word.size();
    if (!atEnd()) {
      char next = text_[position_];
      if (std::isalnum(static_cast<unsigned char>(next)) || next == '_' || next == '$')
        return false;  // "truex": Jackson's unrecognized token
    }
    append();
    return true;
  }

  //! The field list of objects at `depth`, emptied.
  std::vector<VariantBuilder::FieldEntry>& fieldsAt(int depth) {
    if (scratch_.fields.size() <= static_cast<size_t>(depth))
      scratch_.fields.resize(depth + 1);
    scratch_.fields[depth].clear();
    return scratch_.fields[depth];
  }

  std::vector<size_t>& offsetsAt(int depth) {
    if (scratch_.offsets.size() <= static_cast<size_t>(depth))
      scratch_.offsets.resize(depth + 1);
    scratch_.offsets[depth].clear();
    return scratch_.offsets[depth];
  }

  bool readObject(int depth) {
    ++position_;  // '{'
    size_t start = builder_.position();
    std::vector<VariantBuilder::FieldEntry>& fields = fieldsAt(depth);
    skipWhitespace();
    if (!atEnd() && text_[position_] == '}') {
      ++position_;
      builder_.finishObject(start, fields);
      return true;
    }
    while (true) {
      skipWhitespace();
      std::string_view key;
      std::string decoded;
      if (atEnd() || text_[position_] != '"' || !readString(key, decoded))
        return false;
      if (key.data() == decoded.data()) {
        // An escaped key: kept until the object is finished.
        scratch_.decoded_keys.push_back(std::move(decoded));
        key = scratch_.decoded_keys.back();
      }
      skipWhitespace();
      if (atEnd() || text_[position_] != ':')
        return false;
      ++position_;
      skipWhitespace();
      uint32_t id = builder_.addKey(key);
      fields.push_back({key, id, builder_.position() - start});
      if (!readValue(depth))
        return false;
      skipWhitespace();
      if (atEnd())
        return false;
      char c = text_[position_++];
      if (c == '}')
        break;
      if (c != ',')
        return false;
    }
    builder_.finishObject(start, fields);
    return true;
  }

  bool readArray(int depth) {
    ++position_;  // '['
    size_t start = builder_.position();
    std::vector<size_t>& offsets = offsetsAt(depth);
    skipWhitespace();
    if (!atEnd() && text_[position_] == ']') {
      ++position_;
      builder_.finishArray(start, offsets);
      return true;
    }
    while (true) {
      skipWhitespace();
      offsets.push_back(builder_.position() - start);
      if (!readValue(depth))
        return false;
      skipWhitespace();
      if (atEnd())
        return false;
      char c = text_[position_++];
      if (c == ']')
        break;
      if (c != ',')
        return false;
    }
    builder_.finishArray(start, offsets);
    return true;
  }

  bool readHex4(char32_t& out) {
    if (position_ + 4 > text_.size())
      return false;
    out = 0;
    for (int i = 0; i < 4; ++i) {
      int digit = hexDigitValue(text_[position_++]);
      if (digit < 0)
        return false;
      out = out * 16 + static_cast<char32_t>(digit);
    }
    return true;
  }

  //! Reads a string: `out` views the text itself when it has no escape, else `decoded`, which
  //! then holds the decoded bytes.
  bool readString(std::string_view& out, std::string& decoded) {
    ++position_;  // '"'
    size_t start = position_;
    while (true) {
      if (atEnd())
        return false;
      char c = text_[position_];
      if (c == '"') {
        out = text_.substr(start, position_ - start);
        ++position_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return false;  // Jackson refuses raw control characters by default
      if (c == '\\')
        break;
      ++position_;
    }
    decoded.assign(text_.substr(start, position_ - start));
    if (!readEscapedRest(decoded))
      return false;
    out = decoded;
    return true;
  }

  //! Decodes the rest of a string from the first backslash on, up to its closing quote.
  bool readEscapedRest(std::string& out) {
    while (true) {
      if (atEnd())
        return false;
      char c = text_[position_++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return false;
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (atEnd())
        return false;
      char escape = text_[position_++];
      switch (escape) {
        case '"':
        case '\\':
        case '/':
          out.push_back(escape);
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'n':
          out.push_back('\n');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'u': {
          char32_t unit;
          if (!readHex4(unit))
            return false;
          if (unit >= 0xD800 && unit <= 0xDBFF && text_.substr(position_, 2) == "\\u") {
            size_t saved = position_;
            position_ += 2;
            char32_t low;
            if (readHex4(low) && low >= 0xDC00 && low <= 0xDFFF) {
              appendUtf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
              break;
            }
            position_ = saved;
          }
          // A lone surrogate has no UTF-8 form; Java writes '?' for it.
          if (unit >= 0xD800 && unit <= 0xDFFF)
            out.push_back('?');
          else
            appendUtf8(out, unit);
          break;
        }
        default:
          return false;
      }
    }
  }

  bool readNumber() {
    size_t start = position_;
    if (text_[position_] == '-')
      ++position_;
    size_t integer_start = position_;
    while (!atEnd() && isDigit(text_[position_]))
      ++position_;
    size_t integer_digits = position_ - integer_start;
    if (integer_digits == 0)
      return false;
    if (integer_digits > 1 && text_[integer_start] == '0')
      return false;  // leading zeros
    size_t fraction_digits = 0;
    bool fraction = !atEnd() && text_[position_] == '.';
    if (fraction) {
      ++position_;
      size_t fraction_start = position_;
      while (!atEnd() && isDigit(text_[position_]))
        ++position_;
      fraction_digits = position_ - fraction_start;
      if (fraction_digits == 0)
        return false;
    }
    bool exponent = !atEnd() && (text_[position_] == 'e' || text_[position_] == 'E');
    if (exponent) {
      ++position_;
      if (!atEnd() && (text_[position_] == '+' || text_[position_] == '-'))
        ++position_;
      size_t exponent_start = position_;
      while (!atEnd() && isDigit(text_[position_]))
        ++position_;
      if (position_ == exponent_start)
        return false;
    }
    std::string_view token = text_.substr(start, position_ - start);
    bool negative = token[0] == '-';
    if (!exponent) {
      // The digits as one unscaled integer, when they fit a DECIMAL(38).
      int128_t unscaled = 0;
      size_t significant = 0;
      bool fits = true;
      for (char c : token) {
        if (!isDigit(c))
          continue;
        if (significant > 0 || c != '0')
          ++significant;
        if (significant > kMaxDecimalDigits) {
          fits = false;
          break;
        }
        unscaled = unscaled * 10 + (c - '0');
      }
      fits = fits && fraction_digits <= kMaxDecimalDigits;
      if (negative)
        unscaled = -unscaled;
      if (fits && !fraction && unscaled >= INT64_MIN && unscaled <= INT64_MAX) {
        builder_.appendLong(static_cast<int64_t>(unscaled));
        return true;
      }
      if (fits) {
        builder_.appendDecimal(unscaled, static_cast<int>(fraction_digits));
        return true;
      }
    }
    builder_.appendDouble(std::strtod(std::string(token).c_str(), nullptr));
    return true;
  }

  VariantBuilder& builder_;
  std::string_view text_;
  JsonToVariant::Scratch& scratch_;
  size_t position_ = 0;
};

void appendQuoted(std::string& out, std::string_view text) {
  out.push_back('"');
  out.append(text);
  out.push_back('"');
}

//! java.time's "+HH:MM" offset pattern: seconds dropped, "+00:00" for UTC.
void appendOffset(std::string& out, int32_t offset_seconds) {
  out.push_back(offset_seconds < 0 ? '-' : '+');
  int32_t magnitude = std::abs(offset_seconds);
  int32_t hours = magnitude / 3600;
  int32_t minutes = magnitude / 60 % 60;
  out.push_back(static_cast<char>('0' + hours / 10));
  out.push_back(static_cast<char>('0' + hours % 10));
  out.push_back(':');
  out.push_back(static_cast<char>('0' + minutes / 10));
  out.push_back(static_cast<char>('0' + minutes % 10));
}

}  // namespace

bool JsonToVariant::append(VariantBuilder& builder, std::string_view text) {
  scratch_.decoded_keys.clear();
  return JsonReader(builder, text, scratch_).readRoot();
}

bool JsonToVariant::encode(std::string_view text, std::string& out) {
  builder_.clear();
  try {
    if (!append(builder_, text))
      return false;
  } catch (const Error& error) {
    if (error.errorClass() != ErrorClass::VARIANT_DUPLICATE_KEY)
      throw;
    return false;
  }
  builder_.finishInto(out, function_);
  return true;
}

bool appendJson(VariantBuilder& builder, std::string_view text) {
  JsonToVariant parser;
  return parser.append(builder, text);
}

std::string formatUuid(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      out.push_back('-');
    auto byte = static_cast<uint8_t>(bytes[i]);
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 0xF]);
  }
  return out;
}

DecimalValue stripTrailingZeros(DecimalValue decimal) {
  while (decimal.scale > 0 && decimal.unscaled % 10 == 0) {
    decimal.unscaled /= 10;
    --decimal.scale;
  }
  return decimal;
}

namespace {

void appendJsonTextAt(std::string& out, const VariantRef& value, const TimeZone& zone, int depth) {
  if (depth > kMaxNestingDepth)
    throwMalformed();
  switch (value.type()) {
    case Type::kObject: {
      out.push_back('{');
      uint32_t size = value.objectSize();
      for (uint32_t i = 0; i < size; ++i) {
        if (i > 0)
          out.push_back(',');
        ObjectField field = value.fieldAt(i);
        appendJsonString(out, field.key);
        out.push_back(':');
        appendJsonTextAt(out, field.value, zone, depth + 1);
      }
      out.push_back('}');
      return;
    }
    case Type::kArray: {
      out.push_back('[');
      uint32_t size = value.arraySize();
      for (uint32_t i = 0; i < size; ++i) {
        if (i > 0)
          out.push_back(',');
        appendJsonTextAt(out, value.elementAt(i), zone, depth + 1);
      }
      out.push_back(']');
      return;
    }
    case Type::kNull:
      out += "null";
      return;
    case Type::kBoolean:
      out += value.getBoolean() ? "true" : "false";
      return;
    case Type::kLong:
      out += std::to_string(value.getLong());
      return;
    case Type::kDouble:
      out += formatDouble(value.getDouble());
      return;
    case Type::kFloat:
      out += formatFloat(value.getFloat());
      return;
    case Type::kDecimal: {
      DecimalValue decimal = stripTrailingZeros(value.getDecimal());
      out += formatDecimal(decimal.unscaled, decimal.scale);
      return;
    }
    case Type::kString:
      appendJsonString(out, value.getString());
      return;
    case Type::kBinary:
      out.push_back('"');
      appendBase64(out, value.getString());
      out.push_back('"');
      return;
    case Type::kDate:
      appendQuoted(out, formatDate(static_cast<int32_t>(value.getLong())));
      return;
    case Type::kTimestamp: {
      int64_t micros = value.getLong();
      out.push_back('"');
      out += formatTimestamp(micros, zone);
      appendOffset(out, zone.offsetAtUtc(micros));
      out.push_back('"');
      return;
    }
    case Type::kTimestampNtz:
      appendQuoted(out, formatTimestampNtz(value.getLong()));
      return;
    case Type::kUuid:
      appendQuoted(out, formatUuid(value.getUuid()));
      return;
  }
}

}  // namespace

void appendJsonText(std::string& out, const VariantRef& value, const TimeZone& zone) {
  appendJsonTextAt(out, value, zone, 0);
}

}  // namespace sluice::variant
