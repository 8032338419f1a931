// src/common/types/datetime_pattern.cpp
//
// Compiling, parsing and formatting Spark datetime patterns. Compilation mirrors Spark's
// DateTimeFormatterHelper (its refused letters and lengths) and java.time's
// DateTimeFormatterBuilder.appendPattern (letter counts, and which numbers run adjacent so that
// a variable-width one leaves the following fixed-width ones their digits). Parsing mirrors
// the java.time printer-parsers in strict, case-insensitive mode, then resolves the fields as
// ResolverStyle.STRICT and Spark's toLocalDate / toLocalTime defaults do.
#include "common/types/datetime_pattern.hpp"

#include <array>
#include <limits>

#include <date/tz.h>
#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

constexpr int64_t kMaxYear = 999'999'999;  // LocalDate's range

enum class TokenKind : uint8_t { kLiteral, kOptionalStart, kOptionalEnd, kField };

// java.time's SignStyle, as far as strict parsing and printing tell them apart.
enum class SignStyle : uint8_t { kNormal, kNotNegative, kExceedsPad };

// How a field token parses.
enum class ParseKind : uint8_t { kNumber, kReducedYear, kFraction, kText, kOffset, kZone, kNone };

bool isLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Case-insensitive match of `word` at `pos` (java.time's parseCaseInsensitive).
bool matchesAt(std::string_view text, size_t pos, std::string_view word) {
  if (text.size() - pos < word.size())
    return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (asciiLower(text[pos + i]) != asciiLower(word[i]))
      return false;
  }
  return true;
}

constexpr std::array<std::string_view, 12> kShortMonths = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<std::string_view, 12> kFullMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};
constexpr std::array<std::string_view, 7> kShortDays = {"Mon", "Tue", "Wed", "Thu",
                                                        "Fri", "Sat", "Sun"};
constexpr std::array<std::string_view, 7> kFullDays = {
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
constexpr std::array<std::string_view, 2> kShortEras = {"BC", "AD"};
constexpr std::array<std::string_view, 2> kFullEras = {"Before Christ", "Anno Domini"};
constexpr std::array<std::string_view, 2> kAmPmTexts = {"AM", "PM"};
constexpr std::array<std::string_view, 4> kShortQuarters = {"Q1", "Q2", "Q3", "Q4"};
constexpr std::array<std::string_view, 4> kFullQuarters = {"1st quarter", "2nd quarter",
                                                           "3rd quarter", "4th quarter"};

// The parsed fields: java.time's ChronoFields that the letters set.
enum Field : uint8_t {
  kEra,
  kYear,  // proleptic ('u', and 'y' without 'G')
  kYearOfEra,
  kMonth,
  kDay,
  kDayOfYear,
  kAmPm,
  kHourOfDay,
  kClockHourOfDay,
  kHourOfAmPm,
  kClockHourOfAmPm,
  kMinute,
  kSecond,
  kNano,
  kOffsetSeconds,
  kFieldCount
};

struct Parsed {
  std::array<int64_t, kFieldCount> values{};
  uint32_t present = 0;
  std::shared_ptr<const TimeZone> zone;

  bool has(Field field) const { return (present >> field) & 1; }
  int64_t get(Field field) const { return values[field]; }
  //! Sets a field; a second, different value for it is a conflict (java.time fails then).
  bool set(Field field, int64_t value) {
    if (has(field))
      return values[field] == value;
    values[field] = value;
    present |= 1u << field;
    return true;
  }
};

// The local date and time that parsed fields resolve to.
struct Resolved {
  int64_t days = 0;
  int64_t second_of_day = 0;
  int64_t nanos = 0;
};

bool inRange(const Parsed& parsed, Field field, int64_t low, int64_t high) {
  return !parsed.has(field) || (parsed.get(field) >= low && parsed.get(field) <= high);
}

// ResolverStyle.STRICT plus Spark's toLocalDate defaults (year 1970, month and day 1).
bool resolveDate(const Parsed& parsed, int64_t& days) {
  int64_t year = 1970;
  if (parsed.has(kYear)) {
    year = parsed.get(kYear);
  } else if (parsed.has(kYearOfEra)) {
    int64_t year_of_era = parsed.get(kYearOfEra);
    if (year_of_era < 1)
      return false;
    int64_t era = parsed.has(kEra) ? parsed.get(kEra) : 1;
    year = era == 1 ? year_of_era : 1 - year_of_era;
  }
  if (year < -kMaxYear || year > kMaxYear)
    return false;
  if (!inRange(parsed, kMonth, 1, 12) || !inRange(parsed, kDay, 1, 31) ||
      !inRange(parsed, kDayOfYear, 1, 366)) {
    return false;
  }
  if (parsed.has(kDayOfYear)) {
    int64_t day_of_year = parsed.get(kDayOfYear);
    int64_t first = daysFromCivilWide(year, 1, 1);
    if (day_of_year > daysFromCivilWide(year + 1, 1, 1) - first)
      return false;
    days = first + day_of_year - 1;
    // Spark's verifyLocalDate: a month or day given beside the day of year must agree.
    if (parsed.has(kMonth) || parsed.has(kDay)) {
      int64_t month = 1;
      while (month < 12 && daysFromCivilWide(year, static_cast<uint32_t>(month + 1), 1) <= days) {
        ++month;
      }
      int64_t day = days - daysFromCivilWide(year, static_cast<uint32_t>(month), 1) + 1;
      if (parsed.has(kMonth) && parsed.get(kMonth) != month)
        return false;
      if (parsed.has(kDay) && parsed.get(kDay) != day)
        return false;
    }
    return true;
  }
  int64_t month = parsed.has(kMonth) ? parsed.get(kMonth) : 1;
  int64_t day = parsed.has(kDay) ? parsed.get(kDay) : 1;
  if (day > daysInMonth(year, static_cast<uint32_t>(month)))
    return false;
  days = daysFromCivilWide(year, static_cast<uint32_t>(month), static_cast<uint32_t>(day));
  return true;
}

// ResolverStyle.STRICT for the hour fields plus Spark's toLocalTime defaults.
bool resolveTime(Parsed parsed, int64_t& second_of_day, int64_t& nanos) {
  if (!inRange(parsed, kClockHourOfDay, 1, 24) || !inRange(parsed, kClockHourOfAmPm, 1, 12) ||
      !inRange(parsed, kHourOfAmPm, 0, 11) || !inRange(parsed, kHourOfDay, 0, 23) ||
      !inRange(parsed, kAmPm, 0, 1) || !inRange(parsed, kMinute, 0, 59) ||
      !inRange(parsed, kSecond, 0, 59)) {
    return false;
  }
  if (parsed.has(kClockHourOfDay)) {
    int64_t hour = parsed.get(kClockHourOfDay);
    if (!parsed.set(kHourOfDay, hour == 24 ? 0 : hour))
      return false;
  }
  if (parsed.has(kClockHourOfAmPm)) {
    int64_t hour = parsed.get(kClockHourOfAmPm);
    if (!parsed.set(kHourOfAmPm, hour == 12 ? 0 : hour))
      return false;
  }
  if (parsed.has(kAmPm) && parsed.has(kHourOfAmPm)) {
    if (!parsed.set(kHourOfDay, parsed.get(kAmPm) * 12 + parsed.get(kHourOfAmPm)))
      return false;
  }
  if (parsed.has(kHourOfDay) && parsed.has(kAmPm) &&
      parsed.get(kHourOfDay) / 12 != parsed.get(kAmPm)) {
    return false;
  }
  int64_t hour = 0;
  if (parsed.has(kHourOfDay)) {
    hour = parsed.get(kHourOfDay);
  } else if (parsed.has(kHourOfAmPm)) {
    hour = parsed.get(kHourOfAmPm);  // Spark assumes AM when 'a' is missing
  } else if (parsed.has(kAmPm) && parsed.get(kAmPm) == 1) {
    hour = 12;
  }
  int64_t minute = parsed.has(kMinute) ? parsed.get(kMinute) : 0;
  int64_t second = parsed.has(kSecond) ? parsed.get(kSecond) : 0;
  second_of_day = hour * 3600 + minute * 60 + second;
  nanos = parsed.has(kNano) ? parsed.get(kNano) : 0;
  return true;
}

bool resolve(const Parsed& parsed, Resolved& out) {
  return resolveDate(parsed, out.days) && resolveTime(parsed, out.second_of_day, out.nanos);
}

// seconds * 10^6 + micros when it fits in int64.
std::optional<int64_t> toMicros(int64_t seconds, int64_t micros) {
  __int128 total = static_cast<__int128>(seconds) * kMicrosPerSecond + micros;
  if (total < std::numeric_limits<int64_t>::min() || total > std::numeric_limits<int64_t>::max()) {
    return std::nullopt;
  }
  return static_cast<int64_t>(total);
}

[[noreturn]] void throwInvalid(std::string_view sub_class, std::string message) {
  throw Error(ErrorClass::INVALID_DATETIME_PATTERN, std::string(sub_class), std::move(message));
}

[[noreturn]] void throwUnrecognized(std::string_view pattern, std::string_view reason) {
  throwInvalid("", fmt::format("Unrecognized datetime pattern: {}. {}", pattern, reason));
}

void appendPadded(std::string& out, uint64_t value, int width) {
  char digits[24];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (int i = count; i < width; ++i)
    out += '0';
  while (count > 0)
    out += digits[--count];
}

int digitCount(uint64_t value) {
  int count = 1;
  while (value >= 10) {
    value /= 10;
    ++count;
  }
  return count;
}

}  // namespace

