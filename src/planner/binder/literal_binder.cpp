// src/planner/binder/literal_binder.cpp
//
// Gives each literal its Spark type and value.

#include <cctype>
#include <limits>

#include "common/error/error.hpp"
#include "common/text/percent_decoding.hpp"
#include "common/types/decimal.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseRange(const std::string& text, std::string_view type, int64_t min,
                             int64_t max) {
  throwError(ErrorClass::INVALID_NUMERIC_LITERAL_RANGE,
             "Numeric literal {} is outside the valid range for {} with minimum value of {} and "
             "maximum value of {}. Please adjust the value accordingly.",
             text, type, min, max);
}

template <typename T>
Value integralLiteral(const std::string& text, DataType type, std::string_view name) {
  int64_t value = 0;
  constexpr int64_t kMin = std::numeric_limits<T>::min();
  constexpr int64_t kMax = std::numeric_limits<T>::max();
  if (parseIntegral(text, kMin, kMax, value) != ParseStatus::kOk)
    raiseRange(text, name, kMin, kMax);
  return Value::fromInt64(std::move(type), value);
}

//! An exact decimal literal: DECIMAL(max(digits, scale), scale) as Java's BigDecimal gives.
Value decimalLiteral(const std::string& text) {
  std::string_view digits = text;
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative || (!digits.empty() && digits[0] == '+'))
    digits.remove_prefix(1);
  size_t point = digits.find('.');
  std::string whole(digits.substr(0, point));
  std::string fraction =
      point == std::string_view::npos ? "" : std::string(digits.substr(point + 1));
  std::string all = whole + fraction;
  size_t first = all.find_first_not_of('0');
  int precision = first == std::string::npos ? 1 : static_cast<int>(all.size() - first);
  int scale = static_cast<int>(fraction.size());
  precision = std::max(precision, scale);
  if (precision > DataType::kMaxDecimalPrecision) {
    throwError(ErrorClass::DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION,
               "Decimal precision {} exceeds max precision {}.", precision,
               DataType::kMaxDecimalPrecision);
  }
  int128_t unscaled = 0;
  parseDecimal(text, precision, scale, unscaled);
  return Value::decimal(unscaled, precision, scale);
}

//! 123.0E-28BD: an exact decimal with an exponent, the point moved in the digits (Java's
//! BigDecimal: a negative scale becomes zeros, since Spark disallows negative scales).
Value exponentDecimalLiteral(const std::string& text) {
  size_t e = text.find_first_of("eE");
  std::string mantissa = text.substr(0, e);
  int exponent = std::stoi(text.substr(e + 1));
  bool negative = !mantissa.empty() && mantissa[0] == '-';
  if (negative || (!mantissa.empty() && mantissa[0] == '+'))
    mantissa.erase(0, 1);
  size_t point = mantissa.find('.');
  std::string digits = mantissa;
  int scale = 0;
  if (point != std::string::npos) {
    digits.erase(point, 1);
    scale = static_cast<int>(mantissa.size() - point - 1);
  }
  scale -= exponent;
  if (scale < 0) {
    digits.append(static_cast<size_t>(-scale), '0');
    scale = 0;
  }
  while (static_cast<int>(digits.size()) <= scale)
    digits.insert(0, "0");
  std::string plain = digits.substr(0, digits.size() - scale);
  if (scale > 0)
    plain += "." + digits.substr(digits.size() - scale);
  return decimalLiteral((negative ? "-" : "") + plain);
}

Value integerLiteral(const std::string& text) {
  int64_t value = 0;
  if (parseIntegral(text, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(),
                    value) == ParseStatus::kOk) {
    return Value::intValue(static_cast<int32_t>(value));
  }
  if (parseIntegral(text, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                    value) == ParseStatus::kOk) {
    return Value::longValue(value);
  }
  return decimalLiteral(text);
}

[[noreturn]] void raiseTypedLiteral(std::string_view type, const std::string& text) {
  throwError(ErrorClass::INVALID_TYPED_LITERAL,
             "The value of the typed literal \"{}\" is invalid: '{}'.", type, text);
}

