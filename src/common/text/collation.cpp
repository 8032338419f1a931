// src/common/text/collation.cpp
#include "common/text/collation.hpp"

#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <utf8proc.h>

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"

namespace sluice {

namespace {

constexpr std::string_view kQualifier = "SYSTEM.BUILTIN.";

[[noreturn]] void raiseIndeterminate() {
  throw Error(ErrorClass::INDETERMINATE_COLLATION,
              "Could not determine which collation to use for this string operation: its "
              "strings come from columns of different implicit collations. Use COLLATE to set "
              "the collation explicitly.");
}

[[noreturn]] void raiseInvalidName(std::string_view name) {
  throw Error(ErrorClass::COLLATION_INVALID_NAME,
              "The value " + std::string(name) +
                  " does not represent a correct collation name. Suggested valid collation "
                  "names: [UTF8_BINARY, UTF8_LCASE, UNICODE, UNICODE_CI].");
}

//! Decodes the UTF-8 code point at text[i] into `code_point` and returns its length in bytes;
//! 0 when the bytes there are no valid UTF-8.
size_t decodeCodePoint(std::string_view text, size_t i, utf8proc_int32_t& code_point) {
  utf8proc_ssize_t length =
      utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + i),
                       static_cast<utf8proc_ssize_t>(text.size() - i), &code_point);
  return length > 0 ? static_cast<size_t>(length) : 0;
}

std::string_view trimTrailingSpaces(std::string_view text) {
  while (!text.empty() && text.back() == ' ')
    text.remove_suffix(1);
  return text;
}

//! The locales ICU has collation rules for, by Spark's name for them (language, then script,
//! then three-letter country, joined by '_'; variants left out) in upper case; UNICODE is the
//! root locale.
struct IcuLocale {
  std::string name;    // as Spark spells it: "sr_Cyrl_SRB"
  std::string locale;  // ICU's id: "sr_Cyrl_RS"
};

const std::unordered_map<std::string, IcuLocale>& icuLocales() {
  static const std::unordered_map<std::string, IcuLocale> locales = [] {
    std::unordered_map<std::string, IcuLocale> by_upper_name;
    by_upper_name["UNICODE"] = {"UNICODE", "root"};
    int32_t count = ucol_countAvailable();
    for (int32_t i = 0; i < count; ++i) {
      const char* id = ucol_getAvailable(i);
      UErrorCode status = U_ZERO_ERROR;
      char variant[32];
      char language[16];
      char script[16];
      uloc_getVariant(id, variant, sizeof(variant), &status);
      uloc_getLanguage(id, language, sizeof(language), &status);
      uloc_getScript(id, script, sizeof(script), &status);
      if (U_FAILURE(status) || variant[0] != '\0' || language[0] == '\0')
        continue;
      std::string name = language;
      if (script[0] != '\0')
        name += std::string("_") + script;
      const char* country = uloc_getISO3Country(id);
      if (country != nullptr && country[0] != '\0')
        name += std::string("_") + country;
      by_upper_name.emplace(upperAscii(name), IcuLocale{name, id});
    }
    return by_upper_name;
  }();
  return locales;
}

//! The collations of the process by id: the four UTF8 ones, then the ICU ones as their names
//! are first resolved. Reading an id takes no lock; adding one does.
class CollationRegistry {
 public:
  static CollationRegistry& instance() {
    static CollationRegistry registry;
    return registry;
  }

  const Collation& byId(CollationId id) const {
    const Collation* collation = slots_[id].load(std::memory_order_acquire);
    SLUICE_CHECK(collation != nullptr);
    return *collation;
  }