struct DatetimePattern::Token {
  TokenKind kind = TokenKind::kLiteral;
  std::string literal;      // kLiteral
  size_t optional_end = 0;  // kOptionalStart: index of its kOptionalEnd
  bool needs_time = false;  // kOptionalStart: the section prints time or zone fields
  char letter = '\0';       // kField
  int count = 0;
  ParseKind parse = ParseKind::kNone;
  // Numbers (java.time's NumberPrinterParser).
  int min_width = 0;
  int max_width = 0;
  SignStyle sign = SignStyle::kNormal;
  int subsequent_width = 0;  // > 0: digits the following fixed-width numbers reserve
  Field field = kFieldCount;
  // Offsets: the no-offset text, and the java.time offset pattern or "O" styles.
  std::string_view no_offset;
  std::string_view offset_pattern;
};

namespace {

using Token = DatetimePattern::Token;

// ---- Compilation ----

bool isWeekBased(char c) {
  return c == 'Y' || c == 'W' || c == 'w' || c == 'u' || c == 'e' || c == 'c';
}
bool isRefused(char c) {
  return c == 'A' || c == 'B' || c == 'n' || c == 'N' || c == 'p';
}
bool isFormatOnly(char c) {
  return c == 'E' || c == 'F' || c == 'q' || c == 'Q';
}

void setNumber(Token& token, Field field, int min_width, int max_width, SignStyle sign) {
  token.parse = ParseKind::kNumber;
  token.field = field;
  token.min_width = min_width;
  token.max_width = max_width;
  token.sign = sign;
}

// appendValue(field) for one letter, appendValue(field, 2) for two.
void setOneOrTwoDigits(Token& token, Field field) {
  if (token.count == 1) {
    setNumber(token, field, 1, 19, SignStyle::kNormal);
  } else {
    setNumber(token, field, 2, 2, SignStyle::kNotNegative);
  }
}

void checkCount(const Token& token, int max, std::string_view pattern) {
  if (token.count > max) {
    throwUnrecognized(pattern, fmt::format("Too many pattern letters: {}", token.letter));
  }
}

// Checks a letter's count and decides how it parses (DateTimeFormatterBuilder.parseField).
void defineField(Token& token, bool has_era, std::string_view pattern) {
  char c = token.letter;
  int count = token.count;
  switch (c) {
    case 'G':
      checkCount(token, 4, pattern);
      token.parse = ParseKind::kText;
      token.field = kEra;
      break;
    case 'y':
      if (count == 2) {
        token.parse = ParseKind::kReducedYear;
        token.field = has_era ? kYearOfEra : kYear;
        token.min_width = token.max_width = 2;
        token.sign = SignStyle::kNotNegative;
      } else {
        setNumber(token, has_era ? kYearOfEra : kYear, count, 19,
                  count < 4 ? SignStyle::kNormal : SignStyle::kExceedsPad);
      }
      break;
    case 'D':
      checkCount(token, 3, pattern);
      if (count == 1) {
        setNumber(token, kDayOfYear, 1, 19, SignStyle::kNormal);
      } else {
        setNumber(token, kDayOfYear, count, 3, SignStyle::kNotNegative);
      }
      break;
    case 'M':
    case 'L':
      checkCount(token, 4, pattern);
      if (count <= 2) {
        setOneOrTwoDigits(token, kMonth);
      } else {
        token.parse = ParseKind::kText;
        token.field = kMonth;
      }
      break;
    case 'Q':
    case 'q':
      checkCount(token, 4, pattern);
      token.parse = ParseKind::kNone;  // formatting only
      break;
    case 'E':
      checkCount(token, 4, pattern);
      token.parse = ParseKind::kNone;
      break;
    case 'F':
      checkCount(token, 1, pattern);
      token.parse = ParseKind::kNone;
      break;
    case 'a':
      checkCount(token, 1, pattern);
      token.parse = ParseKind::kText;
      token.field = kAmPm;
      break;
    case 'd':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kDay);
      break;
    case 'h':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kClockHourOfAmPm);
      break;
    case 'K':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kHourOfAmPm);
      break;
    case 'k':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kClockHourOfDay);
      break;
    case 'H':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kHourOfDay);
      break;
    case 'm':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kMinute);
      break;
    case 's':
      checkCount(token, 2, pattern);
      setOneOrTwoDigits(token, kSecond);
      break;
    case 'S':
      checkCount(token, 9, pattern);
      // Spark parses 1 to count digits (createBuilderWithVarLengthSecondFraction).
      token.parse = ParseKind::kFraction;
      token.field = kNano;
      token.min_width = 1;
      token.max_width = count;
      token.sign = SignStyle::kNotNegative;
      break;
    case 'V':
      if (count != 2)
        throwUnrecognized(pattern, "Pattern letter count must be 2: V");
      token.parse = ParseKind::kZone;
      break;
    case 'z':
      checkCount(token, 4, pattern);
      token.parse = ParseKind::kZone;
      break;
    case 'O':
      if (count != 1 && count != 4) {
        throwUnrecognized(pattern, "Pattern letter count must be 1 or 4: O");
      }
      token.parse = ParseKind::kOffset;
      token.offset_pattern = count == 1 ? "O" : "OOOO";
      break;
    case 'X':
    case 'x': {
      checkCount(token, 5, pattern);
      static constexpr std::string_view kPatterns[] = {"+HHmm", "+HHMM", "+HH:MM", "+HHMMss",
                                                       "+HH:MM:ss"};
      static constexpr std::string_view kZeros[] = {"+00", "+0000", "+00:00", "+0000", "+00:00"};
      token.parse = ParseKind::kOffset;
      token.offset_pattern = kPatterns[count - 1];
      token.no_offset = c == 'X' ? std::string_view("Z") : kZeros[count - 1];
      break;
    }
    case 'Z':
      checkCount(token, 5, pattern);
      token.parse = ParseKind::kOffset;
      if (count <= 3) {
        token.offset_pattern = "+HHMM";
        token.no_offset = "+0000";
      } else if (count == 4) {
        token.offset_pattern = "OOOO";
      } else {
        token.offset_pattern = "+HH:MM:ss";
        token.no_offset = "Z";
      }
      break;
    default:
      throwUnrecognized(pattern, fmt::format("Unknown pattern letter: {}", c));
  }
}

