// src/function/scalar/collated_text.hpp
//
// What collations do to the string functions that search or trim text, as Spark's
// CollationSupport does (Collation::lowercase() and rtrim() say which applies):
// - UTF8_LCASE and UTF8_LCASE_RTRIM match lowercase forms: a run of whole characters matches
//   a pattern when its lowercase form (appendLowercaseCodePoints) is the pattern's;
// - the ICU collations search with ICU's string search (IcuStringSearch);
// - the _RTRIM collations drop trailing spaces first (of which argument, each function says).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/text/collation.hpp"

struct UStringSearch;

namespace sluice {

//! `text` without its trailing spaces: a view of `scratch` or of `text`.
inline std::string_view withoutTrailingSpaces(std::string_view text, std::string& scratch) {
  return Collation::byId(kUtf8BinaryRtrim).key(text, scratch);
}

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

//! ICU's string search under an ICU collation, as Spark's CollationFactory.getStringSearch:
//! a match is a run of the text the collator finds equal to the pattern (no break iterator,
//! no overlapping matches). Positions and lengths count UTF-16 code units, which Spark reports
//! as character positions (one per character outside the supplementary planes). Searches one
//! (text, pattern) pair at a time; bytes that are no valid UTF-8 search as U+FFFD.
class IcuStringSearch {
 public:
  explicit IcuStringSearch(const Collation& collation);
  ~IcuStringSearch();
  IcuStringSearch(const IcuStringSearch&) = delete;
  IcuStringSearch& operator=(const IcuStringSearch&) = delete;

  //! Searches `text` for `pattern` (neither empty: ICU searches no empty text, and callers
  //! answer for those as Spark does) from the start of `text`.
  void reset(std::string_view text, std::string_view pattern);
  //! Searches the same text for another pattern (not empty), from its start.
  void resetPattern(std::string_view pattern);

  //! The start of the first match, of the last, or of the next one after the last found (or
  //! from `offset`); -1 when there is none.
  int32_t first();
  int32_t last();
  int32_t next();
  int32_t nextFrom(int32_t offset);
  //! The length of the match last found.
  int32_t matchLength() const;
  //! The length of the text.
  int32_t textLength() const { return static_cast<int32_t>(text_.size()); }
  //! The byte offset in the text of a position.
  size_t byteOffset(int32_t position) const { return byte_offsets_[position]; }

 private:
  struct UCollatorCloser {
    void operator()(UCollator* collator) const;
  };
  std::unique_ptr<UCollator, UCollatorCloser> collator_;  // a searcher's own clone
  UStringSearch* search_ = nullptr;
  std::u16string text_;
  std::u16string pattern_;
  std::vector<size_t> byte_offsets_;  // of each UTF-16 unit of text_, then of its end
};

//! An ICU string search for a kernel call under `collation` when it is an ICU collation;
//! nullopt for a UTF8 collation (whose searches need none) and for none (null).
std::optional<IcuStringSearch> icuSearchFor(const Collation* collation);

//! The pieces of `text` between the matches of `delimiter`, at most `max_parts` of them (0:
//! all; the last piece holds the rest): by bytes, by lowercase forms of whole characters
//! (`lowercase`), or by ICU's string search (`icu`), as Spark's splitSQL, lowercaseSplitSQL and
//! icuSplitSQL split by a literal delimiter; an empty delimiter leaves `text` whole.
std::vector<std::string_view> splitText(std::string_view text, std::string_view delimiter,
                                        bool lowercase, IcuStringSearch* icu, size_t max_parts = 0);

}  // namespace sluice
