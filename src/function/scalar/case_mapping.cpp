// src/function/scalar/case_mapping.cpp
//
// upper / ucase, lower / lcase and initcap, as Spark maps case (with ICU):
// - upper and lower apply Unicode's full case mapping in context (U+00DF to "SS", ligatures
//   such as U+FB01 to "FI", U+0130 to "i" U+0307, a final capital sigma to U+03C2), by the root
//   locale's rules, or under an ICU collation by its language's (Turkish and Azerbaijani dotted
//   and dotless i, Lithuanian dots, Greek accents in upper case).
// - initcap title-cases the first character and every character after a space (only ' '
//   separates words) and lowercases the others, a character at a time; under an ICU collation
//   it title-cases words as ICU's word breaks find them, by the collation's language.
// Pure ASCII text takes a byte loop that gives the same result wherever ICU would not map 'I'
// and 'i' differently (everywhere but Turkish and Azerbaijani). FullLowercase
// (case_mapping.hpp) gives lower() to the functions that lowercase before they compare.

#include <unicode/ucasemap.h>
#include <unicode/ustring.h>
#include <utf8proc.h>

#include <memory>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/collation.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/case_mapping.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

enum class CaseMapping { kUpper, kLower, kInitCap };

//! The ICU locale whose case rules strings of `collation` follow: the language of an ICU
//! locale collation ("sr_Cyrl_SRB_CI" -> "sr"), else the root locale ("").
std::string caseLocale(CollationId collation) {
  if (collation <= kUtf8LcaseRtrim)
    return "";
  std::string_view name = Collation::byId(collation).name();
  if (name.starts_with("UNICODE"))
    return "";
  return std::string(name.substr(0, name.find('_')));
}

struct CaseMapCloser {
  void operator()(UCaseMap* map) const { ucasemap_close(map); }
};
using CaseMapPtr = std::unique_ptr<UCaseMap, CaseMapCloser>;

CaseMapPtr openCaseMap(const std::string& locale) {
  UErrorCode status = U_ZERO_ERROR;
  CaseMapPtr map(ucasemap_open(locale.c_str(), 0, &status));
  if (U_FAILURE(status)) {
    throw Error(
        ErrorClass::INTERNAL_ERROR,
        fmt::format("ICU cannot map case for the locale '{}': {}.", locale, u_errorName(status)));
  }
  return map;
}

//! ICU's case mapping of `text` (`mapping`: upper, lower or title), appended to `out`.
void appendIcuMapping(std::string& out, std::string_view text, const UCaseMap* map,
                      CaseMapping mapping) {
  auto run = [&](char* dest, int32_t capacity, UErrorCode* status) {
    auto length = static_cast<int32_t>(text.size());
    switch (mapping) {
      case CaseMapping::kUpper:
        return ucasemap_utf8ToUpper(map, dest, capacity, text.data(), length, status);
      case CaseMapping::kLower:
        return ucasemap_utf8ToLower(map, dest, capacity, text.data(), length, status);
      case CaseMapping::kInitCap:
        // Title casing keeps a word-break iterator in the map; each kernel call has its own.
        return ucasemap_utf8ToTitle(const_cast<UCaseMap*>(map), dest, capacity, text.data(), length,
                                    status);
    }
    return int32_t{0};
  };
  size_t start = out.size();
  // Full case mapping can grow a text up to three times.
  out.resize(start + text.size() * 3 + 4);
  UErrorCode status = U_ZERO_ERROR;
  int32_t written = run(out.data() + start, static_cast<int32_t>(out.size() - start), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    out.resize(start + static_cast<size_t>(written));
    status = U_ZERO_ERROR;
    written = run(out.data() + start, written, &status);
  }
  if (U_FAILURE(status)) {
    throw Error(ErrorClass::INTERNAL_ERROR,
                fmt::format("ICU case mapping failed: {}.", u_errorName(status)));
  }
  out.resize(start + static_cast<size_t>(written));
}

void appendAsciiMapping(std::string& out, std::string_view text, CaseMapping mapping) {
  bool after_space = true;
  for (char c : text) {
    bool upper =
        mapping == CaseMapping::kUpper || (mapping == CaseMapping::kInitCap && after_space);
    if (upper && c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
    else if (!upper && c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
    out += c;
    after_space = c == ' ';
  }
}

//! initcap outside the ICU collations: each character's simple title case after a space (and
//! first), its simple lowercase elsewhere, as Spark's toTitleCaseICU.
void appendSpaceSeparatedTitle(std::string& out, std::string_view text) {
  bool after_space = true;
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    auto c = static_cast<utf8proc_int32_t>(utf8::decode(text, offset, length));
    appendUtf8(out, static_cast<char32_t>(after_space ? utf8proc_totitle(c) : utf8proc_tolower(c)));
    after_space = text[offset] == ' ';
    offset += length;
  }
}

BoundScalarFunction bindCase(std::string name, CaseMapping mapping, const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  std::string locale = caseLocale(input.collation());
  bool ascii_shortcut = locale != "tr" && locale != "az";
  bool icu_title = mapping == CaseMapping::kInitCap && input.collation() > kUtf8LcaseRtrim;
  ScalarKernel kernel = [mapping, locale, ascii_shortcut, icu_title](
                            const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                            Vector& result) {
    CaseMapPtr map;  // opened at the first text that needs ICU: ASCII batches never do
    std::string buffer;
    naryLoop<StringView, StringView>(args, rows, result, [&](idx_t, StringView value) {
      std::string_view text = value;
      buffer.clear();
      if (ascii_shortcut && !icu_title && isAsciiText(text))
        appendAsciiMapping(buffer, text, mapping);
      else if (mapping == CaseMapping::kInitCap && !icu_title)
        appendSpaceSeparatedTitle(buffer, text);
      else {
        if (!map)
          map = openCaseMap(locale);
        appendIcuMapping(buffer, text, map.get(), mapping);
      }
      return result.addString(buffer);
    });
  };
  return {std::move(name), {input}, DataType::string(), std::move(kernel)};
}

}  // namespace

FullLowercase::~FullLowercase() {
  if (map_ != nullptr)
    ucasemap_close(map_);
}

void FullLowercase::append(std::string& out, std::string_view text) {
  if (isAsciiText(text)) {
    appendAsciiMapping(out, text, CaseMapping::kLower);
    return;
  }
  if (map_ == nullptr)
    map_ = openCaseMap("").release();
  appendIcuMapping(out, text, map_, CaseMapping::kLower);
}

void registerCaseMappingFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"upper", 1, 1,
       [](const BindRequest& r) { return bindCase("upper", CaseMapping::kUpper, r); }},
      {"ucase"});
  registry.addScalar(
      {"lower", 1, 1,
       [](const BindRequest& r) { return bindCase("lower", CaseMapping::kLower, r); }},
      {"lcase"});
  registry.addScalar({"initcap", 1, 1, [](const BindRequest& r) {
                        return bindCase("initcap", CaseMapping::kInitCap, r);
                      }});
}

}  // namespace sluice
