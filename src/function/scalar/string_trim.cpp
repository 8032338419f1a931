// src/function/scalar/string_trim.cpp
//
// trim, ltrim, rtrim and btrim. Without a character set only the ASCII space is removed
// (UTF8String.trim); with one, every leading / trailing character found in the set is.
// Argument order follows Spark's constructors: trim(str), trim(trimStr, str) (likewise ltrim
// and rtrim), but btrim(str, trimStr). TRIM(BOTH|LEADING|TRAILING chars FROM str) is bound
// by the binder as trim / ltrim / rtrim(chars, str).

#include <algorithm>
#include <vector>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

enum class TrimSide { kBoth, kLeading, kTrailing };

std::string_view trimSpaces(std::string_view text, TrimSide side) {
  size_t begin = 0;
  size_t end = text.size();
  if (side != TrimSide::kTrailing) {
    while (begin < end && text[begin] == ' ')
      ++begin;
  }
  if (side != TrimSide::kLeading) {
    while (end > begin && text[end - 1] == ' ')
      --end;
  }
  return text.substr(begin, end - begin);
}

std::string_view trimCharacters(std::string_view text, std::string_view characters, TrimSide side) {
  std::vector<char32_t> set;
  for (size_t offset = 0; offset < characters.size();) {
    size_t length;
    set.push_back(utf8::decode(characters, offset, length));
    offset += length;
  }
  auto inSet = [&](char32_t c) { return std::find(set.begin(), set.end(), c) != set.end(); };
  // Character boundaries, so the trailing side can step back one character at a time.
  std::vector<size_t> starts;
  std::vector<char32_t> code_points;
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    code_points.push_back(utf8::decode(text, offset, length));
    starts.push_back(offset);
    offset += length;
  }
  size_t first = 0;
  size_t last = code_points.size();
  if (side != TrimSide::kTrailing) {
    while (first < last && inSet(code_points[first]))
      ++first;
  }
  if (side != TrimSide::kLeading) {
    while (last > first && inSet(code_points[last - 1]))
      --last;
  }
  if (first == last)
    return {};
  size_t begin = starts[first];
  size_t end = last < starts.size() ? starts[last] : text.size();
  return text.substr(begin, end - begin);
}

//! `source_first`: btrim's (str, trimStr) order; otherwise (trimStr, str).
BoundScalarFunction bindTrim(std::string name, TrimSide side, bool source_first,
                             const BindRequest& request) {
  if (request.argument_types.size() == 1) {
    DataType input = expectArgument(request, 0, DataType::string());
    return {std::move(name),
            {input},
            DataType::string(),
            stringResultKernel<StringView>([side](std::string& out, StringView text) {
              out += trimSpaces(text, side);
              return true;
            })};
  }
  DataType first = expectArgument(request, 0, DataType::string());
  DataType second = expectArgument(request, 1, DataType::string());
  return {std::move(name),
          {first, second},
          DataType::string(),
          stringResultKernel<StringView, StringView>(
              [side, source_first](std::string& out, StringView a, StringView b) {
                out += source_first ? trimCharacters(a, b, side) : trimCharacters(b, a, side);
                return true;
              })};
}

}  // namespace

void registerStringTrimFunctions(FunctionRegistry& registry) {
  registry.addScalar({"trim", 1, 2, [](const BindRequest& r) {
                        return bindTrim("trim", TrimSide::kBoth, false, r);
                      }});
  registry.addScalar({"ltrim", 1, 2, [](const BindRequest& r) {
                        return bindTrim("ltrim", TrimSide::kLeading, false, r);
                      }});
  registry.addScalar({"rtrim", 1, 2, [](const BindRequest& r) {
                        return bindTrim("rtrim", TrimSide::kTrailing, false, r);
                      }});
  registry.addScalar({"btrim", 1, 2, [](const BindRequest& r) {
                        return bindTrim("btrim", TrimSide::kBoth, true, r);
                      }});
}

}  // namespace sluice