bool isTimeOrZoneLetter(char c) {
  switch (c) {
    case 'a':
    case 'h':
    case 'K':
    case 'k':
    case 'H':
    case 'm':
    case 's':
    case 'S':
    case 'V':
    case 'z':
    case 'O':
    case 'X':
    case 'x':
    case 'Z':
      return true;
    default:
      return false;
  }
}

// A number that reserves its width after a variable-width one (appendValue's adjacent mode).
bool isFixedWidthValue(const Token& token) {
  if (token.kind != TokenKind::kField)
    return false;
  if (token.parse == ParseKind::kReducedYear)
    return true;
  if (token.parse == ParseKind::kFraction)
    return token.max_width == 1;
  return token.parse == ParseKind::kNumber && token.min_width == token.max_width &&
         token.sign == SignStyle::kNotNegative;
}

bool isValueParser(const Token& token) {
  return token.kind == TokenKind::kField &&
         (token.parse == ParseKind::kNumber || token.parse == ParseKind::kReducedYear ||
          (token.parse == ParseKind::kFraction && token.max_width == 1));
}

// DateTimeFormatterBuilder's active value parser: a number followed directly by fixed-width
// numbers reserves their widths; a following variable-width number ends the run.
void linkAdjacentValues(std::vector<Token>& tokens) {
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t active = kNone;
  for (size_t i = 0; i < tokens.size(); ++i) {
    Token& token = tokens[i];
    if (!isValueParser(token)) {
      active = kNone;
      continue;
    }
    if (active == kNone) {
      active = i;
    } else if (isFixedWidthValue(token)) {
      tokens[active].subsequent_width += token.max_width;
    } else {
      // withFixedWidth(): the earlier number parses with its own widths only.
      tokens[active].subsequent_width = 0;
      active = i;
    }
  }
}

