// src/common/types/date_time_text.cpp
//
// DATE, TIMESTAMP and TIMESTAMP_NTZ as text, Spark's way: the hand-written scanners of
// SparkDateTimeUtils.stringToDate / parseTimestampString (followed segment by segment, since
// their odd corners are user-visible) and the formatters behind CAST(x AS STRING)
// ("uuuu-MM-dd" and "uuuu-MM-dd HH:mm:ss[.fraction]" with trailing zeros trimmed).
#include <limits>

#include "common/clock.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/text_trim.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

// The non-negative remainder; seconds * 10^6 itself may not fit at the ends of the range.
int64_t microsOfSecond(int64_t micros) {
  int64_t rest = micros % kMicrosPerSecond;
  return rest < 0 ? rest + kMicrosPerSecond : rest;
}

// Trimmed bounds [begin, end) of `text`, as UTF8String.trimAll would leave it.
void trimBounds(std::string_view text, size_t& begin, size_t& end) {
  begin = 0;
  end = text.size();
  while (begin < end && text_trim::isSparkTrimmed(text[begin]))
    ++begin;
  while (end > begin && text_trim::isSparkTrimmed(text[end - 1]))
    --end;
}

// The pieces of a timestamp string: year, month, day, hour, minute, second, microseconds,
// and the zone text when there is one.
struct TimestampParts {
  int64_t segments[9] = {1, 1, 1, 0, 0, 0, 0, 0, 0};
  std::string_view zone;
  bool has_zone = false;
  bool just_time = false;
};

bool isValidTimestampDigits(int segment, int digits) {
  // Years of 4 to 6 digits; any number of fraction digits (past six they are dropped); the
  // zone segment may be empty (a region name).
  return segment == 6 || (segment == 0 && digits >= 4 && digits <= 6) ||
         (segment == 7 && digits <= 2) ||
         (segment != 0 && segment != 6 && segment != 7 && digits > 0 && digits <= 2);
}

// SparkDateTimeUtils.parseTimestampString, state for state.
bool scanTimestamp(std::string_view text, TimestampParts& parts) {
  size_t begin = 0;
  size_t end = 0;
  trimBounds(text, begin, end);
  if (begin == end)
    return false;
  int segment = 0;
  int64_t value = 0;
  int digits = 0;
  int fraction_digits = 0;
  int year_sign = 0;
  size_t j = begin;
  if (text[j] == '-' || text[j] == '+') {
    year_sign = text[j] == '-' ? -1 : 1;
    ++j;
  }
  auto closeSegment = [&](int index) {
    if (!isValidTimestampDigits(index, digits))
      return false;
    parts.segments[index] = value;
    value = 0;
    digits = 0;
    return true;
  };
  for (; j < end; ++j) {
    char b = text[j];
    if (isAsciiDigit(b)) {
      if (segment == 6)
        ++fraction_digits;
      // Fraction digits past the sixth are dropped; other long runs fail validation anyway.
      if ((segment != 6 || digits < 6) && digits < 18)
        value = value * 10 + (b - '0');
      ++digits;
      continue;
    }
    if (j == 0 && b == 'T') {
      // Spark checks the untrimmed position: only a leading 'T' starts a bare time.
      parts.just_time = true;
      segment += 3;
    } else if (segment < 2) {
      if (b == '-') {
        if (!closeSegment(segment))
          return false;
        ++segment;
      } else if (segment == 0 && b == ':' && year_sign == 0) {
        parts.just_time = true;
        if (!closeSegment(3))
          return false;
        segment = 4;
      } else {
        return false;
      }
    } else if (segment == 2) {
      if (b != ' ' && b != 'T')
        return false;
      if (!closeSegment(segment))
        return false;
      ++segment;
    } else if (segment == 3 || segment == 4) {
      if (b != ':')
        return false;
      if (!closeSegment(segment))
        return false;
      ++segment;
    } else if (segment == 5 || segment == 6) {
      if (b == '.' && segment == 5) {
        if (!closeSegment(segment))
          return false;
        ++segment;
      } else {
        // Whatever follows the seconds or the fraction is the zone.
        if (!closeSegment(segment))
          return false;
        ++segment;
        parts.zone = text.substr(j, end - j);
        parts.has_zone = true;
        j = end - 1;
      }
      if (segment == 6 && b != '.')
        ++segment;
    } else {
      if (segment >= 9 || (b != ':' && b != ' '))
        return false;
      if (!closeSegment(segment))
        return false;
      ++segment;
    }
  }
  if (segment >= 9 || !closeSegment(segment))
    return false;
  for (; fraction_digits < 6; ++fraction_digits)
    parts.segments[6] *= 10;
  if (year_sign != 0)
    parts.segments[0] *= year_sign;
  return true;
}