std::string hexToBytes(const std::string& hex) {
  std::string digits = hex.size() % 2 == 0 ? hex : "0" + hex;
  std::string bytes;
  auto nibble = [&](char c) -> int {
    int value = hexDigitValue(c);
    if (value < 0)
      raiseTypedLiteral("X", hex);
    return value;
  };
  for (size_t i = 0; i < digits.size(); i += 2) {
    bytes.push_back(static_cast<char>(nibble(digits[i]) * 16 + nibble(digits[i + 1])));
  }
  return bytes;
}

// ---- intervals ----

struct IntervalAccumulator {
  int64_t months = 0;
  int64_t micros = 0;
  std::optional<IntervalField> start;
  std::optional<IntervalField> end;
  bool year_month = false;
  bool day_time = false;

  void note(IntervalField field) {
    if (!start || field < *start)
      start = field;
    if (!end || field > *end)
      end = field;
    bool is_year_month = field <= IntervalField::kMonth;
    (is_year_month ? year_month : day_time) = true;
  }
};

IntervalField unitField(const std::string& unit) {
  if (unit == "YEAR")
    return IntervalField::kYear;
  if (unit == "MONTH")
    return IntervalField::kMonth;
  if (unit == "WEEK" || unit == "DAY")
    return IntervalField::kDay;
  if (unit == "HOUR")
    return IntervalField::kHour;
  if (unit == "MINUTE")
    return IntervalField::kMinute;
  return IntervalField::kSecond;  // SECOND, MILLISECOND, MICROSECOND
}

std::string normalizeUnit(std::string unit) {
  for (char& c : unit)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() > 1 && unit.back() == 'S')
    unit.pop_back();
  return unit;
}

void addIntervalPart(IntervalAccumulator& acc, bool negative, const std::string& number,
                     const std::string& raw_unit, const std::string& literal_text) {
  std::string unit = normalizeUnit(raw_unit);
  static const char* const kUnits[] = {"YEAR",   "MONTH",  "WEEK",        "DAY",        "HOUR",
                                       "MINUTE", "SECOND", "MILLISECOND", "MICROSECOND"};
  if (std::find(std::begin(kUnits), std::end(kUnits), unit) == std::end(kUnits)) {
    throwError(ErrorClass::INVALID_TYPED_LITERAL,
               "The value of the typed literal \"INTERVAL\" is invalid: '{}' (unknown unit {}).",
               literal_text, raw_unit);
  }
  int64_t scale_micros = 0;
  if (unit == "WEEK")
    scale_micros = 7 * 86'400 * kMicrosPerSecond;
  if (unit == "DAY")
    scale_micros = 86'400 * kMicrosPerSecond;
  if (unit == "HOUR")
    scale_micros = 3'600 * kMicrosPerSecond;
  if (unit == "MINUTE")
    scale_micros = 60 * kMicrosPerSecond;
  if (unit == "SECOND")
    scale_micros = kMicrosPerSecond;
  if (unit == "MILLISECOND")
    scale_micros = 1'000;
  if (unit == "MICROSECOND")
    scale_micros = 1;
  acc.note(unitField(unit));
  bool fractional = number.find('.') != std::string::npos;
  if (unit == "YEAR" || unit == "MONTH") {
    int64_t value = 0;
    if (fractional || parseIntegral(number, INT32_MIN, INT32_MAX, value) != ParseStatus::kOk) {
      raiseTypedLiteral("INTERVAL", literal_text);
    }
    acc.months += (negative ? -value : value) * (unit == "YEAR" ? 12 : 1);
    return;
  }
  // Seconds may carry a fraction; other units must be whole.
  int128_t unscaled = 0;
  if (parseDecimal(number, 38, 6, unscaled) != ParseStatus::kOk ||
      (fractional && unit != "SECOND")) {
    raiseTypedLiteral("INTERVAL", literal_text);
  }
  int128_t micros = unscaled * scale_micros / 1'000'000;
  acc.micros += static_cast<int64_t>(negative ? -micros : micros);
}

