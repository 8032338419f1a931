// src/function/scalar/string_search.cpp
//
// Finding and replacing substrings: instr, locate / position, startswith, endswith, contains,
// find_in_set, replace, translate, split_part and substring_index. Positions are 1-based
// character positions and 0 means "not found".
// - locate(sub, s, pos) searches from character pos; pos < 1 gives 0 and a NULL pos gives 0
//   (not NULL), as in Hive. An empty sub is found at 1 whatever pos is (UTF8String.indexOf).
// - find_in_set(s, list) is 0 when s contains a comma.
// - replace(s, search, rep) with an empty search returns s.
// - translate maps each character of `from` to the character at the same index of `to`, or
//   removes it when `to` is shorter; the first mapping of a repeated character wins.
// - split_part(s, delim, n) splits on the literal delimiter; n < 0 counts from the end, a part
//   out of range is '' and n = 0 raises INVALID_INDEX_OF_ZERO.
// - substring_index(s, delim, n) is what comes before the n-th delim from the left (n > 0) or
//   after the n-th from the right (n < 0); all of s when delim occurs fewer times, '' for n = 0
//   or an empty delim. Occurrences may overlap, as UTF8String.subStringIndex finds them.
// - Under UTF8_LCASE, instr, locate / position, startswith, endswith, contains, replace,
//   split_part and substring_index match the lowercase forms of whole characters, translate
//   maps characters by their lowercase, as Spark's collation-aware versions do
//   (collated_text.hpp). Under an ICU collation instr, locate / position, startswith, endswith,
//   contains, replace, split_part, substring_index and translate use ICU's string search, as
//   Spark does. Under an _RTRIM collation startswith, endswith and
//   contains drop both sides' trailing spaces; instr, locate, split_part and substring_index the
//   searched string's; replace and translate ignore _RTRIM. find_in_set compares the collation keys
//   of the word and each item, under any collation.

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

#include "common/error/error.hpp"
#include "common/text/collation.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collated_text.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

//! UTF8String.indexOf(sub, start): the character index of the first match at or after
//! character `start`, or -1.
int64_t indexOf(std::string_view text, std::string_view sub, int64_t start) {
  if (sub.empty())
    return 0;
  size_t offset = 0;
  int64_t index = 0;
  while (offset < text.size() && index < start) {
    offset += utf8::charLength(text[offset]);
    ++index;
  }
  while (offset < text.size()) {
    if (offset + sub.size() > text.size())
      return -1;
    if (text.compare(offset, sub.size(), sub) == 0)
      return index;
    offset += utf8::charLength(text[offset]);
    ++index;
  }
  return -1;
}

//! indexOf under UTF8_LCASE (CollationAwareUTF8String.lowercaseIndexOf): the character index
//! in `text`, at or after character `start`, where a run of whole characters begins whose
//! lowercase form is that of `sub`; -1 when there is none.
int64_t lowercaseIndexOf(std::string_view text, std::string_view sub, int64_t start) {
  std::string pattern;
  appendLowercaseCodePoints(sub, pattern);
  if (pattern.empty())
    return 0;
  LoweredText lowered(text);
  for (size_t i = static_cast<size_t>(std::max<int64_t>(start, 0)); i < lowered.characters(); ++i) {
    if (lowered.matchEnd(i, pattern) != 0)
      return static_cast<int64_t>(i);
  }
  return -1;
}

//! indexOf under an _RTRIM collation (Spark's StringInstr / StringLocate): the substring's
//! trailing spaces dropped, then the search of the collation without _RTRIM.
template <int64_t (*kIndexOf)(std::string_view, std::string_view, int64_t)>
int64_t trimmedIndexOf(std::string_view text, std::string_view sub, int64_t start) {
  thread_local std::string scratch;
  return kIndexOf(text, withoutTrailingSpaces(sub, scratch), start);
}

//! The indexOf of strings of a UTF8 collation.
using IndexOf = int64_t (*)(std::string_view, std::string_view, int64_t);
IndexOf utf8IndexOf(CollationId collation) {
  const Collation& searched = Collation::byId(collation);
  bool lowercase = searched.lowercase();
  if (searched.rtrim())
    return lowercase ? trimmedIndexOf<lowercaseIndexOf> : trimmedIndexOf<indexOf>;
  return lowercase ? lowercaseIndexOf : indexOf;
}