// ---- Parsing ----

// NumberPrinterParser.parse in strict mode; returns the new position or npos.
size_t parseNumber(const Token& token, std::string_view text, size_t pos, int64_t& value) {
  constexpr size_t kFail = std::string_view::npos;
  size_t length = text.size();
  if (pos >= length)
    return kFail;
  bool negative = false;
  bool positive = false;
  if (text[pos] == '+' || text[pos] == '-') {
    bool plus = text[pos] == '+';
    bool allowed =
        token.sign == SignStyle::kExceedsPad || (token.sign == SignStyle::kNormal && !plus);
    if (!allowed)
      return kFail;
    (plus ? positive : negative) = true;
    ++pos;
  }
  size_t start = pos;
  size_t min_end = start + static_cast<size_t>(token.min_width);
  if (min_end > length)
    return kFail;
  size_t max_width = static_cast<size_t>(token.max_width + token.subsequent_width);
  for (int pass = 0; pass < 2; ++pass) {
    size_t max_end = std::min(pos + max_width, length);
    while (pos < max_end && isAsciiDigit(text[pos]))
      ++pos;
    if (pos < min_end)
      return kFail;
    if (token.subsequent_width > 0 && pass == 0) {
      size_t parsed = pos - start;
      max_width = std::max(static_cast<size_t>(token.min_width),
                           parsed - std::min(parsed, static_cast<size_t>(token.subsequent_width)));
      pos = start;
    } else {
      break;
    }
  }
  size_t digits = pos - start;
  // More than 18 digits never make a valid date field.
  if (digits > 18)
    return kFail;
  int64_t total = 0;
  for (size_t i = start; i < pos; ++i)
    total = total * 10 + (text[i] - '0');
  if (negative) {
    if (total == 0)
      return kFail;  // strict mode refuses "-0"
    total = -total;
  } else if (token.sign == SignStyle::kExceedsPad) {
    // A '+' only when the width is exceeded, and then it is required.
    if (positive ? digits <= static_cast<size_t>(token.min_width)
                 : digits > static_cast<size_t>(token.min_width)) {
      return kFail;
    }
  }
  value = total;
  return pos;
}

// FractionPrinterParser.parse: 1 to max_width digits as a fraction of a second.
size_t parseFraction(const Token& token, std::string_view text, size_t pos, int64_t& nanos) {
  size_t max_end = std::min(pos + static_cast<size_t>(token.max_width), text.size());
  size_t start = pos;
  while (pos < max_end && isAsciiDigit(text[pos]))
    ++pos;
  if (pos - start < static_cast<size_t>(token.min_width))
    return std::string_view::npos;
  int64_t value = 0;
  for (size_t i = start; i < pos; ++i)
    value = value * 10 + (text[i] - '0');
  for (size_t i = pos - start; i < 9; ++i)
    value *= 10;
  nanos = value;
  return pos;
}

template <size_t N>
size_t parseText(const std::array<std::string_view, N>& words, std::string_view text, size_t pos,
                 int64_t& index) {
  size_t best_length = 0;
  for (size_t i = 0; i < N; ++i) {
    if (words[i].size() > best_length && matchesAt(text, pos, words[i])) {
      best_length = words[i].size();
      index = static_cast<int64_t>(i);
    }
  }
  return best_length == 0 ? std::string_view::npos : pos + best_length;
}

// Two digits at `pos` as a value up to 59, after a ':' when `colon`; java.time's parseDigits.
bool parseOffsetDigits(std::string_view text, size_t& pos, bool colon, int64_t& value) {
  size_t p = pos;
  if (colon) {
    if (p >= text.size() || text[p] != ':')
      return false;
    ++p;
  }
  if (p + 2 > text.size() || !isAsciiDigit(text[p]) || !isAsciiDigit(text[p + 1]))
    return false;
  int64_t parsed = (text[p] - '0') * 10 + (text[p + 1] - '0');
  if (parsed > 59)
    return false;
  value = parsed;
  pos = p + 2;
  return true;
}

// "GMT", "GMT+8", "GMT+08:00" (LocalizedOffsetIdPrinterParser.parse).
size_t parseLocalizedOffset(bool full, std::string_view text, size_t pos, int64_t& offset) {
  constexpr size_t kFail = std::string_view::npos;
  if (!matchesAt(text, pos, "GMT"))
    return kFail;
  pos += 3;
  offset = 0;
  if (pos == text.size() || (text[pos] != '+' && text[pos] != '-'))
    return pos;
  int64_t sign = text[pos] == '-' ? -1 : 1;
  ++pos;
  auto digitAt = [&](size_t p) {
    return p < text.size() && isAsciiDigit(text[p]) ? text[p] - '0' : -1;
  };
  int64_t hours = 0;
  int64_t minutes = 0;
  int64_t seconds = 0;
  size_t end = text.size();
  if (full) {
    int h1 = digitAt(pos);
    int h2 = digitAt(pos + 1);
    if (h1 < 0 || h2 < 0 || pos + 2 >= end || text[pos + 2] != ':')
      return kFail;
    hours = h1 * 10 + h2;
    int m1 = digitAt(pos + 3);
    int m2 = digitAt(pos + 4);
    if (m1 < 0 || m2 < 0)
      return kFail;
    minutes = m1 * 10 + m2;
    pos += 5;
    if (pos + 2 < end && text[pos] == ':' && digitAt(pos + 1) >= 0 && digitAt(pos + 2) >= 0) {
      seconds = digitAt(pos + 1) * 10 + digitAt(pos + 2);
      pos += 3;
    }
  } else {
    int h = digitAt(pos);
    if (h < 0)
      return kFail;
    hours = h;
    ++pos;
    if (digitAt(pos) >= 0) {
      hours = hours * 10 + digitAt(pos);
      ++pos;
    }
    if (pos + 2 < end && text[pos] == ':' && digitAt(pos + 1) >= 0 && digitAt(pos + 2) >= 0) {
      minutes = digitAt(pos + 1) * 10 + digitAt(pos + 2);
      pos += 3;
      if (pos + 2 < end && text[pos] == ':' && digitAt(pos + 1) >= 0 && digitAt(pos + 2) >= 0) {
        seconds = digitAt(pos + 1) * 10 + digitAt(pos + 2);
        pos += 3;
      }
    }
  }
  if (hours > 18 || minutes > 59 || seconds > 59)
    return kFail;
  offset = sign * (hours * 3600 + minutes * 60 + seconds);
  return pos;
}

