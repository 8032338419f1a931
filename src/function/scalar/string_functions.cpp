// src/function/scalar/string_functions.cpp
//
// Per-string functions: length / char_length / character_length (characters; bytes for
// BINARY), octet_length, bit_length, reverse, repeat, space, ascii, chr / char, lpad and rpad
// (upper, lower and initcap are in case_mapping.cpp).
// - lpad / rpad pad with whole or partial copies of the pad string to exactly `len`
//   characters, cut the string to `len` when it is longer, and with an empty pad only cut.

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_functions.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

// ---- lengths ----

BoundScalarFunction bindLength(std::string name, int64_t unit_bits, bool count_chars,
                               const BindRequest& request) {
  DataType input = expectArgumentOneOf(request, 0, {DataType::string(), DataType::binary()});
  bool chars = count_chars && input.id() == TypeId::kString;
  ScalarKernel kernel = [chars, unit_bits](const ExecContext&, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
    naryLoop<int32_t, StringView>(args, rows, result, [&](idx_t, StringView text) -> int32_t {
      int64_t count = chars ? utf8::numChars(text) : static_cast<int64_t>(text.size());
      return static_cast<int32_t>(count * unit_bits);
    });
  };
  return {std::move(name), {input}, DataType::intType(), std::move(kernel)};
}

// ---- reverse, repeat, space ----

BoundScalarFunction bindReverse(const BindRequest& request) {
  if (request.argument_types[0].id() == TypeId::kArray)
    return bindArrayReverse(request);
  DataType input = expectArgument(request, 0, DataType::string());
  return {"reverse",
          {input},
          DataType::string(),
          stringResultKernel<StringView>([](std::string& out, StringView text) {
            std::string_view view = text;
            out.resize(view.size());
            size_t write = view.size();
            for (size_t offset = 0; offset < view.size();) {
              size_t length = std::min(utf8::charLength(view[offset]), view.size() - offset);
              write -= length;
              out.replace(write, length, view.substr(offset, length));
              offset += length;
            }
            return true;
          })};
}

BoundScalarFunction bindRepeat(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  DataType times = expectArgument(request, 1, DataType::intType());
  return {
      "repeat",
      {input, times},
      DataType::string(),
      stringResultKernel<StringView, int32_t>([](std::string& out, StringView text, int32_t count) {
        for (int32_t i = 0; i < count; ++i)
          out += text.view();
        return true;
      })};
}

BoundScalarFunction bindSpace(const BindRequest& request) {
  DataType count = expectArgument(request, 0, DataType::intType());
  return {"space",
          {count},
          DataType::string(),
          stringResultKernel<int32_t>([](std::string& out, int32_t n) {
            if (n > 0)
              out.assign(static_cast<size_t>(n), ' ');
            return true;
          })};
}

// ---- ascii, chr ----

BoundScalarFunction bindAscii(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int32_t, StringView>(args, rows, result, [](idx_t, StringView text) -> int32_t {
      if (text.empty())
        return 0;
      size_t length;
      return static_cast<int32_t>(utf8::decode(text, 0, length));
    });
  };
  return {"ascii", {input}, DataType::intType(), std::move(kernel)};
}

//! chr(n): the character with code (n mod 256), "" for negative n.
BoundScalarFunction bindChr(std::string name, const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::longType());
  return {std::move(name),
          {input},
          DataType::string(),
          stringResultKernel<int64_t>([](std::string& out, int64_t code) {
            if (code < 0)
              return true;
            appendUtf8(out, static_cast<char32_t>(code & 0xFF));
            return true;
          })};
}

// ---- lpad, rpad ----

void pad(std::string& out, std::string_view text, int32_t length, std::string_view padding,
         bool left) {
  int64_t chars = utf8::numChars(text);
  int64_t missing = static_cast<int64_t>(length) - chars;
  if (missing <= 0 || padding.empty()) {
    out += utf8::substringByChars(text, 0, length);
    return;
  }
  int64_t pad_chars = utf8::numChars(padding);
  int64_t copies = missing / pad_chars;
  std::string filler;
  for (int64_t i = 0; i < copies; ++i)
    filler += padding;
  filler += utf8::substringByChars(padding, 0, missing - pad_chars * copies);
  if (left) {
    out += filler;
    out += text;
  } else {
    out += text;
    out += filler;
  }
}

BoundScalarFunction bindPad(std::string name, bool left, const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  DataType length = expectArgument(request, 1, DataType::intType());
  if (request.argument_types.size() == 2) {
    return {std::move(name),
            {input, length},
            DataType::string(),
            stringResultKernel<StringView, int32_t>(
                [left](std::string& out, StringView text, int32_t len) {
                  pad(out, text, len, " ", left);
                  return true;
                })};
  }
  DataType padding = expectArgument(request, 2, DataType::string());
  return {std::move(name),
          {input, length, padding},
          DataType::string(),
          stringResultKernel<StringView, int32_t, StringView>(
              [left](std::string& out, StringView text, int32_t len, StringView with) {
                pad(out, text, len, with, left);
                return true;
              })};
}

}  // namespace

void registerStringFunctions(FunctionRegistry& registry) {
  for (const char* name : {"length", "char_length", "character_length", "len"}) {
    std::string spelled = name;
    registry.addScalar({spelled, 1, 1, [spelled](const BindRequest& r) {
                          return bindLength(spelled, 1, true, r);
                        }});
  }
  registry.addScalar({"octet_length", 1, 1, [](const BindRequest& r) {
                        return bindLength("octet_length", 1, false, r);
                      }});
  registry.addScalar({"bit_length", 1, 1,
                      [](const BindRequest& r) { return bindLength("bit_length", 8, false, r); }});
  registry.addScalar({"reverse", 1, 1, bindReverse});
  registry.addScalar({"repeat", 2, 2, bindRepeat});
  registry.addScalar({"space", 1, 1, bindSpace});
  registry.addScalar({"ascii", 1, 1, bindAscii});
  registry.addScalar({"chr", 1, 1, [](const BindRequest& r) { return bindChr("chr", r); }});
  registry.addScalar({"char", 1, 1, [](const BindRequest& r) { return bindChr("char", r); }});
  registry.addScalar({"lpad", 2, 3, [](const BindRequest& r) { return bindPad("lpad", true, r); }});
  registry.addScalar(
      {"rpad", 2, 3, [](const BindRequest& r) { return bindPad("rpad", false, r); }});
}

}  // namespace sluice
