// src/function/scalar/charset_functions.cpp
//
// Text and its bytes in a character set, and the UTF-8 checks of STRING values.
// - encode(str, charset) / decode(bin, charset) with the charsets Spark accepts without its
//   legacy switch: US-ASCII, ISO-8859-1, UTF-8, UTF-16BE, UTF-16LE, UTF-16 (big-endian, with
//   a byte-order mark when encoding; a mark is honoured when decoding) and UTF-32 (big-endian),
//   names compared case-insensitively. Another name is INVALID_PARAMETER_VALUE.CHARSET. A
//   character the charset cannot hold becomes '?' and bytes that are not valid in it U+FFFD,
//   as Java's encoders and decoders replace them. The n-argument form decode(expr, search,
//   result, ...) is a CASE expression (planner/binder/conditional_binder.cpp).
// - is_valid_utf8, make_valid_utf8 (each ill-formed sequence becomes U+FFFD), validate_utf8
//   (INVALID_UTF8_STRING when ill-formed) and try_validate_utf8 (NULL when ill-formed).
#include <cctype>

#include "common/error/error.hpp"
#include "common/text/utf8_encode.hpp"
#include "common/text/utf8_repair.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

enum class Charset { kUsAscii, kIso88591, kUtf8, kUtf16Be, kUtf16Le, kUtf16, kUtf32 };

std::optional<Charset> findCharset(std::string_view name) {
  std::string upper;
  for (char c : name)
    upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "US-ASCII")
    return Charset::kUsAscii;
  if (upper == "ISO-8859-1")
    return Charset::kIso88591;
  if (upper == "UTF-8")
    return Charset::kUtf8;
  if (upper == "UTF-16BE")
    return Charset::kUtf16Be;
  if (upper == "UTF-16LE")
    return Charset::kUtf16Le;
  if (upper == "UTF-16")
    return Charset::kUtf16;
  if (upper == "UTF-32")
    return Charset::kUtf32;
  return std::nullopt;
}

[[noreturn]] void raiseUnknownCharset(std::string_view function, std::string_view name) {
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "CHARSET",
              fmt::format("The value of parameter(s) `charset` in `{}` is invalid: expects one of "
                          "the charsets 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', "
                          "'UTF-16LE', 'UTF-16', 'UTF-32', but got {}.",
                          function, name));
}

void appendUnit16(std::string& out, uint32_t unit, bool big_endian) {
  char high = static_cast<char>(unit >> 8);
  char low = static_cast<char>(unit & 0xFF);
  out += big_endian ? high : low;
  out += big_endian ? low : high;
}

void encodeText(std::string& out, std::string_view text, Charset charset) {
  std::string valid = std::string(text);
  repairUtf8(valid);
  if (charset == Charset::kUtf8) {
    out += valid;
    return;
  }
  if (charset == Charset::kUtf16)
    out += "\xFE\xFF";
  size_t offset = 0;
  while (offset < valid.size()) {
    size_t length = 1;
    char32_t code = utf8::decode(valid, offset, length);
    offset += length;
    switch (charset) {
      case Charset::kUsAscii:
        out += code < 0x80 ? static_cast<char>(code) : '?';
        break;
      case Charset::kIso88591:
        out += code < 0x100 ? static_cast<char>(code) : '?';
        break;
      case Charset::kUtf16Be:
      case Charset::kUtf16Le:
      case Charset::kUtf16: {
        bool big_endian = charset != Charset::kUtf16Le;
        if (code >= 0x10000) {
          uint32_t value = code - 0x10000;
          appendUnit16(out, 0xD800 + (value >> 10), big_endian);
          appendUnit16(out, 0xDC00 + (value & 0x3FF), big_endian);
        } else {
          appendUnit16(out, code, big_endian);
        }
        break;
      }
      case Charset::kUtf32:
        for (int shift = 24; shift >= 0; shift -= 8)
          out += static_cast<char>((code >> shift) & 0xFF);
        break;
      case Charset::kUtf8:
        break;
    }
  }
}

