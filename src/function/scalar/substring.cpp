// src/function/scalar/substring.cpp
//
// substring / substr, left, right and overlay, by characters for STRING and by bytes for
// BINARY. Positions are 1-based; 0 means the first character and a negative position counts
// from the end (UTF8String.substringSQL): substring('Spark SQL', -3) is 'SQL'. The length
// defaults to "the rest" and a negative length gives ''.
// - left(s, n) is substring(s, 1, n); right(s, n) is '' for n <= 0, else substring(s, -n).
// - overlay(s, r, pos[, len]) replaces len characters (default: r's length) at pos by r.

#include <limits>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

constexpr int32_t kRest = std::numeric_limits<int32_t>::max();

//! UTF8String.substringSQL, on characters (`by_chars`) or bytes.
std::string_view substringSql(std::string_view text, int32_t position, int32_t length,
                              bool by_chars) {
  int64_t size = by_chars ? utf8::numChars(text) : static_cast<int64_t>(text.size());
  int64_t start = position > 0 ? position - 1 : (position < 0 ? size + position : 0);
  int64_t end = std::clamp<int64_t>(start + length, std::numeric_limits<int32_t>::min(), kRest);
  start = std::max<int64_t>(start, 0);
  if (start >= end)
    return {};
  if (by_chars)
    return utf8::substringByChars(text, start, end);
  if (start >= size)
    return {};
  return text.substr(start, std::min(end, size) - start);
}

DataType stringOrBinary(const BindRequest& request, size_t index) {
  return expectArgumentOneOf(request, index, {DataType::string(), DataType::binary()});
}

BoundScalarFunction bindSubstring(std::string name, const BindRequest& request) {
  DataType input = stringOrBinary(request, 0);
  bool by_chars = input.id() == TypeId::kString;
  DataType position = expectArgument(request, 1, DataType::intType());
  if (request.argument_types.size() == 2) {
    return {std::move(name),
            {input, position},
            input,
            stringResultKernel<StringView, int32_t>(
                [by_chars](std::string& out, StringView text, int32_t pos) {
                  out += substringSql(text, pos, kRest, by_chars);
                  return true;
                })};
  }
  DataType length = expectArgument(request, 2, DataType::intType());
  return {std::move(name),
          {input, position, length},
          input,
          stringResultKernel<StringView, int32_t, int32_t>(
              [by_chars](std::string& out, StringView text, int32_t pos, int32_t len) {
                out += substringSql(text, pos, len, by_chars);
                return true;
              })};
}

BoundScalarFunction bindLeft(const BindRequest& request) {
  DataType input = stringOrBinary(request, 0);
  bool by_chars = input.id() == TypeId::kString;
  DataType length = expectArgument(request, 1, DataType::intType());
  return {"left",
          {input, length},
          input,
          stringResultKernel<StringView, int32_t>(
              [by_chars](std::string& out, StringView text, int32_t len) {
                out += substringSql(text, 1, len, by_chars);
                return true;
              })};
}

BoundScalarFunction bindRight(const BindRequest& request) {
  DataType input = stringOrBinary(request, 0);
  bool by_chars = input.id() == TypeId::kString;
  DataType length = expectArgument(request, 1, DataType::intType());
  return {"right",
          {input, length},
          input,
          stringResultKernel<StringView, int32_t>(
              [by_chars](std::string& out, StringView text, int32_t len) {
                if (len > 0)
                  out += substringSql(text, -len, kRest, by_chars);
                return true;
              })};
}

void overlay(std::string& out, std::string_view text, std::string_view replacement,
             int32_t position, int32_t length, bool by_chars) {
  int64_t replaced = length >= 0 ? length
                                 : (by_chars ? utf8::numChars(replacement)
                                             : static_cast<int64_t>(replacement.size()));
  out += substringSql(text, 1, position - 1, by_chars);
  out += replacement;
  int64_t rest = static_cast<int64_t>(position) + replaced;
  out += substringSql(
      text,
      static_cast<int32_t>(std::clamp<int64_t>(rest, std::numeric_limits<int32_t>::min(), kRest)),
      kRest, by_chars);
}

BoundScalarFunction bindOverlay(const BindRequest& request) {
  bool binary = request.argument_types[0].id() == TypeId::kBinary &&
                request.argument_types[1].id() == TypeId::kBinary;
  DataType type = binary ? DataType::binary() : DataType::string();
  DataType input = expectArgument(request, 0, type);
  DataType replacement = expectArgument(request, 1, type);
  DataType position = expectArgument(request, 2, DataType::intType());
  bool by_chars = !binary;
  if (request.argument_types.size() == 3) {
    return {"overlay",
            {input, replacement, position},
            type,
            stringResultKernel<StringView, StringView, int32_t>(
                [by_chars](std::string& out, StringView text, StringView with, int32_t pos) {
                  overlay(out, text, with, pos, -1, by_chars);
                  return true;
                })};
  }
  DataType length = expectArgument(request, 3, DataType::intType());
  return {
      "overlay",
      {input, replacement, position, length},
      type,
      stringResultKernel<StringView, StringView, int32_t, int32_t>(
          [by_chars](std::string& out, StringView text, StringView with, int32_t pos, int32_t len) {
            overlay(out, text, with, pos, len, by_chars);
            return true;
          })};
}

}  // namespace

void registerSubstringFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"substring", 2, 3, [](const BindRequest& r) { return bindSubstring("substring", r); }});
  registry.addScalar(
      {"substr", 2, 3, [](const BindRequest& r) { return bindSubstring("substr", r); }});
  registry.addScalar({"left", 2, 2, bindLeft});
  registry.addScalar({"right", 2, 2, bindRight});
  registry.addScalar({"overlay", 3, 4, bindOverlay});
}

}  // namespace sluice