// OffsetIdPrinterParser.parse in strict mode for the patterns X, x and Z use.
size_t parseOffset(const Token& token, std::string_view text, size_t pos, int64_t& offset) {
  constexpr size_t kFail = std::string_view::npos;
  std::string_view pattern = token.offset_pattern;
  if (pattern == "O" || pattern == "OOOO") {
    return parseLocalizedOffset(pattern == "OOOO", text, pos, offset);
  }
  if (pos >= text.size())
    return kFail;
  if (!token.no_offset.empty() && matchesAt(text, pos, token.no_offset)) {
    offset = 0;
    return pos + token.no_offset.size();
  }
  if (text[pos] != '+' && text[pos] != '-')
    return kFail;
  int64_t sign = text[pos] == '-' ? -1 : 1;
  size_t p = pos + 1;
  int64_t hours = 0;
  int64_t minutes = 0;
  int64_t seconds = 0;
  bool colon = pattern.find(':') != std::string_view::npos;
  if (!parseOffsetDigits(text, p, false, hours))
    return kFail;
  // Upper-case MM / SS are required, lower-case mm / ss optional.
  if (pattern.find("MM") != std::string_view::npos) {
    if (!parseOffsetDigits(text, p, colon, minutes))
      return kFail;
  } else if (pattern.find("mm") != std::string_view::npos) {
    parseOffsetDigits(text, p, colon, minutes);
  }
  if (pattern.find("ss") != std::string_view::npos)
    parseOffsetDigits(text, p, colon, seconds);
  if (hours > 18)
    return kFail;
  offset = sign * (hours * 3600 + minutes * 60 + seconds);
  return p;
}

bool isZoneIdChar(char c) {
  return isLetter(c) || isAsciiDigit(c) || c == '/' || c == '_' || c == '+' || c == '-' ||
         c == ':' || c == '.' || c == '~';
}

// A zone id or offset ("America/Los_Angeles", "UTC", "PST", "+08:00"): the longest run of id
// characters that names a zone.
size_t parseZone(std::string_view text, size_t pos, std::shared_ptr<const TimeZone>& zone) {
  size_t end = pos;
  while (end < text.size() && end - pos < 64 && isZoneIdChar(text[end]))
    ++end;
  for (size_t stop = end; stop > pos; --stop) {
    if (auto found = TimeZone::find(text.substr(pos, stop - pos))) {
      zone = std::move(found);
      return stop;
    }
  }
  return std::string_view::npos;
}

size_t parseField(const Token& token, std::string_view text, size_t pos, Parsed& parsed) {
  constexpr size_t kFail = std::string_view::npos;
  int64_t value = 0;
  size_t next = kFail;
  switch (token.parse) {
    case ParseKind::kNumber:
      next = parseNumber(token, text, pos, value);
      break;
    case ParseKind::kReducedYear:
      next = parseNumber(token, text, pos, value);
      value += 2000;  // base value 2000: 2000 to 2099
      break;
    case ParseKind::kFraction:
      next = parseFraction(token, text, pos, value);
      break;
    case ParseKind::kText:
      if (token.field == kMonth) {
        next = token.count == 4 ? parseText(kFullMonths, text, pos, value)
                                : parseText(kShortMonths, text, pos, value);
        ++value;
      } else if (token.field == kEra) {
        next = token.count == 4 ? parseText(kFullEras, text, pos, value)
                                : parseText(kShortEras, text, pos, value);
      } else {
        next = parseText(kAmPmTexts, text, pos, value);
      }
      break;
    case ParseKind::kOffset:
      next = parseOffset(token, text, pos, value);
      if (next != kFail)
        return parsed.set(kOffsetSeconds, value) ? next : kFail;
      return kFail;
    case ParseKind::kZone: {
      std::shared_ptr<const TimeZone> zone;
      next = parseZone(text, pos, zone);
      if (next == kFail)
        return kFail;
      if (parsed.zone && parsed.zone->name() != zone->name())
        return kFail;
      parsed.zone = std::move(zone);
      return next;
    }
    case ParseKind::kNone:
      return kFail;
  }
  if (next == kFail)
    return kFail;
  return parsed.set(token.field, value) ? next : kFail;
}

// Parses tokens [begin, end) at `pos`; an optional section that fails is skipped with its
// fields undone.
size_t parseTokens(const std::vector<Token>& tokens, size_t begin, size_t end,
                   std::string_view text, size_t pos, Parsed& parsed) {
  constexpr size_t kFail = std::string_view::npos;
  for (size_t i = begin; i < end; ++i) {
    const Token& token = tokens[i];
    switch (token.kind) {
      case TokenKind::kLiteral:
        if (!matchesAt(text, pos, token.literal))
          return kFail;
        pos += token.literal.size();
        break;
      case TokenKind::kOptionalStart: {
        Parsed saved = parsed;
        size_t next = parseTokens(tokens, i + 1, token.optional_end, text, pos, parsed);
        if (next == kFail) {
          parsed = std::move(saved);
        } else {
          pos = next;
        }
        i = token.optional_end;
        break;
      }
      case TokenKind::kOptionalEnd:
        break;
      case TokenKind::kField:
        pos = parseField(token, text, pos, parsed);
        if (pos == kFail)
          return kFail;
        break;
    }
  }
  return pos;
}