  //! The id of the ICU collation named `name` (normalized), opening its collator the first
  //! time.
  CollationId icu(const std::string& name, const IcuLocale& locale, bool case_sensitive,
                  bool accent_sensitive, bool rtrim) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = by_name_.find(name);
    if (found != by_name_.end())
      return found->second;
    if (owned_.size() == kIndeterminateCollation) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "The collation " + name + " is not supported: a process can use at most " +
                      std::to_string(kIndeterminateCollation - 4) + " ICU collations.");
    }
    UErrorCode status = U_ZERO_ERROR;
    UCollator* collator = ucol_open(locale.locale.c_str(), &status);
    if (U_FAILURE(status)) {
      throw Error(ErrorClass::INTERNAL_ERROR,
                  "ICU cannot open the collator of " + locale.locale + ": " + u_errorName(status));
    }
    // Spark's levels: CS_AS tertiary, CI_AS secondary, CI_AI primary, CS_AI primary with
    // the case level on.
    UColAttributeValue strength = UCOL_TERTIARY;
    if (!case_sensitive)
      strength = accent_sensitive ? UCOL_SECONDARY : UCOL_PRIMARY;
    else if (!accent_sensitive)
      strength = UCOL_PRIMARY;
    ucol_setStrength(collator, strength);
    if (case_sensitive && !accent_sensitive)
      ucol_setAttribute(collator, UCOL_CASE_LEVEL, UCOL_ON, &status);
    auto id = static_cast<CollationId>(owned_.size());
    add(std::make_unique<Collation>(id, name, false, rtrim, collator));
    by_name_.emplace(name, id);
    return id;
  }

 private:
  CollationRegistry() {
    add(std::make_unique<Collation>(kUtf8Binary, "UTF8_BINARY", false, false, nullptr));
    add(std::make_unique<Collation>(kUtf8Lcase, "UTF8_LCASE", true, false, nullptr));
    add(std::make_unique<Collation>(kUtf8BinaryRtrim, "UTF8_BINARY_RTRIM", false, true, nullptr));
    add(std::make_unique<Collation>(kUtf8LcaseRtrim, "UTF8_LCASE_RTRIM", true, true, nullptr));
    slots_[kIndeterminateCollation].store(&indeterminate_, std::memory_order_release);
  }

  void add(std::unique_ptr<Collation> collation) {
    slots_[collation->id()].store(collation.get(), std::memory_order_release);
    owned_.push_back(std::move(collation));
  }

  std::mutex mutex_;
  std::array<std::atomic<const Collation*>, 256> slots_{};
  std::vector<std::unique_ptr<Collation>> owned_;  // by id, up to the indeterminate id
  const Collation indeterminate_{kIndeterminateCollation, "null", false, false, nullptr};
  std::unordered_map<std::string, CollationId> by_name_;
};

//! The id of the ICU collation `upper` names (the name in upper case): the longest locale name
//! it starts with, then the specifiers CS / CI, AS / AI and RTRIM, each at most once.
CollationId icuCollationId(std::string_view original, const std::string& upper) {
  const auto& locales = icuLocales();
  const IcuLocale* locale = nullptr;
  size_t locale_length = 0;
  for (size_t length = 1; length <= upper.size(); ++length) {
    auto found = locales.find(upper.substr(0, length));
    if (found != locales.end()) {
      locale = &found->second;
      locale_length = length;
    }
  }
  if (locale == nullptr || (locale_length < upper.size() && upper[locale_length] != '_'))
    raiseInvalidName(original);
  bool case_set = false;
  bool accent_set = false;
  bool trim_set = false;
  bool case_sensitive = true;
  bool accent_sensitive = true;
  bool rtrim = false;
  size_t start = locale_length + 1;
  while (start <= upper.size() && locale_length < upper.size()) {
    size_t end = upper.find('_', start);
    if (end == std::string::npos)
      end = upper.size();
    std::string_view specifier = std::string_view(upper).substr(start, end - start);
    if ((specifier == "CS" || specifier == "CI") && !case_set) {
      case_set = true;
      case_sensitive = specifier == "CS";
    } else if ((specifier == "AS" || specifier == "AI") && !accent_set) {
      accent_set = true;
      accent_sensitive = specifier == "AS";
    } else if (specifier == "RTRIM" && !trim_set) {
      trim_set = true;
      rtrim = true;
    } else {
      raiseInvalidName(original);
    }
    start = end + 1;
  }
  std::string name = locale->name;
  if (!case_sensitive)
    name += "_CI";
  if (!accent_sensitive)
    name += "_AI";
  if (rtrim)
    name += "_RTRIM";
  return CollationRegistry::instance().icu(name, *locale, case_sensitive, accent_sensitive, rtrim);
}

}  // namespace

char32_t lowercaseCodePoint(char32_t c) {
  if (c == 0x0130)
    return c;
  if (c == 0x03C2)
    return 0x03C3;
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
}

void appendLowercaseCodePoints(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size());
  size_t i = 0;
  while (i < text.size()) {
    unsigned char byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      out.push_back(asciiLower(static_cast<char>(byte)));
      ++i;
      continue;
    }
    utf8proc_int32_t code_point = 0;
    size_t length = decodeCodePoint(text, i, code_point);
    if (length == 0) {
      out.push_back(static_cast<char>(byte));
      ++i;
      continue;
    }
    i += length;
    if (code_point == 0x130) {  // 'İ' lowercases to "i" and a combining dot above
      out += "i\xCC\x87";
      continue;
    }
    utf8proc_uint8_t encoded[4];
    auto lowered =
        static_cast<utf8proc_int32_t>(lowercaseCodePoint(static_cast<char32_t>(code_point)));
    utf8proc_ssize_t written = utf8proc_encode_char(lowered, encoded);
    out.append(reinterpret_cast<const char*>(encoded), static_cast<size_t>(written));
  }
}

