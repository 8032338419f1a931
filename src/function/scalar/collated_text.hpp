// src/function/scalar/collated_text.hpp
//
// What the UTF8 collations do to the string functions that search or trim text, as Spark's
// CollationSupport does (the binder refuses the ICU collations for these functions,
// planner/binder/collation_coercion.hpp):
// - UTF8_LCASE and UTF8_LCASE_RTRIM match lowercase forms: a run of whole characters matches
//   a pattern when its lowercase form (appendLowercaseCodePoints) is the pattern's;
// - the _RTRIM collations (the ICU ones too) drop trailing spaces first (of which argument, each
//   function says).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/text/collation.hpp"

namespace sluice {

inline bool matchesLowercase(CollationId collation) {
  return collation == kUtf8Lcase || collation == kUtf8LcaseRtrim;
}

inline bool dropsTrailingSpaces(CollationId collation) {
  return Collation::byId(collation).name().ends_with("_RTRIM");
}

//! `text` without its trailing spaces: a view of `scratch` or of `text`.
inline std::string_view withoutTrailingSpaces(std::string_view text, std::string& scratch) {
  return Collation::byId(kUtf8BinaryRtrim).key(text, scratch);
}

//! The one code point a character is lowercased to when characters are compared one by one
//! (translate, the trims): its simple lowercase, final sigma as sigma; U+0130, whose lowercase
//! form is two code points, stands for itself.
char32_t lowercaseCodePoint(char32_t c);

//! A text lowercased a character at a time, as UTF8_LCASE compares it, with where each
//! character's form begins in `lowered` (`starts`) and in the text (`offsets`); both end with
//! the total size.
struct LoweredText {
  std::string lowered;
  std::vector<size_t> starts;
  std::vector<size_t> offsets;

  explicit LoweredText(std::string_view text);

  size_t characters() const { return starts.size() - 1; }

  //! The character after the run of whole characters from character `i` whose lowercase form
  //! is `pattern` (lowercased, not empty); 0 when there is no such run.
  size_t matchEnd(size_t i, const std::string& pattern) const;
};

}  // namespace sluice