void decodeBytes(std::string& out, std::string_view bytes, Charset charset) {
  constexpr char32_t kReplacement = 0xFFFD;
  switch (charset) {
    case Charset::kUtf8:
      appendRepairedUtf8(out, bytes);
      return;
    case Charset::kUsAscii:
      for (char c : bytes)
        appendUtf8(out,
                   static_cast<unsigned char>(c) < 0x80 ? static_cast<char32_t>(c) : kReplacement);
      return;
    case Charset::kIso88591:
      for (char c : bytes)
        appendUtf8(out, static_cast<unsigned char>(c));
      return;
    case Charset::kUtf32:
      for (size_t i = 0; i < bytes.size(); i += 4) {
        if (i + 4 > bytes.size()) {
          appendUtf8(out, kReplacement);
          break;
        }
        char32_t code = 0;
        for (size_t k = 0; k < 4; ++k)
          code = (code << 8) | static_cast<unsigned char>(bytes[i + k]);
        bool valid = code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF);
        appendUtf8(out, valid ? code : kReplacement);
      }
      return;
    default:
      break;
  }
  bool big_endian = charset != Charset::kUtf16Le;
  size_t i = 0;
  if (charset == Charset::kUtf16 && bytes.size() >= 2) {
    auto first = static_cast<unsigned char>(bytes[0]);
    auto second = static_cast<unsigned char>(bytes[1]);
    if ((first == 0xFE && second == 0xFF) || (first == 0xFF && second == 0xFE)) {
      big_endian = first == 0xFE;
      i = 2;
    }
  }
  auto unit_at = [&](size_t at) -> uint32_t {
    auto a = static_cast<unsigned char>(bytes[at]);
    auto b = static_cast<unsigned char>(bytes[at + 1]);
    return big_endian ? (uint32_t{a} << 8) | b : (uint32_t{b} << 8) | a;
  };
  while (i < bytes.size()) {
    if (i + 2 > bytes.size()) {
      appendUtf8(out, kReplacement);
      break;
    }
    uint32_t unit = unit_at(i);
    i += 2;
    if (unit >= 0xD800 && unit <= 0xDBFF && i + 2 <= bytes.size()) {
      uint32_t low = unit_at(i);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        appendUtf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
        continue;
      }
    }
    bool surrogate = unit >= 0xD800 && unit <= 0xDFFF;
    appendUtf8(out, surrogate ? kReplacement : static_cast<char32_t>(unit));
  }
}

//! encode and decode: (value, charset), the charset looked up per row (usually a constant).
BoundScalarFunction bindCharsetCoding(const BindRequest& request, bool encode) {
  const char* name = encode ? "encode" : "decode";
  DataType input = expectArgument(request, 0, encode ? DataType::string() : DataType::binary());
  DataType charset = expectArgument(request, 1, DataType::string());
  return {name,
          {input, charset},
          encode ? DataType::binary() : DataType::string(),
          stringResultKernel<StringView, StringView>(
              [encode, name](std::string& out, StringView value, StringView charset_name) {
                std::optional<Charset> found = findCharset(charset_name);
                if (!found)
                  raiseUnknownCharset(name, charset_name);
                if (encode)
                  encodeText(out, value, *found);
                else
                  decodeBytes(out, value, *found);
                return true;
              })};
}

//! Shows ill-formed bytes of `text` as \xNN, as Spark's INVALID_UTF8_STRING message does.
std::string showInvalidUtf8(std::string_view text) {
  std::string shown;
  size_t offset = 0;
  while (offset < text.size()) {
    size_t bad = findInvalidUtf8(text.substr(offset));
    if (bad == std::string_view::npos) {
      shown += text.substr(offset);
      break;
    }
    shown += text.substr(offset, bad);
    shown += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[offset + bad]));
    offset += bad + 1;
  }
  return shown;
}

enum class Utf8Check { kIsValid, kMakeValid, kValidate, kTryValidate };

BoundScalarFunction bindUtf8Check(const BindRequest& request, const char* name, Utf8Check check) {
  DataType input = expectArgument(request, 0, DataType::string());
  if (check == Utf8Check::kIsValid) {
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                             Vector& result) {
      unaryLoop<StringView, uint8_t>(*args[0], rows, result, [](StringView text, idx_t) -> uint8_t {
        return findInvalidUtf8(text) == std::string_view::npos;
      });
    };
    return {name, {input}, DataType::boolean(), std::move(kernel)};
  }
  return {name,
          {input},
          DataType::string(),
          stringResultKernel<StringView>([check](std::string& out, StringView text) {
            if (findInvalidUtf8(text) == std::string_view::npos) {
              out += text.view();
              return true;
            }
            if (check == Utf8Check::kTryValidate)
              return false;
            if (check == Utf8Check::kValidate) {
              throw Error(ErrorClass::INVALID_UTF8_STRING,
                          fmt::format("Invalid UTF8 byte sequence found in string: {}.",
                                      showInvalidUtf8(text)));
            }
            appendRepairedUtf8(out, text);
            return true;
          })};
}

}  // namespace

void registerCharsetFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"encode", 2, 2, [](const BindRequest& r) { return bindCharsetCoding(r, true); }});
  registry.addScalar(
      {"decode", 2, 2, [](const BindRequest& r) { return bindCharsetCoding(r, false); }});
  registry.addScalar({"is_valid_utf8", 1, 1, [](const BindRequest& r) {
                        return bindUtf8Check(r, "is_valid_utf8", Utf8Check::kIsValid);
                      }});
  registry.addScalar({"make_valid_utf8", 1, 1, [](const BindRequest& r) {
                        return bindUtf8Check(r, "make_valid_utf8", Utf8Check::kMakeValid);
                      }});
  registry.addScalar({"validate_utf8", 1, 1, [](const BindRequest& r) {
                        return bindUtf8Check(r, "validate_utf8", Utf8Check::kValidate);
                      }});
  registry.addScalar({"try_validate_utf8", 1, 1, [](const BindRequest& r) {
                        return bindUtf8Check(r, "try_validate_utf8", Utf8Check::kTryValidate);
                      }});
}

}  // namespace sluice