// Resolves the zone text of a timestamp (trimmed as Java's String.trim).
std::shared_ptr<const TimeZone> zoneOf(const TimestampParts& parts) {
  return TimeZone::find(text_trim::trimJava(parts.zone));
}

bool isValidTime(const TimestampParts& parts) {
  return parts.segments[3] >= 0 && parts.segments[3] <= 23 && parts.segments[4] >= 0 &&
         parts.segments[4] <= 59 && parts.segments[5] >= 0 && parts.segments[5] <= 59;
}

// Seconds since 1970-01-01 00:00:00 of the parts' wall-clock time; false for a bad date.
bool localSeconds(const TimestampParts& parts, int64_t days_if_just_time, int64_t& out) {
  int64_t days = days_if_just_time;
  if (!parts.just_time) {
    int64_t year = parts.segments[0];
    int64_t month = parts.segments[1];
    int64_t day = parts.segments[2];
    if (month < 1 || month > 12 || day < 1 ||
        day > daysInMonth(year, static_cast<uint32_t>(month))) {
      return false;
    }
    days = daysFromCivilWide(year, static_cast<uint32_t>(month), static_cast<uint32_t>(day));
  }
  if (!isValidTime(parts))
    return false;
  out =
      days * kSecondsPerDay + parts.segments[3] * 3600 + parts.segments[4] * 60 + parts.segments[5];
  return true;
}

// seconds * 10^6 + micros, or false when it leaves the int64 range.
bool toMicros(int64_t seconds, int64_t micros, int64_t& out) {
  __int128 total = static_cast<__int128>(seconds) * kMicrosPerSecond + micros;
  if (total < std::numeric_limits<int64_t>::min() || total > std::numeric_limits<int64_t>::max()) {
    return false;
  }
  out = static_cast<int64_t>(total);
  return true;
}

int64_t saturatedMicros(int64_t seconds) {
  int64_t micros = 0;
  if (toMicros(seconds, 0, micros))
    return micros;
  return seconds < 0 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
}

// Today's date in `zone` (LocalDate.now(zone)), for a time without a date.
int64_t today(const TimeZone& zone) {
  return floorDivide(zone.toLocal(epochMicros()), kSecondsPerDay * kMicrosPerSecond);
}

void appendPadded(std::string& out, int64_t value, int width) {
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

// java.time's year with SignStyle.EXCEEDS_PAD and width 4.
void appendDate(std::string& out, int32_t days) {
  CivilDate date = civilFromDays(days);
  int64_t year = date.year;
  if (year < 0) {
    out += '-';
    year = -year;
  } else if (year > 9999) {
    out += '+';
  }
  appendPadded(out, year, 4);
  out += '-';
  appendPadded(out, date.month, 2);
  out += '-';
  appendPadded(out, date.day, 2);
}

// "HH:mm:ss" and the fraction when it is not zero, trailing zeros trimmed.
void appendTimeOfDay(std::string& out, int64_t second_of_day, int64_t micros_of_second) {
  appendPadded(out, second_of_day / 3600, 2);
  out += ':';
  appendPadded(out, second_of_day / 60 % 60, 2);
  out += ':';
  appendPadded(out, second_of_day % 60, 2);
  if (micros_of_second != 0) {
    out += '.';
    int width = 6;
    while (micros_of_second % 10 == 0) {
      micros_of_second /= 10;
      --width;
    }
    appendPadded(out, micros_of_second, width);
  }
}

std::string formatLocal(int64_t local_seconds, int64_t micros_of_second) {
  int64_t days = floorDivide(local_seconds, kSecondsPerDay);
  int64_t second_of_day = local_seconds - days * kSecondsPerDay;
  std::string out;
  out.reserve(26);
  appendDate(out, static_cast<int32_t>(days));
  out += ' ';
  appendTimeOfDay(out, second_of_day, micros_of_second);
  return out;
}

bool endsWithMeridiem(std::string_view text, bool& pm) {
  if (text.size() <= 2)
    return false;
  char last = text[text.size() - 1];
  char before = text[text.size() - 2];
  if (last != 'M' && last != 'm')
    return false;
  pm = before == 'P' || before == 'p';
  return pm || before == 'A' || before == 'a';
}

}  // namespace

