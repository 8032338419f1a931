// src/function/scalar/encoding_functions.cpp
//
// base64, unbase64, hex and unhex.
// - base64 encodes BINARY (strings as their UTF-8 bytes) with padding and no line breaks.
// - unbase64 decodes as Java's MIME decoder does: characters outside the alphabet are
//   skipped, '=' ends the data, padding is optional; a final lone character is an error.
// - hex prints a BIGINT as its two's-complement hexadecimal digits (no leading zeros) and
//   STRING / BINARY byte by byte, upper case. unhex reads pairs of hex digits (an odd count
//   gets a leading 0) and gives NULL for any other character.
// - to_binary(str[, fmt]) reads `str` as 'hex' (the default), 'base64' or 'utf-8' / 'utf8'
//   (the format is a constant, case-insensitive; NULL gives NULL). Malformed hex or base64 is
//   CONVERSION_INVALID_INPUT, and NULL for try_to_binary; base64 must then be whole groups of
//   four characters (whitespace between them allowed), the last one padded with '='.

#include <cctype>

#include "common/error/error.hpp"
#include "common/text/base64.hpp"
#include "common/text/percent_decoding.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

constexpr char kUpperHex[] = "0123456789ABCDEF";

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

void decodeBase64(std::string& out, std::string_view text) {
  uint32_t group = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=')
      break;
    int value = base64Value(c);
    if (value < 0)
      continue;
    group = (group << 6) | static_cast<uint32_t>(value);
    if (++count == 4) {
      out += static_cast<char>(group >> 16);
      out += static_cast<char>(group >> 8);
      out += static_cast<char>(group);
      group = 0;
      count = 0;
    }
  }
  if (count == 1) {
    throwError(
        ErrorClass::INVALID_PARAMETER_VALUE,
        "The value of parameter(s) `str` in `unbase64` is invalid: Last unit does not have enough "
        "valid bits.");
  }
  if (count == 2)
    out += static_cast<char>(group >> 4);
  if (count == 3) {
    out += static_cast<char>(group >> 10);
    out += static_cast<char>(group >> 2);
  }
}

BoundScalarFunction bindBase64(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::binary());
  return {"base64",
          {input},
          DataType::string(),
          stringResultKernel<StringView>([](std::string& out, StringView bytes) {
            appendBase64(out, bytes);
            return true;
          })};
}

BoundScalarFunction bindUnbase64(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {"unbase64",
          {input},
          DataType::binary(),
          stringResultKernel<StringView>([](std::string& out, StringView text) {
            decodeBase64(out, text);
            return true;
          })};
}

BoundScalarFunction bindHex(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  if (type.id() == TypeId::kString || type.id() == TypeId::kBinary) {
    return {"hex",
            {type},
            DataType::string(),
            stringResultKernel<StringView>([](std::string& out, StringView bytes) {
              for (char c : bytes.view()) {
                out += kUpperHex[static_cast<uint8_t>(c) >> 4];
                out += kUpperHex[static_cast<uint8_t>(c) & 0x0F];
              }
              return true;
            })};
  }
  DataType input = expectArgumentOneOf(
      request, 0, {DataType::longType(), DataType::binary(), DataType::string()});
  return {"hex",
          {input},
          DataType::string(),
          stringResultKernel<int64_t>([](std::string& out, int64_t value) {
            auto bits = static_cast<uint64_t>(value);
            char digits[16];
            int count = 0;
            do {
              digits[count++] = kUpperHex[bits & 0xF];
              bits >>= 4;
            } while (bits != 0);
            while (count > 0)
              out += digits[--count];
            return true;
          })};
}

BoundScalarFunction bindUnhex(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {"unhex",
          {input},
          DataType::binary(),
          stringResultKernel<StringView>([](std::string& out, StringView text) {
            std::string_view digits = text;
            size_t i = 0;
            if (digits.size() % 2 == 1) {
              int value = hexDigitValue(digits[0]);
              if (value < 0)
                return false;
              out += static_cast<char>(value);
              i = 1;
            }
            for (; i < digits.size(); i += 2) {
              int high = hexDigitValue(digits[i]);
              int low = hexDigitValue(digits[i + 1]);
              if (high < 0 || low < 0)
                return false;
              out += static_cast<char>((high << 4) | low);
            }
            return true;
          })};
}