//! Calls run(find) with the indexOf of strings of `collation`: find(text, sub, start). Under an
//! ICU collation it is ICU's string search (Spark's CollationAwareUTF8String.indexOf), with
//! the substring's trailing spaces dropped under _RTRIM; one searcher serves a kernel call.
template <typename Run>
void withIndexOf(CollationId collation, Run&& run) {
  const Collation& searched = Collation::byId(collation);
  if (searched.icuCollator() == nullptr) {
    run(utf8IndexOf(collation));
    return;
  }
  IcuStringSearch search(searched);
  std::string scratch;
  run([&](std::string_view text, std::string_view sub, int64_t start) -> int64_t {
    if (searched.rtrim())
      sub = withoutTrailingSpaces(sub, scratch);
    if (sub.empty())
      return 0;
    if (text.empty())
      return -1;
    search.reset(text, sub);
    return search.nextFrom(static_cast<int32_t>(std::min<int64_t>(start, INT32_MAX)));
  });
}

//! The kernel of instr(text, sub) and locate(sub, text): the 1-based position of the
//! substring, 0 when it is absent.
ScalarKernel positionKernel(CollationId collation, bool substring_first) {
  return [collation, substring_first](const ExecContext&, const ArgumentVectors& args,
                                      const RowSet& rows, Vector& result) {
    withIndexOf(collation, [&](auto find) {
      naryLoop<int32_t, StringView, StringView>(
          args, rows, result, [&find, substring_first](idx_t, StringView a, StringView b) {
            int64_t found = substring_first ? find(b, a, 0) : find(a, b, 0);
            return static_cast<int32_t>(found + 1);
          });
    });
  };
}

BoundScalarFunction bindInstr(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType sub = expectArgument(request, 1, DataType::string());
  return {"instr", {text, sub}, DataType::intType(), positionKernel(text.collation(), false)};
}

BoundScalarFunction bindLocate(std::string name, const BindRequest& request) {
  DataType sub = expectArgument(request, 0, DataType::string());
  DataType text = expectArgument(request, 1, DataType::string());
  CollationId collation = text.collation();
  if (request.argument_types.size() == 2)
    return {std::move(name), {sub, text}, DataType::intType(), positionKernel(collation, true)};
  DataType start = expectArgument(request, 2, DataType::intType());
  ScalarKernel kernel = [collation](const ExecContext&, const ArgumentVectors& args,
                                    const RowSet& rows, Vector& result) {
    int32_t* out = result.mutableData<int32_t>();
    withIndexOf(collation, [&](auto find) {
      forEachRow(rows, [&](idx_t row) {
        if (args[2]->isNull(row)) {  // Hive: a NULL start is 0, even for NULL strings
          result.setNull(row, false);
          out[row] = 0;
          return;
        }
        if (args[0]->isNull(row) || args[1]->isNull(row)) {
          result.setNull(row);
          return;
        }
        result.setNull(row, false);
        int32_t position = args[2]->at<int32_t>(row);
        out[row] = position < 1
                       ? 0
                       : static_cast<int32_t>(find(args[1]->at<StringView>(row),
                                                   args[0]->at<StringView>(row), position - 1) +
                                              1);
      });
    });
  };
  return {std::move(name), {sub, text, start}, DataType::intType(), std::move(kernel)};
}

enum class Containment { kStartsWith, kEndsWith, kContains };

//! Whether `text` starts with, ends with or contains `part`, by bytes.
bool containsBytes(Containment test, std::string_view text, std::string_view part) {
  switch (test) {
    case Containment::kStartsWith:
      return text.starts_with(part);
    case Containment::kEndsWith:
      return text.ends_with(part);
    case Containment::kContains:
      return text.find(part) != std::string_view::npos;
  }
  return false;
}

