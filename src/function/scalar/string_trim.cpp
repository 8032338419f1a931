// src/function/scalar/string_trim.cpp
//
// trim, ltrim, rtrim and btrim. Without a character set only the ASCII space is removed
// (UTF8String.trim); with one, every leading / trailing character found in the set is.
// Argument order follows Spark's constructors: trim(str), trim(trimStr, str) (likewise ltrim
// and rtrim), but btrim(str, trimStr). TRIM(BOTH|LEADING|TRAILING chars FROM str) is bound
// by the binder as trim / ltrim / rtrim(chars, str).
// Under UTF8_LCASE a character is trimmed when its lowercase is that of a character of the set,
// and a U+0130 in the set also trims "i" U+0307 (its lowercase form), as Spark's lowercaseTrim
// does. Under an _RTRIM collation the string's trailing spaces stand aside: the rest is trimmed
// by the set without its trailing spaces, then they are put back (Spark's
// collations-padding-trim.sql results). Under an ICU collation the characters are found with
// ICU's string search, as Spark does.

#include <algorithm>
#include <optional>
#include <vector>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collated_text.hpp"
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

constexpr char32_t kDottedCapitalI = 0x0130;
constexpr char32_t kCombiningDot = 0x0307;

std::string_view trimCharacters(std::string_view text, std::string_view characters, TrimSide side,
                                bool lowercase) {
  auto folded = [lowercase](char32_t c) { return lowercase ? lowercaseCodePoint(c) : c; };
  std::vector<char32_t> set;
  for (size_t offset = 0; offset < characters.size();) {
    size_t length;
    set.push_back(folded(utf8::decode(characters, offset, length)));
    offset += length;
  }
  auto inSet = [&](char32_t c) { return std::find(set.begin(), set.end(), c) != set.end(); };
  // Character boundaries, so the trailing side can step back one character at a time.
  std::vector<size_t> starts;
  std::vector<char32_t> code_points;
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    code_points.push_back(folded(utf8::decode(text, offset, length)));
    starts.push_back(offset);
    offset += length;
  }
  // Under UTF8_LCASE a U+0130 of the set stands for its lowercase form "i" U+0307 too: the pair
  // goes when it is that form, or when the set holds both of its characters.
  bool dotted_i = lowercase && inSet(kDottedCapitalI);
  auto pairGoes = [&](char32_t second) {
    return second == kCombiningDot || (inSet('i') && inSet(second));
  };
  size_t first = 0;
  size_t last = code_points.size();
  if (side != TrimSide::kTrailing) {
    while (first < last) {
      if (dotted_i && code_points[first] == 'i' && first + 1 < last) {
        if (pairGoes(code_points[first + 1])) {
          first += 2;
          continue;
        }
        first += inSet('i') ? 1 : 0;
        break;
      }
      if (!inSet(code_points[first]))
        break;
      ++first;
    }
  }
  if (side != TrimSide::kLeading) {
    while (last > first) {
      if (dotted_i && code_points[last - 1] == kCombiningDot && last - 1 > first) {
        char32_t before = code_points[last - 2];
        if (before == 'i' || (inSet(before) && inSet(kCombiningDot))) {
          last -= 2;
          continue;
        }
        last -= inSet(kCombiningDot) ? 1 : 0;
        break;
      }
      if (!inSet(code_points[last - 1]))
        break;
      --last;
    }
  }
  if (first == last)
    return {};
  size_t begin = starts[first];
  size_t end = last < starts.size() ? starts[last] : text.size();
  return text.substr(begin, end - begin);
}

//! The trims under an ICU collation (Spark's CollationAwareUTF8String.trimLeft / trimRight): at
//! each end, the longest run that ICU's string search finds for one character of the set goes,
//! until none is found there.
std::string_view icuTrimCharacters(IcuStringSearch& search, std::string_view text,
                                   std::string_view characters, TrimSide side) {
  std::vector<std::string_view> set;
  for (size_t offset = 0; offset < characters.size();) {
    size_t length = std::min(utf8::charLength(characters[offset]), characters.size() - offset);
    std::string_view character = characters.substr(offset, length);
    if (std::find(set.begin(), set.end(), character) == set.end())
      set.push_back(character);
    offset += length;
  }
  if (text.empty() || set.empty())
    return text;
  search.reset(text, set.front());
  int32_t begin = 0;
  int32_t end = search.textLength();
  // The longest match of a character of the set that starts at `at`, or that ends there.
  auto longestFrom = [&](int32_t at) {
    int32_t longest = 0;
    for (std::string_view character : set) {
      search.resetPattern(character);
      if (search.nextFrom(at) == at)
        longest = std::max(longest, search.matchLength());
    }
    return longest;
  };
  auto longestTo = [&](int32_t at) {
    int32_t longest = 0;
    for (std::string_view character : set) {
      search.resetPattern(character);
      // A character's match spans a few code units at most: start a little before `at`.
      for (int32_t found = search.nextFrom(std::max(begin, at - 8)); found >= 0 && found < at;
           found = search.next()) {
        if (found + search.matchLength() == at)
          longest = std::max(longest, search.matchLength());
      }
    }
    return longest;
  };
  if (side != TrimSide::kTrailing) {
    while (begin < end) {
      int32_t longest = longestFrom(begin);
      if (longest == 0)
        break;
      begin += longest;
    }
  }
  if (side != TrimSide::kLeading) {
    while (end > begin) {
      int32_t longest = longestTo(end);
      if (longest == 0)
        break;
      end -= longest;
    }
  }
  if (begin >= end)
    return {};
  size_t from = search.byteOffset(begin);
  return text.substr(from, search.byteOffset(end) - from);
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
  CollationId collation = first.collation();
  ScalarKernel kernel = [side, source_first, collation](const ExecContext&,
                                                        const ArgumentVectors& args,
                                                        const RowSet& rows, Vector& result) {
    const Collation& trimmed = Collation::byId(collation);
    std::optional<IcuStringSearch> icu = icuSearchFor(&trimmed);
    auto trim = [&](std::string_view text, std::string_view characters) {
      return icu ? icuTrimCharacters(*icu, text, characters, side)
                 : trimCharacters(text, characters, side, trimmed.lowercase());
    };
    std::string buffer;
    naryLoop<StringView, StringView, StringView>(
        args, rows, result, [&](idx_t, StringView a, StringView b) {
          std::string_view text = source_first ? a : b;
          std::string_view characters = source_first ? b : a;
          buffer.clear();
          if (trimmed.rtrim()) {
            std::string_view body = trimSpaces(text, TrimSide::kTrailing);
            buffer += trim(body, trimSpaces(characters, TrimSide::kTrailing));
            buffer += text.substr(body.size());
          } else {
            buffer += trim(text, characters);
          }
          return result.addString(buffer);
        });
  };
  return {std::move(name), {first, second}, DataType::string(), std::move(kernel)};
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