std::optional<int32_t> parseDate(std::string_view text) {
  size_t begin = 0;
  size_t end = 0;
  trimBounds(text, begin, end);
  if (begin == end)
    return std::nullopt;
  int64_t segments[3] = {1, 1, 1};
  int segment = 0;
  int64_t value = 0;
  int digits = 0;
  int64_t sign = 1;
  size_t j = begin;
  if (text[j] == '-' || text[j] == '+') {
    sign = text[j] == '-' ? -1 : 1;
    ++j;
  }
  // Years of 4 to 7 digits (an INT of days spans about 5.8 million years), months and days
  // of 1 or 2.
  auto isValidDigits = [](int index, int count) {
    return index == 0 ? count >= 4 && count <= 7 : count > 0 && count <= 2;
  };
  for (; j < end && text[j] != ' ' && text[j] != 'T'; ++j) {
    char b = text[j];
    if (segment < 2 && b == '-') {
      if (!isValidDigits(segment, digits))
        return std::nullopt;
      segments[segment++] = value;
      value = 0;
      digits = 0;
    } else if (isAsciiDigit(b)) {
      if (digits < 18)
        value = value * 10 + (b - '0');
      ++digits;
    } else {
      return std::nullopt;
    }
  }
  if (!isValidDigits(segment, digits))
    return std::nullopt;
  // "yyyy" and "yyyy-mm" must be the whole text; a full date may be followed by a time.
  if (segment < 2 && j < end)
    return std::nullopt;
  segments[segment] = value;
  int64_t year = sign * segments[0];
  int64_t month = segments[1];
  int64_t day = segments[2];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, static_cast<uint32_t>(month))) {
    return std::nullopt;
  }
  int64_t days = daysFromCivilWide(year, static_cast<uint32_t>(month), static_cast<uint32_t>(day));
  if (days < std::numeric_limits<int32_t>::min() || days > std::numeric_limits<int32_t>::max()) {
    return std::nullopt;
  }
  return static_cast<int32_t>(days);
}

std::optional<int64_t> parseTimestamp(std::string_view text, const TimeZone& zone) {
  TimestampParts parts;
  if (!scanTimestamp(text, parts))
    return std::nullopt;
  std::shared_ptr<const TimeZone> text_zone;
  if (parts.has_zone) {
    text_zone = zoneOf(parts);
    if (!text_zone)
      return std::nullopt;
  }
  const TimeZone& effective = text_zone ? *text_zone : zone;
  int64_t local = 0;
  if (!localSeconds(parts, parts.just_time ? today(effective) : 0, local))
    return std::nullopt;
  int32_t offset = effective.offsetAtLocal(saturatedMicros(local));
  int64_t micros = 0;
  if (!toMicros(local - offset, parts.segments[6], micros))
    return std::nullopt;
  return micros;
}

std::optional<int64_t> parseTimestampNtz(std::string_view text, bool allow_zone) {
  TimestampParts parts;
  if (!scanTimestamp(text, parts) || parts.just_time)
    return std::nullopt;
  // Spark resolves the zone while scanning, so a bad one fails even where it is ignored.
  if (parts.has_zone && (!allow_zone || !zoneOf(parts)))
    return std::nullopt;
  int64_t local = 0;
  int64_t micros = 0;
  if (!localSeconds(parts, 0, local) || !toMicros(local, parts.segments[6], micros)) {
    return std::nullopt;
  }
  return micros;
}

std::optional<int64_t> parseTime(std::string_view text) {
  size_t begin = 0;
  size_t end = 0;
  trimBounds(text, begin, end);
  text = text.substr(0, end);
  bool pm = false;
  bool meridiem = endsWithMeridiem(text, pm);
  if (meridiem)
    text.remove_suffix(2);
  TimestampParts parts;
  if (!scanTimestamp(text, parts) || !parts.just_time || parts.has_zone)
    return std::nullopt;
  int64_t hour = parts.segments[3];
  if (meridiem) {
    // A 12-hour clock: 12 AM is midnight, 12 PM noon.
    if (hour < 1 || hour > 12)
      return std::nullopt;
    hour = hour % 12 + (pm ? 12 : 0);
    parts.segments[3] = hour;
  }
  if (!isValidTime(parts))
    return std::nullopt;
  return (parts.segments[3] * 3600 + parts.segments[4] * 60 + parts.segments[5]) *
             kMicrosPerSecond +
         parts.segments[6];
}

std::string formatTime(int64_t micros_of_day) {
  std::string out;
  out.reserve(15);
  appendTimeOfDay(out, micros_of_day / kMicrosPerSecond, micros_of_day % kMicrosPerSecond);
  return out;
}

std::string formatDate(int32_t days) {
  std::string out;
  out.reserve(10);
  appendDate(out, days);
  return out;
}

std::string formatTimestamp(int64_t micros, const TimeZone& zone) {
  int64_t seconds = floorDivide(micros, kMicrosPerSecond);
  return formatLocal(seconds + zone.offsetAtUtc(micros), microsOfSecond(micros));
}

std::string formatTimestampNtz(int64_t micros) {
  return formatLocal(floorDivide(micros, kMicrosPerSecond), microsOfSecond(micros));
}

}  // namespace sluice