//! The same with ICU's string search, as Spark's CollationSupport: an empty part is found in
//! any text, nothing in an empty text.
bool containsIcu(IcuStringSearch& search, Containment test, std::string_view text,
                 std::string_view part) {
  if (part.empty())
    return true;
  if (text.empty())
    return false;
  search.reset(text, part);
  switch (test) {
    case Containment::kStartsWith:
      return search.first() == 0;
    case Containment::kEndsWith: {
      int32_t found = search.last();
      return found >= 0 && found == search.textLength() - search.matchLength();
    }
    case Containment::kContains:
      return search.first() >= 0;
  }
  return false;
}

BoundScalarFunction bindContainment(std::string name, Containment test,
                                    const BindRequest& request) {
  bool binary = request.argument_types[0].id() == TypeId::kBinary &&
                request.argument_types[1].id() == TypeId::kBinary;
  DataType type = binary ? DataType::binary() : DataType::string();
  DataType left = expectArgument(request, 0, type);
  DataType right = expectArgument(request, 1, type);
  // Under a UTF8 collation other than UTF8_BINARY both sides are compared by their collation
  // keys (trailing spaces dropped for _RTRIM, lowercased for UTF8_LCASE), under an ICU one
  // searched with ICU after _RTRIM drops both sides' trailing spaces, as Spark's
  // CollationSupport does.
  const Collation* collation =
      left.isCollatedString() ? &Collation::byId(left.collation()) : nullptr;
  ScalarKernel kernel = [test, collation](const ExecContext&, const ArgumentVectors& args,
                                          const RowSet& rows, Vector& result) {
    std::optional<IcuStringSearch> icu = icuSearchFor(collation);
    std::string text_key;
    std::string part_key;
    naryLoop<uint8_t, StringView, StringView>(args, rows, result,
                                              [&](idx_t, StringView a, StringView b) -> uint8_t {
                                                std::string_view text = a;
                                                std::string_view part = b;
                                                if (icu) {
                                                  if (collation->rtrim()) {
                                                    text = withoutTrailingSpaces(text, text_key);
                                                    part = withoutTrailingSpaces(part, part_key);
                                                  }
                                                  return containsIcu(*icu, test, text, part);
                                                }
                                                if (collation != nullptr) {
                                                  text = collation->key(text, text_key);
                                                  part = collation->key(part, part_key);
                                                }
                                                return containsBytes(test, text, part);
                                              });
  };
  return {std::move(name), {left, right}, DataType::boolean(), std::move(kernel)};
}

