// src/common/types/interval_text.cpp
//
// ANSI interval values as Spark prints them (IntervalUtils.toYearMonthIntervalString and
// toDayTimeIntervalString with ANSI_STYLE): the literal form "INTERVAL '...' <fields>".
#include "common/types/time_units.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

// Unsigned, for magnitudes up to 2^63.
constexpr uint64_t kSecondMicros = kMicrosPerSecond;
constexpr uint64_t kMinuteMicros = kMicrosPerMinute;
constexpr uint64_t kHourMicros = kMicrosPerHour;
constexpr uint64_t kDayMicros = kMicrosPerDay;

const char* fieldName(IntervalField field) {
  switch (field) {
    case IntervalField::kYear:
      return "YEAR";
    case IntervalField::kMonth:
      return "MONTH";
    case IntervalField::kDay:
      return "DAY";
    case IntervalField::kHour:
      return "HOUR";
    case IntervalField::kMinute:
      return "MINUTE";
    case IntervalField::kSecond:
      return "SECOND";
  }
  return "";
}

// "%02d" of a non-negative number.
void appendTwoDigits(std::string& out, uint64_t value) {
  if (value < 10)
    out += '0';
  out += std::to_string(value);
}

// Seconds with their fraction, trailing zeros trimmed, at least two integral digits:
// BigDecimal.valueOf(micros, 6).stripTrailingZeros.toPlainString with Spark's leading zero.
void appendSeconds(std::string& out, uint64_t micros) {
  if (micros < 10 * kSecondMicros)
    out += '0';
  out += std::to_string(micros / kSecondMicros);
  uint64_t fraction = micros % kSecondMicros;
  if (fraction == 0)
    return;
  int width = 6;
  while (fraction % 10 == 0) {
    fraction /= 10;
    --width;
  }
  std::string digits = std::to_string(fraction);
  out += '.';
  out.append(static_cast<size_t>(width) - digits.size(), '0');
  out += digits;
}

}  // namespace

std::string formatYearMonthInterval(int32_t months, IntervalField start, IntervalField end) {
  std::string sign = months < 0 ? "-" : "";
  int64_t magnitude = months < 0 ? -int64_t{months} : int64_t{months};
  std::string out = "INTERVAL '";
  if (start == end) {
    out += start == IntervalField::kYear ? sign + std::to_string(magnitude / 12)
                                         : std::to_string(months);
    out += "' ";
    out += fieldName(start);
    return out;
  }
  out += sign + std::to_string(magnitude / 12) + "-" + std::to_string(magnitude % 12);
  out += "' YEAR TO MONTH";
  return out;
}

std::string formatDayTimeInterval(int64_t micros, IntervalField start, IntervalField end) {
  // The magnitude as unsigned, so that the most negative value needs no special case.
  uint64_t rest =
      micros < 0 ? uint64_t{0} - static_cast<uint64_t>(micros) : static_cast<uint64_t>(micros);
  std::string out = "INTERVAL '";
  if (micros < 0)
    out += '-';
  switch (start) {
    case IntervalField::kDay:
      out += std::to_string(rest / kDayMicros);
      rest %= kDayMicros;
      break;
    case IntervalField::kHour:
      appendTwoDigits(out, rest / kHourMicros);
      rest %= kHourMicros;
      break;
    case IntervalField::kMinute:
      appendTwoDigits(out, rest / kMinuteMicros);
      rest %= kMinuteMicros;
      break;
    default:
      appendSeconds(out, rest);
      break;
  }
  auto spans = [&](IntervalField field) { return start < field && field <= end; };
  if (spans(IntervalField::kHour)) {
    out += ' ';
    appendTwoDigits(out, rest / kHourMicros);
    rest %= kHourMicros;
  }
  if (spans(IntervalField::kMinute)) {
    out += ':';
    appendTwoDigits(out, rest / kMinuteMicros);
    rest %= kMinuteMicros;
  }
  if (spans(IntervalField::kSecond)) {
    out += ':';
    appendSeconds(out, rest);
  }
  out += "' ";
  out += fieldName(start);
  if (start != end) {
    out += " TO ";
    out += fieldName(end);
  }
  return out;
}

}  // namespace sluice