//! unhex that reports malformed input instead of returning NULL.
bool decodeHexStrict(std::string& out, std::string_view digits) {
  size_t i = 0;
  if (digits.size() % 2 == 1) {
    int value = hexDigitValue(digits[0]);
    if (value < 0)
      return false;
    out += static_cast<char>(value);
    i = 1;
  }
  for (; i < digits.size(); i += 2) {
    int high = hexDigitValue(digits[i]);
    int low = hexDigitValue(digits[i + 1]);
    if (high < 0 || low < 0)
      return false;
    out += static_cast<char>((high << 4) | low);
  }
  return true;
}

//! Strict base64: whole groups of four alphabet characters, '=' only to pad the last one.
bool decodeBase64Strict(std::string& out, std::string_view text) {
  std::string compact;
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      compact += c;
  }
  if (compact.size() % 4 != 0)
    return false;
  size_t padding = 0;
  while (padding < 2 && padding < compact.size() && compact[compact.size() - 1 - padding] == '=')
    ++padding;
  for (size_t i = 0; i + padding < compact.size(); ++i) {
    if (base64Value(compact[i]) < 0)
      return false;
  }
  decodeBase64(out, compact);
  return true;
}

enum class BinaryFormat { kHex, kBase64, kUtf8 };

BoundScalarFunction bindToBinary(const BindRequest& request, const char* name, bool try_only) {
  DataType input = expectArgument(request, 0, DataType::string());
  std::vector<DataType> types{input};
  BinaryFormat format = BinaryFormat::kHex;
  bool null_format = false;
  if (request.argument_types.size() == 2) {
    const Value* constant = constantArgument(request, 1);
    if (constant == nullptr || !(request.argument_types[1].id() == TypeId::kString ||
                                 request.argument_types[1].isVoid())) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input fmt "
                              "should be a foldable \"STRING\" expression; however, got the "
                              "argument.",
                              request.name));
    }
    null_format = constant->isNull();
    if (!null_format) {
      std::string text = constant->getString();
      for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (text == "hex") {
        format = BinaryFormat::kHex;
      } else if (text == "base64") {
        format = BinaryFormat::kBase64;
      } else if (text == "utf-8" || text == "utf8") {
        format = BinaryFormat::kUtf8;
      } else {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "BINARY_FORMAT",
                    fmt::format("The value of parameter(s) `format` in `{}` is invalid: expects "
                                "one of binary formats 'base64', 'hex', 'utf-8', but got '{}'.",
                                name, constant->getString()));
      }
    }
    types.push_back(DataType::string());
  }
  ScalarKernel decode = stringResultKernel<StringView>([format, try_only, null_format](
                                                           std::string& out, StringView text) {
    if (null_format)
      return false;
    bool ok = true;
    switch (format) {
      case BinaryFormat::kHex:
        ok = decodeHexStrict(out, text);
        break;
      case BinaryFormat::kBase64:
        ok = decodeBase64Strict(out, text);
        break;
      case BinaryFormat::kUtf8:
        out += text.view();
        break;
    }
    if (ok || try_only)
      return ok;
    throw Error(ErrorClass::CONVERSION_INVALID_INPUT,
                fmt::format("The value '{}' (STRING) cannot be converted to BINARY because it is "
                            "malformed. Correct the value as per the syntax, or change its "
                            "format. Use `try_to_binary` to tolerate malformed input and return "
                            "NULL instead.",
                            text.view()));
  });
  // The format stays an argument (a constant the kernel ignores).
  ScalarKernel kernel = [decode](const ExecContext& context, const ArgumentVectors& args,
                                 const RowSet& rows,
                                 Vector& result) { decode(context, {args[0]}, rows, result); };
  return {name, types, DataType::binary(), std::move(kernel)};
}

}  // namespace

void registerEncodingFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_binary", 1, 2,
                      [](const BindRequest& r) { return bindToBinary(r, "to_binary", false); }});
  registry.addScalar({"try_to_binary", 1, 2,
                      [](const BindRequest& r) { return bindToBinary(r, "try_to_binary", true); }});
  registry.addScalar({"base64", 1, 1, bindBase64});
  registry.addScalar({"unbase64", 1, 1, bindUnbase64});
  registry.addScalar({"hex", 1, 1, bindHex});
  registry.addScalar({"unhex", 1, 1, bindUnhex});
}

}  // namespace sluice