Value finishInterval(const IntervalAccumulator& acc) {
  if (acc.year_month && acc.day_time) {
    // Spark 4 refuses such literals too; make_interval builds the calendar interval.
    throwError(ErrorClass::NOT_SUPPORTED,
               "Cannot mix year-month and day-time fields in an interval literal; make_interval "
               "gives an interval of months, days and microseconds.");
  }
  if (acc.year_month) {
    return Value::fromInt64(DataType::yearMonthInterval(*acc.start, *acc.end), acc.months);
  }
  return Value::fromInt64(DataType::dayTimeInterval(*acc.start, *acc.end), acc.micros);
}

//! INTERVAL '1 day 2 hours': pairs of number and unit inside the string.
void parseIntervalString(IntervalAccumulator& acc, const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty())
        words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty())
    words.push_back(word);
  size_t start = (!words.empty() && normalizeUnit(words[0]) == "INTERVAL") ? 1 : 0;
  if (words.size() == start || (words.size() - start) % 2 != 0)
    raiseTypedLiteral("INTERVAL", text);
  for (size_t i = start; i < words.size(); i += 2) {
    std::string number = words[i];
    bool negative = !number.empty() && number[0] == '-';
    if (negative || (!number.empty() && number[0] == '+'))
      number.erase(0, 1);
    addIntervalPart(acc, negative, number, words[i + 1], text);
  }
}

//! INTERVAL 'y-m' YEAR TO MONTH and INTERVAL 'd h:m:s' DAY TO SECOND and their subsets.
Value parseIntervalRange(const sql::IntervalPart& part, const std::string& to_unit) {
  IntervalField start = unitField(normalizeUnit(part.unit));
  IntervalField end = unitField(normalizeUnit(to_unit));
  std::string text = part.value;
  bool negative = part.negative;
  size_t index = 0;
  while (index < text.size() && std::isspace(static_cast<unsigned char>(text[index])))
    ++index;
  if (index < text.size() && (text[index] == '-' || text[index] == '+')) {
    negative = negative != (text[index] == '-');
    ++index;
  }
  std::string body = text.substr(index);
  if (start <= IntervalField::kMonth) {
    int64_t years = 0, months = 0;
    size_t dash = body.find('-');
    if (end != IntervalField::kMonth || start != IntervalField::kYear ||
        dash == std::string::npos ||
        parseIntegral(body.substr(0, dash), 0, INT32_MAX, years) != ParseStatus::kOk ||
        parseIntegral(body.substr(dash + 1), 0, 11, months) != ParseStatus::kOk) {
      raiseTypedLiteral("INTERVAL", text);
    }
    int64_t total = years * 12 + months;
    return Value::fromInt64(DataType::yearMonthInterval(start, end), negative ? -total : total);
  }
  // Day-time: [d ][h[:m[:s[.f]]]] with the fields from `start` to `end`.
  std::vector<std::string> fields;
  size_t space = body.find(' ');
  std::string rest = body;
  if (start == IntervalField::kDay) {
    fields.push_back(space == std::string::npos ? body : body.substr(0, space));
    rest = space == std::string::npos ? "" : body.substr(space + 1);
  }
  size_t position = 0;
  while (!rest.empty() && position <= rest.size()) {
    size_t colon = rest.find(':', position);
    fields.push_back(
        rest.substr(position, colon == std::string::npos ? std::string::npos : colon - position));
    if (colon == std::string::npos)
      break;
    position = colon + 1;
  }
  int expected = static_cast<int>(end) - static_cast<int>(start) + 1;
  if (static_cast<int>(fields.size()) != expected)
    raiseTypedLiteral("INTERVAL", text);
  IntervalAccumulator acc;
  static const char* const kFieldUnits[] = {"YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"};
  for (int i = 0; i < expected; ++i) {
    addIntervalPart(acc, false, fields[i], kFieldUnits[static_cast<int>(start) + i], text);
  }
  int64_t micros = negative ? -acc.micros : acc.micros;
  return Value::fromInt64(DataType::dayTimeInterval(start, end), micros);
}

