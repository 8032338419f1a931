// src/common/types/datetime_pattern.hpp
//
// Spark's datetime patterns ("Datetime Patterns for Formatting and Parsing"), the
// DateTimeFormatter letters Spark 3+ accepts, compiled once and then used per value: the
// dateFormat / timestampFormat options of the file readers, and to_date, to_timestamp and
// date_format. Parsing follows java.time in strict mode as Spark configures it: the whole text
// must match, text and literals match in any case, 'y' reads as the proleptic year (unless 'G'
// is present), fractions of 'S'..'S' accept 1 to that many digits, a variable-width number
// followed by fixed-width ones leaves them their digits ("yyyyMMdd"), fields are checked
// (2023-02-29 fails) and missing ones default as Spark does (year 1970, month and day 1,
// midnight). Text without a zone or offset is read in the zone given to parseTimestamp.
//
// Letters: G y D M L d Q q E F a h K k H m s S V z O X x Z, 'quoted text', '' for a quote,
// [optional sections]; any other non-letter is a literal. The week-based letters Y w W u e c
// and A B n N p are refused, as are counts Java or Spark refuse (MMMMM, ddd, yyyyyyy, aa, V):
// INVALID_DATETIME_PATTERN. E F Q q format but do not parse.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {

class TimeZone;

class DatetimePattern {
 public:
  //! Compiles `pattern` for formatting and parsing; throws INVALID_DATETIME_PATTERN (with the
  //! sub-class ILLEGAL_CHARACTER or LENGTH where Spark names one).
  static DatetimePattern compile(std::string_view pattern);
  //! As compile, and also refuses the letters Spark only formats with (E F Q q), as Spark does
  //! for to_timestamp and the readers' dateFormat / timestampFormat.
  static DatetimePattern compileForParsing(std::string_view pattern);

  DatetimePattern(const DatetimePattern&);
  DatetimePattern(DatetimePattern&&) noexcept;
  DatetimePattern& operator=(const DatetimePattern&);
  DatetimePattern& operator=(DatetimePattern&&) noexcept;
  ~DatetimePattern();

  const std::string& pattern() const { return pattern_; }
  //! True when the pattern has a letter that only formats (E F Q q); the parse functions then
  //! throw INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER.
  bool formatOnly() const { return format_only_letter_ != '\0'; }

  //! Parses the whole text; nullopt when it does not match (Spark then raises or returns NULL
  //! per context). Days since 1970-01-01; time and zone fields must be valid but are dropped.
  std::optional<int32_t> parseDate(std::string_view text) const;
  //! Microseconds since the epoch, UTC; text without a zone or offset is read in `zone` (a
  //! wall-clock time in a DST gap or overlap takes the offset before the transition).
  std::optional<int64_t> parseTimestamp(std::string_view text, const TimeZone& zone) const;
  //! The wall-clock time read, as microseconds of that clock; a zone in the text is ignored.
  std::optional<int64_t> parseTimestampNtz(std::string_view text) const;

  //! The wall-clock time of `micros_utc` in `zone`, formatted. Zone names ('z') are the
  //! tzdata abbreviations ("PST", "CEST"); 'zzzz' falls back to the zone id.
  std::string formatTimestamp(int64_t micros_utc, const TimeZone& zone) const;
  //! A date formatted; time fields print as midnight and zone fields as UTC, except in an
  //! optional section, which is left out (java.time cannot print them for a LocalDate).
  std::string formatDate(int32_t days) const;

  struct Token;

 private:
  DatetimePattern();
  static DatetimePattern build(std::string_view pattern, bool for_parsing);
  void requireParsable() const;

  std::string pattern_;
  std::vector<Token> tokens_;
  char format_only_letter_ = '\0';
  bool has_era_ = false;  // 'G' present: 'y' is the year of era, not the proleptic year
};

}  // namespace sluice