// ---- Formatting ----

// The fields a value prints from.
struct Printable {
  int64_t year = 1970;
  uint32_t month = 1;
  uint32_t day = 1;
  int64_t day_of_year = 1;
  uint32_t weekday = 4;  // ISO: 1 = Monday
  int64_t second_of_day = 0;
  int64_t nanos = 0;
  int32_t offset = 0;
  const TimeZone* zone = nullptr;  // null: UTC (formatDate)
  int64_t utc_seconds = 0;
  bool has_time = true;
};

void appendNumber(std::string& out, int64_t value, int count) {
  if (value < 0) {
    out += '-';
    appendPadded(out, static_cast<uint64_t>(-value), count);
  } else {
    appendPadded(out, static_cast<uint64_t>(value), count == 1 ? 1 : count);
  }
}

void appendYear(std::string& out, int64_t year, int count) {
  if (count == 2) {
    appendPadded(out, static_cast<uint64_t>(year < 0 ? -year : year) % 100, 2);
    return;
  }
  uint64_t magnitude = static_cast<uint64_t>(year < 0 ? -year : year);
  if (year < 0) {
    out += '-';
  } else if (count >= 4 && digitCount(magnitude) > count) {
    out += '+';  // SignStyle.EXCEEDS_PAD
  }
  appendPadded(out, magnitude, count);
}

// "+HH:MM" style offsets; the pattern says which parts print and whether with colons.
void appendOffsetId(std::string& out, std::string_view pattern, std::string_view no_offset,
                    int32_t offset) {
  if (offset == 0 && !no_offset.empty()) {
    out += no_offset;
    return;
  }
  out += offset < 0 ? '-' : '+';
  int32_t total = offset < 0 ? -offset : offset;
  int32_t hours = total / 3600;
  int32_t minutes = total / 60 % 60;
  int32_t seconds = total % 60;
  bool colon = pattern.find(':') != std::string_view::npos;
  appendPadded(out, static_cast<uint64_t>(hours), 2);
  bool minutes_required = pattern.find("MM") != std::string_view::npos;
  bool minutes_optional = pattern.find("mm") != std::string_view::npos;
  bool has_seconds = pattern.find("ss") != std::string_view::npos;
  if (minutes_required || (minutes_optional && (minutes != 0 || seconds != 0))) {
    if (colon)
      out += ':';
    appendPadded(out, static_cast<uint64_t>(minutes), 2);
    if (has_seconds && seconds != 0) {
      if (colon)
        out += ':';
      appendPadded(out, static_cast<uint64_t>(seconds), 2);
    }
  }
}

// "GMT", "GMT+8", "GMT+08:00" (the localized offset, 'O' and 'ZZZZ').
void appendLocalizedOffset(std::string& out, bool full, int32_t offset) {
  out += "GMT";
  if (offset == 0)
    return;
  out += offset < 0 ? '-' : '+';
  int32_t total = offset < 0 ? -offset : offset;
  int32_t hours = total / 3600;
  int32_t minutes = total / 60 % 60;
  int32_t seconds = total % 60;
  appendPadded(out, static_cast<uint64_t>(hours), full ? 2 : 1);
  if (full || minutes != 0 || seconds != 0) {
    out += ':';
    appendPadded(out, static_cast<uint64_t>(minutes), 2);
    if (seconds != 0) {
      out += ':';
      appendPadded(out, static_cast<uint64_t>(seconds), 2);
    }
  }
}

// The zone's short name at the instant: the tzdata abbreviation of a region, or the id of an
// offset zone (as java.time prints a ZoneOffset).
void appendZoneName(std::string& out, const Printable& value) {
  if (value.zone == nullptr) {
    out += "UTC";
    return;
  }
  const std::string& name = value.zone->name();
  if (value.zone->fixedOffset()) {
    out += name;
    return;
  }
  try {
    const date::time_zone* zone = date::locate_zone(name);
    auto info = zone->get_info(date::sys_seconds(std::chrono::seconds(value.utc_seconds)));
    out += info.abbrev;
  } catch (const std::exception&) {
    out += name;
  }
}

void formatField(std::string& out, const Token& token, const Printable& value, bool has_era) {
  int count = token.count;
  int64_t hour = value.second_of_day / 3600;
  switch (token.letter) {
    case 'G': {
      size_t era = value.year >= 1 ? 1 : 0;
      out += count == 4 ? kFullEras[era] : kShortEras[era];
      break;
    }
    case 'y':
      if (has_era) {
        appendYear(out, value.year >= 1 ? value.year : 1 - value.year, count);
      } else {
        appendYear(out, value.year, count);
      }
      break;
    case 'D':
      appendNumber(out, value.day_of_year, count);
      break;
    case 'M':
    case 'L':
      if (count <= 2) {
        appendNumber(out, value.month, count);
      } else {
        out += count == 4 ? kFullMonths[value.month - 1] : kShortMonths[value.month - 1];
      }
      break;
    case 'd':
      appendNumber(out, value.day, count);
      break;
    case 'Q':
    case 'q': {
      uint32_t quarter = (value.month - 1) / 3 + 1;
      if (count <= 2) {
        appendNumber(out, quarter, count);
      } else {
        out += count == 4 ? kFullQuarters[quarter - 1] : kShortQuarters[quarter - 1];
      }
      break;
    }
    case 'E':
      out += count == 4 ? kFullDays[value.weekday - 1] : kShortDays[value.weekday - 1];
      break;
    case 'F':
      appendNumber(out, (value.day - 1) % 7 + 1, 1);  // aligned day of week in month
      break;
    case 'a':
      out += kAmPmTexts[hour >= 12 ? 1 : 0];
      break;
    case 'h':
      appendNumber(out, hour % 12 == 0 ? 12 : hour % 12, count);
      break;
    case 'K':
      appendNumber(out, hour % 12, count);
      break;
    case 'k':
      appendNumber(out, hour == 0 ? 24 : hour, count);
      break;
    case 'H':
      appendNumber(out, hour, count);
      break;
    case 'm':
      appendNumber(out, value.second_of_day / 60 % 60, count);
      break;
    case 's':
      appendNumber(out, value.second_of_day % 60, count);
      break;
    case 'S': {
      char digits[9];
      int64_t nanos = value.nanos;
      for (int i = 8; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + nanos % 10);
        nanos /= 10;
      }
      out.append(digits, static_cast<size_t>(count));
      break;
    }
    case 'V':
      out += value.zone ? value.zone->name() : std::string("UTC");
      break;
    case 'z':
      if (count == 4) {
        out += value.zone ? value.zone->name() : std::string("UTC");
      } else {
        appendZoneName(out, value);
      }
      break;
    case 'O':
      appendLocalizedOffset(out, count == 4, value.offset);
      break;
    case 'X':
    case 'x':
    case 'Z':
      if (token.offset_pattern == "OOOO") {
        appendLocalizedOffset(out, true, value.offset);
      } else {
        appendOffsetId(out, token.offset_pattern, token.no_offset, value.offset);
      }
      break;
    default:
      break;
  }
}