Collation::Collation(CollationId id, std::string name, bool lowercase, bool rtrim, UCollator* icu)
    : id_(id), name_(std::move(name)), lowercase_(lowercase), rtrim_(rtrim), icu_(icu) {}

Collation::~Collation() {
  if (icu_ != nullptr)
    ucol_close(icu_);
}

const Collation& Collation::byId(CollationId id) {
  return CollationRegistry::instance().byId(id);
}

CollationId Collation::idForName(std::string_view name) {
  std::string_view bare = name;
  if (bare.size() > kQualifier.size() &&
      sameIdentifier(bare.substr(0, kQualifier.size()), kQualifier)) {
    bare.remove_prefix(kQualifier.size());
  }
  if (bare.empty() || bare.find('.') != std::string_view::npos)
    raiseInvalidName(name);
  std::string upper = upperAscii(bare);
  if (upper.starts_with("UTF8_")) {
    for (CollationId id : {kUtf8Binary, kUtf8Lcase, kUtf8BinaryRtrim, kUtf8LcaseRtrim}) {
      if (upper == byId(id).name())
        return id;
    }
    raiseInvalidName(name);
  }
  return icuCollationId(name, upper);
}

std::string Collation::qualifiedName() const {
  if (indeterminate())  // unqualified, as Spark's collation() names it
    return name_;
  return std::string(kQualifier) + name_;
}

std::string_view Collation::key(std::string_view text, std::string& scratch) const {
  if (rtrim_)
    text = trimTrailingSpaces(text);
  if (lowercase_) {
    scratch.clear();
    appendLowercaseCodePoints(text, scratch);
    return scratch;
  }
  if (icu_ == nullptr) {
    if (indeterminate())  // checked on the byte path only: no other collation takes it
      raiseIndeterminate();
    return text;
  }
  // ICU's sort key of the UTF-16 form (ill-formed UTF-8 as U+FFFD, as Spark's toValidString).
  thread_local std::vector<UChar> utf16;
  utf16.resize(text.size() + 1);
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8WithSub(utf16.data(), static_cast<int32_t>(utf16.size()), &length, text.data(),
                       static_cast<int32_t>(text.size()), 0xFFFD, nullptr, &status);
  SLUICE_CHECK(U_SUCCESS(status));
  scratch.resize(scratch.capacity() < 32 ? 32 : scratch.capacity());
  for (;;) {
    int32_t size =
        ucol_getSortKey(icu_, utf16.data(), length, reinterpret_cast<uint8_t*>(scratch.data()),
                        static_cast<int32_t>(scratch.size()));
    if (static_cast<size_t>(size) <= scratch.size()) {
      scratch.resize(static_cast<size_t>(size) - 1);  // without the terminating zero byte
      return scratch;
    }
    scratch.resize(static_cast<size_t>(size));
  }
}

int Collation::compare(std::string_view a, std::string_view b) const {
  if (rtrim_) {
    a = trimTrailingSpaces(a);
    b = trimTrailingSpaces(b);
  }
  if (icu_ != nullptr) {
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(icu_, a.data(), static_cast<int32_t>(a.size()),
                                               b.data(), static_cast<int32_t>(b.size()), &status);
    return result == UCOL_LESS ? -1 : (result == UCOL_GREATER ? 1 : 0);
  }
  if (lowercase_) {
    // ASCII bytes compare by their lowercase, in one pass; from the first other byte on, the
    // lowercase forms of the rest decide (an ASCII byte is a whole character, so the forms of
    // what came before were equal and as long).
    size_t common = std::min(a.size(), b.size());
    size_t i = 0;
    for (; i < common; ++i) {
      auto x = static_cast<unsigned char>(a[i]);
      auto y = static_cast<unsigned char>(b[i]);
      if ((x | y) >= 0x80)
        break;
      x = static_cast<unsigned char>(asciiLower(static_cast<char>(x)));
      y = static_cast<unsigned char>(asciiLower(static_cast<char>(y)));
      if (x != y)
        return x < y ? -1 : 1;
    }
    if (i == common)  // one is a prefix of the other: the longer has a longer lowercase form
      return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
    thread_local std::string left;
    thread_local std::string right;
    a = key(a.substr(i), left);
    b = key(b.substr(i), right);
  } else if (indeterminate()) {  // checked on the byte path only: no other collation takes it
    raiseIndeterminate();
  }
  int result = a.compare(b);
  return result < 0 ? -1 : (result > 0 ? 1 : 0);
}

}  // namespace sluice
