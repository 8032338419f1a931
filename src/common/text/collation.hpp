// src/common/text/collation.hpp
//
// Spark's string collations: how the STRING values of a type compare, group and sort. A
// collation is a property of the STRING type (DataType::collation()); the values themselves
// are the same UTF-8 bytes under every collation.
//
// - UTF8_BINARY, the default, compares the UTF-8 bytes.
// - UTF8_LCASE compares the values lowercased code point by code point, as Spark's
//   CollationAwareUTF8String.lowerCaseCodePoints does (the simple case mapping of each code
//   point, U+0130 'İ' to "i" U+0307, so that 'İ' equals "i̇", and final sigma 'ς' to 'σ'),
//   then by bytes.
// - The ICU collations compare by the Unicode Collation Algorithm: UNICODE (the root
//   locale's order) or a locale (`en`, `sv`, `sr_Cyrl_SRB`: language, optional script, optional
//   three-letter country, as ICU lists the locales it has collation rules for), optionally
//   _CI (case-insensitive) and / or _AI (accent-insensitive), as Spark's CollationFactory names
//   and configures them.
// - An _RTRIM suffix (UTF8_BINARY_RTRIM, UTF8_LCASE_RTRIM, UNICODE_CI_RTRIM, ...) first drops
//   trailing spaces.
//
// Every comparison a collation makes agrees with a byte comparison of its collation key (key()
// below): the value itself for UTF8_BINARY, the value trimmed and lowercased for UTF8_LCASE, an
// ICU sort key for the ICU collations. Grouping and joining hash the key.
//
// A collation's id is what a STRING type carries: the four UTF8 collations have fixed ids, an
// ICU collation gets the next free id the first time its name is resolved in the process.
//
// The indeterminate collation (Spark 4.1) is the collation of a string computed from strings
// whose implicit collations differ (`utf8_binary_col || utf8_lcase_col`): such a string can be
// passed on, concatenated and returned, but not compared, grouped or searched. The binder
// refuses the functions that would need its collation (INDETERMINATE_COLLATION_IN_EXPRESSION)
// and the tables and views that would store it (INDETERMINATE_COLLATION_IN_SCHEMA); whatever
// else asks it to compare raises INDETERMINATE_COLLATION when it runs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

struct UCollator;

namespace sluice {

using CollationId = uint8_t;

constexpr CollationId kUtf8Binary = 0;
constexpr CollationId kUtf8Lcase = 1;
constexpr CollationId kUtf8BinaryRtrim = 2;
constexpr CollationId kUtf8LcaseRtrim = 3;
constexpr CollationId kIndeterminateCollation = 255;

class Collation {
 public:
  //! The collation of `id`, an id idForName gave.
  static const Collation& byId(CollationId id);

  //! The id of the collation named `name`, in any case, bare or qualified as
  //! SYSTEM.BUILTIN.<name>. Fails with COLLATION_INVALID_NAME for a name that is no collation.
  static CollationId idForName(std::string_view name);

  Collation(CollationId id, std::string name, bool lowercase, bool rtrim, UCollator* icu);
  ~Collation();
  Collation(const Collation&) = delete;
  Collation& operator=(const Collation&) = delete;

  CollationId id() const { return id_; }
  //! Spark's normalized name: UTF8_LCASE, UNICODE_CI, en_CI_AI, sr_Cyrl_SRB_RTRIM.
  std::string_view name() const { return name_; }
  //! SYSTEM.BUILTIN.<name>, as collation() returns it; "null" for the indeterminate collation.
  std::string qualifiedName() const;
  //! UTF8_LCASE and UTF8_LCASE_RTRIM: values compare by their lowercase forms.
  bool lowercase() const { return lowercase_; }
  //! The _RTRIM collations: trailing spaces do not count.
  bool rtrim() const { return rtrim_; }
  //! The collator of an ICU collation (UNICODE, en_CI, ...), for ICU's string search; null for
  //! the UTF8 collations.
  const UCollator* icuCollator() const { return icu_; }
  //! The indeterminate collation, named "null" as Spark's collation() names it.
  bool indeterminate() const { return id_ == kIndeterminateCollation; }

  //! The bytes that compare (by bytes) as `text` does under this collation: `text` itself for
  //! UTF8_BINARY, else a view of `scratch` or of `text`. Raises INDETERMINATE_COLLATION under
  //! the indeterminate collation, as compare() does.
  std::string_view key(std::string_view text, std::string& scratch) const;

  //! Negative, zero or positive as `a` sorts before, with or after `b`.
  int compare(std::string_view a, std::string_view b) const;
  bool equals(std::string_view a, std::string_view b) const { return compare(a, b) == 0; }

 private:
  CollationId id_;
  std::string name_;
  bool lowercase_;
  bool rtrim_;
  UCollator* icu_;  // owned; null for the UTF8 collations
};

//! The one code point UTF8_LCASE lowercases `c` to, as Spark's
//! CollationAwareUTF8String.getLowercaseCodePoint: its simple lowercase mapping, final sigma
//! U+03C2 as sigma U+03C3 (so that both compare equal, as their capital does); U+0130, whose
//! lowercase form is two code points, stands for itself here.
char32_t lowercaseCodePoint(char32_t c);

//! The lowercase form UTF8_LCASE compares: lowercaseCodePoint of each code point, U+0130 as
//! "i" U+0307; bytes that are no valid UTF-8 are kept as they are. Appends to `out`.
void appendLowercaseCodePoints(std::string_view text, std::string& out);

}  // namespace sluice