void formatTokens(std::string& out, const std::vector<Token>& tokens, size_t begin, size_t end,
                  const Printable& value, bool has_era) {
  for (size_t i = begin; i < end; ++i) {
    const Token& token = tokens[i];
    switch (token.kind) {
      case TokenKind::kLiteral:
        out += token.literal;
        break;
      case TokenKind::kOptionalStart:
        // A date cannot print time or zone fields; java.time leaves such a section out.
        if (value.has_time || !token.needs_time) {
          formatTokens(out, tokens, i + 1, token.optional_end, value, has_era);
        }
        i = token.optional_end;
        break;
      case TokenKind::kOptionalEnd:
        break;
      case TokenKind::kField:
        formatField(out, token, value, has_era);
        break;
    }
  }
}

Printable printableOf(int64_t local_seconds, int64_t micros_of_second) {
  Printable value;
  int64_t days = floorDivide(local_seconds, kSecondsPerDay);
  value.second_of_day = local_seconds - days * kSecondsPerDay;
  value.nanos = micros_of_second * 1000;
  // Local times of int64 micros are within the years DATE's int32 days cover.
  CivilDate date = civilFromDays(static_cast<int32_t>(days));
  value.year = date.year;
  value.month = date.month;
  value.day = date.day;
  value.day_of_year = days - daysFromCivilWide(date.year, 1, 1) + 1;
  value.weekday = isoWeekdayFromDays(days);
  return value;
}

}  // namespace

DatetimePattern::DatetimePattern() = default;
DatetimePattern::DatetimePattern(const DatetimePattern&) = default;
DatetimePattern::DatetimePattern(DatetimePattern&&) noexcept = default;
DatetimePattern& DatetimePattern::operator=(const DatetimePattern&) = default;
DatetimePattern& DatetimePattern::operator=(DatetimePattern&&) noexcept = default;
DatetimePattern::~DatetimePattern() = default;

DatetimePattern DatetimePattern::compile(std::string_view pattern) {
  return build(pattern, false);
}

DatetimePattern DatetimePattern::compileForParsing(std::string_view pattern) {
  return build(pattern, true);
}

DatetimePattern DatetimePattern::build(std::string_view pattern, bool for_parsing) {
  DatetimePattern result;
  result.pattern_ = std::string(pattern);
  std::vector<Token>& tokens = result.tokens_;
  std::vector<size_t> open_sections;
  auto appendLiteral = [&](std::string_view text) {
    if (!tokens.empty() && tokens.back().kind == TokenKind::kLiteral) {
      tokens.back().literal += text;
    } else {
      Token token;
      token.kind = TokenKind::kLiteral;
      token.literal = std::string(text);
      tokens.push_back(std::move(token));
    }
  };
  // Spark checks the letters outside quotes first (convertIncompatiblePattern), then java.time
  // checks the counts.
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\'') {
      size_t close = pattern.find('\'', i + 1);
      while (close != std::string_view::npos && close + 1 < pattern.size() &&
             pattern[close + 1] == '\'') {
        close = pattern.find('\'', close + 2);
      }
      if (close == std::string_view::npos) {
        throwUnrecognized(pattern, "Pattern ends with an incomplete string literal");
      }
      i = close;
      continue;
    }
    if (isWeekBased(c)) {
      throwInvalid("ILLEGAL_CHARACTER",
                   fmt::format("All week-based patterns are unsupported since Spark 3.0, "
                               "detected week-based character: {}. Please use the SQL function "
                               "EXTRACT instead.",
                               c));
    }
    if (isRefused(c) || (for_parsing && isFormatOnly(c))) {
      throwInvalid("ILLEGAL_CHARACTER",
                   fmt::format("Illegal pattern character found in datetime pattern: {}. Please "
                               "provide legal character.",
                               c));
    }
  }
  bool& has_era = result.has_era_;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\'') {
      i = pattern.find('\'', i + 1);
      while (i + 1 < pattern.size() && pattern[i + 1] == '\'')
        i = pattern.find('\'', i + 2);
    } else if (pattern[i] == 'G') {
      has_era = true;
    }
  }
  for (size_t i = 0; i < pattern.size();) {
    char c = pattern[i];
    if (c == '\'') {
      if (i + 1 < pattern.size() && pattern[i + 1] == '\'') {
        appendLiteral("'");
        i += 2;
        continue;
      }
      std::string text;
      size_t j = i + 1;
      while (true) {
        if (pattern[j] == '\'') {
          if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
            text += '\'';
            j += 2;
            continue;
          }
          break;
        }
        text += pattern[j++];
      }
      appendLiteral(text);
      i = j + 1;
      continue;
    }
    if (c == '[') {
      Token token;
      token.kind = TokenKind::kOptionalStart;
      open_sections.push_back(tokens.size());
      tokens.push_back(std::move(token));
      ++i;
      continue;
    }
    if (c == ']') {
      if (open_sections.empty()) {
        throwUnrecognized(pattern, "Pattern invalid as it contains ] without previous [");
      }
      tokens[open_sections.back()].optional_end = tokens.size();
      open_sections.pop_back();
      Token token;
      token.kind = TokenKind::kOptionalEnd;
      tokens.push_back(std::move(token));
      ++i;
      continue;
    }
    if (c == '{' || c == '}' || c == '#') {
      throwUnrecognized(pattern, fmt::format("Pattern includes reserved character: '{}'", c));
    }
    if (isLetter(c)) {
      size_t j = i;
      while (j < pattern.size() && pattern[j] == c)
        ++j;
      Token token;
      token.kind = TokenKind::kField;
      token.letter = c;
      token.count = static_cast<int>(j - i);
      bool too_long = (token.count >= 5 &&
                       (c == 'G' || c == 'M' || c == 'L' || c == 'E' || c == 'Q' || c == 'q')) ||
                      (c == 'y' && token.count >= 7);
      if (too_long) {
        throwInvalid("LENGTH",
                     fmt::format("Too many letters in datetime pattern: {}. Please reduce pattern "
                                 "length.",
                                 std::string(static_cast<size_t>(c == 'y' ? 7 : 5), c)));
      }
      defineField(token, has_era, pattern);
      if (isFormatOnly(c) && result.format_only_letter_ == '\0')
        result.format_only_letter_ = c;
      tokens.push_back(std::move(token));
      i = j;
      continue;
    }
    appendLiteral(std::string_view(&pattern[i], 1));
    ++i;
  }
  // Sections still open end with the pattern.
  while (!open_sections.empty()) {
    tokens[open_sections.back()].optional_end = tokens.size();
    open_sections.pop_back();
    Token token;
    token.kind = TokenKind::kOptionalEnd;
    tokens.push_back(std::move(token));
  }
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::kOptionalStart)
      continue;
    for (size_t j = i + 1; j < tokens[i].optional_end; ++j) {
      if (tokens[j].kind == TokenKind::kField && isTimeOrZoneLetter(tokens[j].letter)) {
        tokens[i].needs_time = true;
      }
    }
  }
  linkAdjacentValues(tokens);
  return result;
}