Value intervalLiteral(const sql::LiteralExpr& literal) {
  const sql::IntervalValue& interval = literal.interval;
  if (interval.form == sql::IntervalValue::Form::kUnitToUnit) {
    return parseIntervalRange(interval.parts.at(0), interval.to_unit);
  }
  IntervalAccumulator acc;
  for (const sql::IntervalPart& part : interval.parts) {
    if (part.unit.empty()) {
      parseIntervalString(acc, part.value);
    } else {
      std::string number = part.value;
      bool negative = part.negative;
      if (!number.empty() && (number[0] == '-' || number[0] == '+')) {
        negative = negative != (number[0] == '-');
        number.erase(0, 1);
      }
      addIntervalPart(acc, negative, number, part.unit, literal.text);
    }
  }
  if (!acc.start)
    raiseTypedLiteral("INTERVAL", literal.text);
  return finishInterval(acc);
}

}  // namespace

Value bindLiteral(const sql::LiteralExpr& literal, const ExecContext& context) {
  const std::string& text = literal.text;
  switch (literal.literal_kind) {
    case sql::LiteralKind::kNull:
      return Value();
    case sql::LiteralKind::kBoolean:
      return Value::boolean(text == "true");
    case sql::LiteralKind::kString:
      return Value::string(text);
    case sql::LiteralKind::kInteger:
      return integerLiteral(text);
    case sql::LiteralKind::kBigInt:
      return integralLiteral<int64_t>(text, DataType::longType(), "bigint");
    case sql::LiteralKind::kSmallInt:
      return integralLiteral<int16_t>(text, DataType::shortType(), "smallint");
    case sql::LiteralKind::kTinyInt:
      return integralLiteral<int8_t>(text, DataType::byteType(), "tinyint");
    case sql::LiteralKind::kDecimal:
    case sql::LiteralKind::kBigDecimal: {
      if (text.find_first_of("eE") != std::string::npos)
        return exponentDecimalLiteral(text);
      return decimalLiteral(text);
    }
    case sql::LiteralKind::kExponent:
    case sql::LiteralKind::kDouble: {
      auto value = parseDouble(text);
      if (!value || std::isinf(*value)) {
        throwError(ErrorClass::INVALID_NUMERIC_LITERAL_RANGE,
                   "Numeric literal {} is outside the valid range for double.", text);
      }
      return Value::doubleValue(*value);
    }
    case sql::LiteralKind::kFloat: {
      auto value = parseFloat(text);
      if (!value || std::isinf(*value)) {
        throwError(ErrorClass::INVALID_NUMERIC_LITERAL_RANGE,
                   "Numeric literal {} is outside the valid range for float.", text);
      }
      return Value::floatValue(*value);
    }
    case sql::LiteralKind::kBinary:
      return Value::binary(hexToBytes(text));
    case sql::LiteralKind::kDate: {
      auto days = parseDate(text);
      if (!days)
        raiseTypedLiteral("DATE", text);
      return Value::date(*days);
    }
    case sql::LiteralKind::kTimestamp:
    case sql::LiteralKind::kTimestampLtz: {
      auto micros = parseTimestamp(text, context.time_zone ? *context.time_zone : TimeZone::utc());
      if (!micros)
        raiseTypedLiteral("TIMESTAMP", text);
      return Value::timestamp(*micros);
    }
    case sql::LiteralKind::kTimestampNtz: {
      auto micros = parseTimestampNtz(text);
      if (!micros)
        raiseTypedLiteral("TIMESTAMP_NTZ", text);
      return Value::timestampNtz(*micros);
    }
    case sql::LiteralKind::kTime: {
      auto micros = parseTime(text);
      if (!micros)
        raiseTypedLiteral("TIME", text);
      return Value::time(*micros);
    }
    case sql::LiteralKind::kInterval:
      return intervalLiteral(literal);
  }
  SLUICE_UNREACHABLE("unknown literal kind");
}

}  // namespace sluice