BoundScalarFunction bindFindInSet(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType list = expectArgument(request, 1, DataType::string());
  // Under a collation an item matches the word when their collation keys are equal, as
  // Spark's collation-aware findInSet compares them.
  const Collation* collation =
      text.isCollatedString() ? &Collation::byId(text.collation()) : nullptr;
  ScalarKernel kernel = [collation](const ExecContext&, const ArgumentVectors& args,
                                    const RowSet& rows, Vector& result) {
    std::string word_key;
    std::string item_key;
    naryLoop<int32_t, StringView, StringView>(
        args, rows, result, [&](idx_t, StringView a, StringView b) -> int32_t {
          std::string_view word = a;
          std::string_view items = b;
          if (word.find(',') != std::string_view::npos)
            return 0;
          if (collation != nullptr)
            word = collation->key(word, word_key);
          int32_t index = 1;
          size_t begin = 0;
          while (true) {
            size_t end = items.find(',', begin);
            std::string_view item = items.substr(
                begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
            if (collation != nullptr)
              item = collation->key(item, item_key);
            if (item == word)
              return index;
            if (end == std::string_view::npos)
              return 0;
            begin = end + 1;
            ++index;
          }
        });
  };
  return {"find_in_set", {text, list}, DataType::intType(), std::move(kernel)};
}

void replaceAll(std::string& out, std::string_view text, std::string_view search,
                std::string_view replacement) {
  if (search.empty()) {
    out += text;
    return;
  }
  size_t begin = 0;
  while (true) {
    size_t found = text.find(search, begin);
    if (found == std::string_view::npos)
      break;
    out += text.substr(begin, found - begin);
    out += replacement;
    begin = found + search.size();
  }
  out += text.substr(begin);
}

//! replace under UTF8_LCASE (CollationAwareUTF8String.lowercaseReplace): each run of whole
//! characters of `text` whose lowercase form is that of `search` becomes `replacement`, from
//! left to right without overlaps.
void lowercaseReplaceAll(std::string& out, std::string_view text, std::string_view search,
                         std::string_view replacement) {
  std::string pattern;
  appendLowercaseCodePoints(search, pattern);
  if (text.empty() || pattern.empty()) {
    out += text;
    return;
  }
  LoweredText lowered(text);
  size_t copied = 0;  // bytes of `text` written so far
  size_t i = 0;
  while (i < lowered.characters()) {
    size_t end = lowered.matchEnd(i, pattern);
    if (end == 0) {
      ++i;
      continue;
    }
    out += text.substr(copied, lowered.offsets[i] - copied);
    out += replacement;
    copied = lowered.offsets[end];
    i = end;
  }
  out += text.substr(copied);
}

//! replace under an ICU collation (CollationAwareUTF8String.replace): each match of ICU's
//! string search becomes `replacement`.
void icuReplaceAll(IcuStringSearch& search, std::string& out, std::string_view text,
                   std::string_view pattern, std::string_view replacement) {
  if (text.empty() || pattern.empty()) {
    out += text;
    return;
  }
  search.reset(text, pattern);
  size_t copied = 0;
  for (int32_t found = search.first(); found >= 0; found = search.next()) {
    size_t begin = search.byteOffset(found);
    out += text.substr(copied, begin - copied);
    out += replacement;
    copied = search.byteOffset(found + search.matchLength());
  }
  out += text.substr(copied);
}

BoundScalarFunction bindIcuReplace(std::vector<DataType> types) {
  CollationId collation = types[0].collation();
  bool with_replacement = types.size() == 3;
  ScalarKernel kernel = [collation, with_replacement](const ExecContext&,
                                                      const ArgumentVectors& args,
                                                      const RowSet& rows, Vector& result) {
    IcuStringSearch search(Collation::byId(collation));
    std::string buffer;
    if (!with_replacement) {
      naryLoop<StringView, StringView, StringView>(args, rows, result,
                                                   [&](idx_t, StringView s, StringView from) {
                                                     buffer.clear();
                                                     icuReplaceAll(search, buffer, s, from, "");
                                                     return result.addString(buffer);
                                                   });
      return;
    }
    naryLoop<StringView, StringView, StringView, StringView>(
        args, rows, result, [&](idx_t, StringView s, StringView from, StringView to) {
          buffer.clear();
          icuReplaceAll(search, buffer, s, from, to);
          return result.addString(buffer);
        });
  };
  return {"replace", std::move(types), DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindReplace(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType search = expectArgument(request, 1, DataType::string());
  if (text.isCollatedString() && Collation::byId(text.collation()).icuCollator() != nullptr) {
    std::vector<DataType> types{text, search};
    if (request.argument_types.size() == 3)
      types.push_back(expectArgument(request, 2, DataType::string()));
    return bindIcuReplace(std::move(types));
  }
  // Spark's StringReplace ignores _RTRIM; UTF8_LCASE matches lowercase forms.
  auto replace = Collation::byId(text.collation()).lowercase() ? lowercaseReplaceAll : replaceAll;
  if (request.argument_types.size() == 2) {
    return {"replace",
            {text, search},
            DataType::string(),
            stringResultKernel<StringView, StringView>(
                [replace](std::string& out, StringView s, StringView from) {
                  replace(out, s, from, "");
                  return true;
                })};
  }
  DataType replacement = expectArgument(request, 2, DataType::string());
  return {"replace",
          {text, search, replacement},
          DataType::string(),
          stringResultKernel<StringView, StringView, StringView>(
              [replace](std::string& out, StringView s, StringView from, StringView to) {
                replace(out, s, from, to);
                return true;
              })};
}

//! translate, under UTF8_LCASE (`lowercase`: CollationAwareUTF8String.lowercaseTranslate) by
//! the lowercase of each character of `from` and of `text`.
void translate(std::string& out, std::string_view text, std::string_view from, std::string_view to,
               bool lowercase) {
  // Code point -> replacement code point, or kDelete.
  constexpr char32_t kDelete = 0xFFFFFFFF;
  std::unordered_map<char32_t, char32_t> mapping;
  size_t to_offset = 0;
  for (size_t offset = 0; offset < from.size();) {
    size_t length;
    char32_t source = utf8::decode(from, offset, length);
    if (lowercase)
      source = lowercaseCodePoint(source);
    offset += length;
    char32_t target = kDelete;
    if (to_offset < to.size()) {
      size_t to_length;
      target = utf8::decode(to, to_offset, to_length);
      to_offset += to_length;
    }
    mapping.emplace(source, target);
  }
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    char32_t c = utf8::decode(text, offset, length);
    auto found = mapping.find(lowercase ? lowercaseCodePoint(c) : c);
    if (found == mapping.end()) {
      out += text.substr(offset, length);
    } else if (found->second != kDelete) {
      appendUtf8(out, found->second);
    }
    offset += length;
  }
}

//! translate under an ICU collation (Spark's getCollationAwareDict, then a translation by code
//! point): each character of `text` that ICU's string search finds for a character of `from`
//! maps as that character does, or as an earlier found character the collation deems equal.
void icuTranslate(IcuStringSearch& search, const Collation& collation, std::string& out,
                  std::string_view text, std::string_view from, std::string_view to) {
  if (text.empty()) {
    return;
  }
  // Spark's dictionary: the characters of `from` in order (the first mapping of one wins), each
  // to the character of `to` at its index, or to nothing.
  std::vector<std::pair<std::string_view, std::optional<std::string_view>>> dictionary;
  size_t to_offset = 0;
  for (size_t offset = 0; offset < from.size();) {
    size_t length = std::min(utf8::charLength(from[offset]), from.size() - offset);
    std::string_view key = from.substr(offset, length);
    offset += length;
    std::optional<std::string_view> target;
    if (to_offset < to.size()) {
      size_t to_length = std::min(utf8::charLength(to[to_offset]), to.size() - to_offset);
      target = to.substr(to_offset, to_length);
      to_offset += to_length;
    }
    bool known = std::any_of(dictionary.begin(), dictionary.end(),
                             [&](const auto& entry) { return entry.first == key; });
    if (!known)
      dictionary.emplace_back(key, target);
  }
  // The characters of `text` found for each key, with what they become.
  std::vector<std::pair<std::string_view, std::optional<std::string_view>>> found_in_text;
  for (const auto& [key, target] : dictionary) {
    search.reset(text, key);
    for (int32_t found = search.first(); found >= 0; found = search.next()) {
      size_t begin = search.byteOffset(found);
      std::string_view character =
          text.substr(begin, std::min(utf8::charLength(text[begin]), text.size() - begin));
      auto equal = std::find_if(found_in_text.begin(), found_in_text.end(), [&](const auto& entry) {
        return collation.equals(entry.first, character);
      });
      if (equal == found_in_text.end())
        found_in_text.emplace_back(character, target);
      else if (equal->first != character)
        found_in_text.emplace_back(character, equal->second);
    }
  }
  for (size_t offset = 0; offset < text.size();) {
    size_t length = std::min(utf8::charLength(text[offset]), text.size() - offset);
    std::string_view character = text.substr(offset, length);
    auto mapped = std::find_if(found_in_text.begin(), found_in_text.end(),
                               [&](const auto& entry) { return entry.first == character; });
    if (mapped == found_in_text.end())
      out += character;
    else if (mapped->second)
      out += *mapped->second;
    offset += length;
  }
}

BoundScalarFunction bindTranslate(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType from = expectArgument(request, 1, DataType::string());
  DataType to = expectArgument(request, 2, DataType::string());
  if (Collation::byId(text.collation()).icuCollator() != nullptr) {
    CollationId collation = text.collation();
    ScalarKernel kernel = [collation](const ExecContext&, const ArgumentVectors& args,
                                      const RowSet& rows, Vector& result) {
      const Collation& searched = Collation::byId(collation);
      IcuStringSearch search(searched);
      std::string buffer;
      naryLoop<StringView, StringView, StringView, StringView>(
          args, rows, result, [&](idx_t, StringView s, StringView a, StringView b) {
            buffer.clear();
            icuTranslate(search, searched, buffer, s, a, b);
            return result.addString(buffer);
          });
    };
    return {"translate", {text, from, to}, DataType::string(), std::move(kernel)};
  }
  bool lowercase =
      Collation::byId(text.collation()).lowercase();  // Spark's StringTranslate ignores _RTRIM
  return {"translate",
          {text, from, to},
          DataType::string(),
          stringResultKernel<StringView, StringView, StringView>(
              [lowercase](std::string& out, StringView s, StringView a, StringView b) {
                translate(out, s, a, b, lowercase);
                return true;
              })};
}

bool splitPart(std::string& out, std::string_view text, std::string_view delimiter, int32_t part,
               bool lowercase, IcuStringSearch* icu) {
  if (part == 0) {
    throwError(ErrorClass::INVALID_INDEX_OF_ZERO,
               "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has "
               "index 1).");
  }
  std::vector<std::string_view> parts = splitText(text, delimiter, lowercase, icu);
  int64_t count = static_cast<int64_t>(parts.size());
  int64_t index = part > 0 ? part - 1 : count + part;
  if (index >= 0 && index < count)
    out += parts[index];
  return true;
}

//! A kernel of string functions (text, delimiter, n) that search by collation: the delimiter's
//! trailing spaces dropped under _RTRIM, then op(out, text, delimiter, n, icu), where `icu` is
//! an ICU string search of the kernel call under an ICU collation, else null.
template <typename Op>
ScalarKernel delimitedKernel(CollationId collation, Op op) {
  return [collation, op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                         Vector& result) {
    const Collation& searched = Collation::byId(collation);
    std::optional<IcuStringSearch> icu = icuSearchFor(&searched);
    std::string buffer;
    std::string scratch;
    naryLoop<StringView, StringView, StringView, int32_t>(
        args, rows, result, [&](idx_t, StringView s, StringView d, int32_t n) {
          std::string_view delimiter = d;
          if (searched.rtrim())
            delimiter = withoutTrailingSpaces(delimiter, scratch);
          buffer.clear();
          op(buffer, s, delimiter, n, icu ? &*icu : nullptr);
          return result.addString(buffer);
        });
  };
}

BoundScalarFunction bindSplitPart(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType delimiter = expectArgument(request, 1, DataType::string());
  DataType part = expectArgument(request, 2, DataType::intType());
  // Spark's StringSplitSQL: an _RTRIM collation drops the delimiter's trailing spaces, then
  // UTF8_LCASE matches lowercase forms and an ICU collation searches with ICU.
  bool lowercase = Collation::byId(text.collation()).lowercase();
  return {"split_part",
          {text, delimiter, part},
          DataType::string(),
          delimitedKernel(
              text.collation(),
              [lowercase](std::string& out, std::string_view s, std::string_view d, int32_t n,
                          IcuStringSearch* icu) { splitPart(out, s, d, n, lowercase, icu); })};
}

std::string_view substringIndex(std::string_view text, std::string_view delim, int32_t count) {
  if (delim.empty() || count == 0)
    return {};
  if (count > 0) {
    size_t found = std::string_view::npos;
    for (int32_t seen = 0; seen < count; ++seen) {
      found = text.find(delim, found == std::string_view::npos ? 0 : found + 1);
      if (found == std::string_view::npos)
        return text;
    }
    return text.substr(0, found);
  }
  size_t found = text.size();
  for (int64_t seen = 0; seen < -static_cast<int64_t>(count); ++seen) {
    if (found == 0)
      return text;
    found = text.rfind(delim, found - 1);
    if (found == std::string_view::npos)
      return text;
  }
  return text.substr(found + delim.size());
}

//! substring_index under UTF8_LCASE (CollationAwareUTF8String.lowercaseSubStringIndex): the
//! delimiters are the runs of whole characters whose lowercase form is the delimiter's; from
//! the left the n-th run to start (each search starting a character after the last start), from
//! the right the n-th run to end (each search ending a character before the last end).
std::string_view lowercaseSubstringIndex(std::string_view text, std::string_view delim,
                                         int32_t count) {
  std::string pattern;
  appendLowercaseCodePoints(delim, pattern);
  if (pattern.empty() || count == 0)
    return {};
  LoweredText lowered(text);
  size_t characters = lowered.characters();
  if (count > 0) {
    for (size_t i = 0; i < characters; ++i) {
      if (lowered.matchEnd(i, pattern) != 0 && --count == 0)
        return text.substr(0, lowered.offsets[i]);
    }
    return text;
  }
  // The characters where a run ends, from the last.
  std::vector<bool> ends(characters + 1, false);
  for (size_t i = 0; i < characters; ++i) {
    if (size_t end = lowered.matchEnd(i, pattern); end != 0)
      ends[end] = true;
  }
  for (size_t end = characters; end > 0; --end) {
    if (ends[end] && ++count == 0)
      return text.substr(lowered.offsets[end]);
  }
  return text;
}

//! substring_index under an ICU collation (CollationAwareUTF8String.subStringIndex): from the
//! left the n-th match (each search starting a position after the last match's start), from
//! the right the last match (of a search from the start) that starts at or before a limit, which
//! then moves before it.
std::string_view icuSubstringIndex(IcuStringSearch& search, std::string_view text,
                                   std::string_view delim, int32_t count) {
  if (delim.empty() || count == 0 || text.empty())
    return {};
  search.reset(text, delim);
  if (count > 0) {
    int32_t found = -1;
    for (; count > 0; --count) {
      found = search.nextFrom(found + 1);
      if (found < 0)
        return text;
    }
    return text.substr(0, search.byteOffset(found));
  }
  int32_t limit = search.textLength() - 1;
  int32_t chosen = -1;
  int32_t length = 0;
  for (; count < 0; ++count) {
    chosen = -1;
    for (int32_t found = search.first(); found >= 0 && found <= limit; found = search.next()) {
      chosen = found;
      length = search.matchLength();
    }
    if (chosen < 0)
      return text;
    limit = chosen - 1;
  }
  return text.substr(search.byteOffset(chosen + length));
}

BoundScalarFunction bindSubstringIndex(const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType delim = expectArgument(request, 1, DataType::string());
  DataType count = expectArgument(request, 2, DataType::intType());
  // Spark's SubstringIndex: an _RTRIM collation drops the delimiter's trailing spaces, then
  // UTF8_LCASE matches lowercase forms and an ICU collation searches with ICU.
  auto find =
      Collation::byId(text.collation()).lowercase() ? lowercaseSubstringIndex : substringIndex;
  return {"substring_index",
          {text, delim, count},
          DataType::string(),
          delimitedKernel(
              text.collation(), [find](std::string& out, std::string_view s, std::string_view d,
                                       int32_t n, IcuStringSearch* icu) {
                out += icu != nullptr ? icuSubstringIndex(*icu, s, d, n) : find(s, d, n);
              })};
}

}  // namespace

void registerStringSearchFunctions(FunctionRegistry& registry) {
  registry.addScalar({"instr", 2, 2, bindInstr});
  registry.addScalar(
      {"locate", 2, 3, [](const BindRequest& r) { return bindLocate("locate", r); }});
  registry.addScalar(
      {"position", 2, 3, [](const BindRequest& r) { return bindLocate("position", r); }});
  registry.addScalar({"startswith", 2, 2, [](const BindRequest& r) {
                        return bindContainment("startswith", Containment::kStartsWith, r);
                      }});
  registry.addScalar({"endswith", 2, 2, [](const BindRequest& r) {
                        return bindContainment("endswith", Containment::kEndsWith, r);
                      }});
  registry.addScalar({"contains", 2, 2, [](const BindRequest& r) {
                        return bindContainment("contains", Containment::kContains, r);
                      }});
  registry.addScalar({"find_in_set", 2, 2, bindFindInSet});
  registry.addScalar({"replace", 2, 3, bindReplace});
  registry.addScalar({"translate", 3, 3, bindTranslate});
  registry.addScalar({"split_part", 3, 3, bindSplitPart});
  registry.addScalar({"substring_index", 3, 3, bindSubstringIndex});
}

}  // namespace sluice