void DatetimePattern::requireParsable() const {
  if (format_only_letter_ != '\0') {
    throwInvalid("ILLEGAL_CHARACTER",
                 fmt::format("Illegal pattern character found in datetime pattern: {}. Please "
                             "provide legal character.",
                             format_only_letter_));
  }
}

std::optional<int32_t> DatetimePattern::parseDate(std::string_view text) const {
  requireParsable();
  Parsed parsed;
  if (parseTokens(tokens_, 0, tokens_.size(), text, 0, parsed) != text.size())
    return std::nullopt;
  Resolved resolved;
  if (!resolve(parsed, resolved))
    return std::nullopt;
  if (resolved.days < std::numeric_limits<int32_t>::min() ||
      resolved.days > std::numeric_limits<int32_t>::max()) {
    return std::nullopt;
  }
  return static_cast<int32_t>(resolved.days);
}

std::optional<int64_t> DatetimePattern::parseTimestamp(std::string_view text,
                                                       const TimeZone& zone) const {
  requireParsable();
  Parsed parsed;
  if (parseTokens(tokens_, 0, tokens_.size(), text, 0, parsed) != text.size())
    return std::nullopt;
  Resolved resolved;
  if (!resolve(parsed, resolved))
    return std::nullopt;
  int64_t local_seconds = resolved.days * kSecondsPerDay + resolved.second_of_day;
  int64_t offset = 0;
  if (parsed.zone) {
    // A zone id wins over an offset, as TemporalQueries.zone() prefers it.
    auto local_micros = toMicros(local_seconds, 0);
    if (!local_micros)
      return std::nullopt;
    offset = parsed.zone->offsetAtLocal(*local_micros);
  } else if (parsed.has(kOffsetSeconds)) {
    offset = parsed.get(kOffsetSeconds);
  } else {
    auto local_micros = toMicros(local_seconds, 0);
    if (!local_micros)
      return std::nullopt;
    offset = zone.offsetAtLocal(*local_micros);
  }
  return toMicros(local_seconds - offset, resolved.nanos / 1000);
}

std::optional<int64_t> DatetimePattern::parseTimestampNtz(std::string_view text) const {
  requireParsable();
  Parsed parsed;
  if (parseTokens(tokens_, 0, tokens_.size(), text, 0, parsed) != text.size())
    return std::nullopt;
  Resolved resolved;
  if (!resolve(parsed, resolved))
    return std::nullopt;
  return toMicros(resolved.days * kSecondsPerDay + resolved.second_of_day, resolved.nanos / 1000);
}

std::string DatetimePattern::formatTimestamp(int64_t micros_utc, const TimeZone& zone) const {
  int64_t utc_seconds = floorDivide(micros_utc, kMicrosPerSecond);
  int64_t micros_of_second = micros_utc - utc_seconds * kMicrosPerSecond;
  int32_t offset = zone.offsetAtUtc(micros_utc);
  Printable value = printableOf(utc_seconds + offset, micros_of_second);
  value.offset = offset;
  value.zone = &zone;
  value.utc_seconds = utc_seconds;
  std::string out;
  out.reserve(pattern_.size() + 8);
  formatTokens(out, tokens_, 0, tokens_.size(), value, has_era_);
  return out;
}

std::string DatetimePattern::formatDate(int32_t days) const {
  Printable value = printableOf(int64_t{days} * kSecondsPerDay, 0);
  value.has_time = false;
  std::string out;
  out.reserve(pattern_.size() + 8);
  formatTokens(out, tokens_, 0, tokens_.size(), value, has_era_);
  return out;
}

}  // namespace sluice
