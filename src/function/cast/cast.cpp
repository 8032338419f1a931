#include "function/cast/cast.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/calendar_interval.hpp"
#include "common/types/decimal.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"
#include "function/cast/variant_cast.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

//! Writes the cast of one row, or raises / nulls on failure.
class CastWriter {
 public:
  CastWriter(const ExecContext& context, const Vector& input, Vector& result, bool try_mode)
      : context_(context), input_(input), result_(result), try_mode_(try_mode) {}

  //! Marks `row` as failed: NULL in try mode, else `error_class` with Spark's message.
  void fail(idx_t row, ErrorClass error_class) {
    if (try_mode_) {
      result_.setNull(row);
      return;
    }
    Value value = input_.getValue(row);
    std::string from = input_.type().sql();
    std::string to = result_.type().sql();
    switch (error_class) {
      case ErrorClass::CAST_INVALID_INPUT:
        throwError(error_class,
                   "The value {} of the type \"{}\" cannot be cast to \"{}\" because it is "
                   "malformed. Correct the value as per the syntax, or change its target type. "
                   "Use `try_cast` to tolerate malformed input and return NULL instead.",
                   sqlValueText(value, context_), from, to);
      case ErrorClass::NUMERIC_OUT_OF_SUPPORTED_RANGE:
        throwError(error_class,
                   "The value {} cannot be interpreted as a numeric since it has more than 38 "
                   "digits.",
                   sqlValueText(value, context_));
      case ErrorClass::CAST_OVERFLOW:
        throwError(error_class,
                   "The value {} of the type \"{}\" cannot be cast to \"{}\" due to an overflow. "
                   "Use `try_cast` to tolerate overflow and return NULL instead.",
                   sqlValueText(value, context_), from, to);
      default:
        throw Error(ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE, "WITH_SUGGESTION",
                    fmt::format("{} cannot be represented as Decimal({}, {}). If necessary set "
                                "\"spark.sql.ansi.enabled\" to \"false\" to bypass this error, "
                                "and return NULL instead.",
                                sqlValueText(value, context_), result_.type().precision(),
                                result_.type().scale()));
    }
  }

  const ExecContext& context() const { return context_; }

 private:
  const ExecContext& context_;
  const Vector& input_;
  Vector& result_;
  bool try_mode_;
};

template <typename T>
void writeValue(Vector& result, idx_t row, T value) {
  result.mutableData<T>()[row] = value;
  result.setNull(row, false);
}

// ---- numbers to numbers ----

//! Reads a numeric value of any physical type as a scaled integer or a double.
template <typename In>
double toDouble(In value, int scale) {
  if constexpr (std::is_same_v<In, float> || std::is_same_v<In, double>) {
    return static_cast<double>(value);
  } else {
    if (scale == 0)
      return static_cast<double>(value);
    return decimal::toDouble(static_cast<int128_t>(value), scale);
  }
}

//! The decimal digits an integral type's values may have.
int integralDigits(const DataType& type) {
  switch (type.physicalSize()) {
    case 1:
      return 3;
    case 2:
      return 5;
    case 4:
      return 10;
    default:
      return 19;
  }
}

//! Whether every value of `from` is exactly `to`'s value times 10^scale_up (integral to a
//! wider integral or a decimal with room for its digits, decimal to a decimal with as many
//! integer and fraction digits): such a cast cannot fail or round.
bool isWidening(const DataType& from, const DataType& to, int& scale_up) {
  bool from_integral = from.isIntegral() && !from.isDecimal();
  bool to_integral = to.isIntegral() && !to.isDecimal();
  if (from_integral && to_integral) {
    scale_up = 0;
    return to.physicalSize() >= from.physicalSize();
  }
  if (from_integral && to.isDecimal()) {
    scale_up = to.scale();
    return to.precision() - to.scale() >= integralDigits(from);
  }
  if (from.isDecimal() && to.isDecimal()) {
    scale_up = to.scale() - from.scale();
    return scale_up >= 0 && to.precision() - to.scale() >= from.precision() - from.scale();
  }
  return false;
}

template <typename In, typename Out>
void castNumberToNumber(CastWriter& writer, const Vector& input, const RowSet& rows,
                        Vector& result) {
  const DataType& from = input.type();
  const DataType& to = result.type();
  constexpr bool kInFloating = std::is_floating_point_v<In>;
  if constexpr (!kInFloating && !std::is_floating_point_v<Out>) {
    if (int scale_up = 0; isWidening(from, to, scale_up)) {
      auto factor = static_cast<Out>(decimal::powerOfTen(scale_up));
      unaryLoop<In, Out>(input, rows, result,
                         [factor](In value, idx_t) { return static_cast<Out>(value) * factor; });
      return;
    }
  }
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row)) {
      result.setNull(row);
      return;
    }
    In value = input.at<In>(row);
    if (to.isFloating()) {
      writeValue<Out>(result, row,
                      static_cast<Out>(toDouble(value, from.isDecimal() ? from.scale() : 0)));
      return;
    }
    if (to.isDecimal()) {
      std::optional<int128_t> unscaled;
      if constexpr (kInFloating) {
        unscaled = decimal::fromDouble(static_cast<double>(value), to.precision(), to.scale());
      } else {
        int from_scale = from.isDecimal() ? from.scale() : 0;
        unscaled =
            decimal::rescale(static_cast<int128_t>(value), from_scale, to.scale(), to.precision());
      }
      if (!unscaled) {
        writer.fail(row, ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE);
        return;
      }
      writeValue<Out>(result, row, static_cast<Out>(*unscaled));
      return;
    }
    // Integral target: truncate toward zero, then check the range.
    constexpr auto kMin = std::numeric_limits<Out>::min();
    constexpr auto kMax = std::numeric_limits<Out>::max();
    if constexpr (kInFloating) {
      double truncated = std::trunc(static_cast<double>(value));
      // kMax + 1 is a power of two, exact in double; NaN fails both comparisons.
      if (!(truncated >= static_cast<double>(kMin) && truncated < -static_cast<double>(kMin))) {
        writer.fail(row, ErrorClass::CAST_OVERFLOW);
        return;
      }
      writeValue<Out>(result, row, static_cast<Out>(truncated));
    } else {
      int128_t whole = static_cast<int128_t>(value);
      if (from.isDecimal() && from.scale() > 0)
        whole /= decimal::powerOfTen(from.scale());
      if (whole < kMin || whole > kMax) {
        writer.fail(row, ErrorClass::CAST_OVERFLOW);
        return;
      }
      writeValue<Out>(result, row, static_cast<Out>(whole));
    }
  });
}

// ---- text ----

//! The significant digits of a decimal number's text, as Java's BigDecimal counts precision.
int significantDigits(std::string_view text) {
  size_t exponent = text.find_first_of("eE");
  std::string_view mantissa = text.substr(0, exponent);
  int digits = 0;
  bool leading = true;
  for (char c : mantissa) {
    if (c < '0' || c > '9')
      continue;
    if (leading && c == '0')
      continue;
    leading = false;
    ++digits;
  }
  return digits;
}

std::string formatScalar(const Vector& input, idx_t row, const ExecContext& context);

std::string formatNested(const Vector& input, idx_t row, const ExecContext& context) {
  // Spark's CAST(nested AS STRING): [1, 2], {1, a}, {k -> v}; NULL inside is "null".
  const DataType& type = input.type();
  idx_t index = input.slot(row);
  auto element = [&](const Vector& child, idx_t child_row) {
    return child.isNull(child_row) ? std::string("null") : formatScalar(child, child_row, context);
  };
  std::string out;
  switch (type.id()) {
    case TypeId::kArray: {
      const ListEntry& entry = input.data<ListEntry>()[index];
      out = "[";
      for (uint32_t i = 0; i < entry.length; ++i) {
        if (i > 0)
          out += ", ";
        out += element(input.child(0), entry.offset + i);
      }
      return out + "]";
    }
    case TypeId::kMap: {
      const ListEntry& entry = input.data<ListEntry>()[index];
      const Vector& entries = input.child(0);
      out = "{";
      for (uint32_t i = 0; i < entry.length; ++i) {
        if (i > 0)
          out += ", ";
        out += element(entries.child(0), entry.offset + i);
        out += " -> ";
        out += element(entries.child(1), entry.offset + i);
      }
      return out + "}";
    }
    default: {
      out = "{";
      for (size_t i = 0; i < input.children().size(); ++i) {
        if (i > 0)
          out += ", ";
        out += element(input.child(i), index);
      }
      return out + "}";
    }
  }
}

std::string formatScalar(const Vector& input, idx_t row, const ExecContext& context) {
  const DataType& type = input.type();
  switch (type.id()) {
    case TypeId::kVoid:
      return "NULL";
    case TypeId::kBoolean:
      return input.at<uint8_t>(row) ? "true" : "false";
    case TypeId::kByte:
      return fmt::format("{}", input.at<int8_t>(row));
    case TypeId::kShort:
      return fmt::format("{}", input.at<int16_t>(row));
    case TypeId::kInt:
      return fmt::format("{}", input.at<int32_t>(row));
    case TypeId::kLong:
      return fmt::format("{}", input.at<int64_t>(row));
    case TypeId::kFloat:
      return formatFloat(input.at<float>(row));
    case TypeId::kDouble:
      return formatDouble(input.at<double>(row));
    case TypeId::kDecimal:
      return formatDecimal(type.isWideDecimal() ? input.at<int128_t>(row) : input.at<int64_t>(row),
                           type.scale());
    case TypeId::kString:
    case TypeId::kBinary:
      return input.at<StringView>(row).str();
    case TypeId::kDate:
      return formatDate(input.at<int32_t>(row));
    case TypeId::kTimestamp:
      return formatTimestamp(input.at<int64_t>(row), datetime::sessionZone(context));
    case TypeId::kTimestampNtz:
      return formatTimestampNtz(input.at<int64_t>(row));
    case TypeId::kTime:
      return formatTime(input.at<int64_t>(row));
    case TypeId::kCalendarInterval:
      return formatCalendarInterval(input.at<int128_t>(row));
    case TypeId::kYearMonthInterval:
      return formatYearMonthInterval(input.at<int32_t>(row), type.startField(), type.endField());
    case TypeId::kDayTimeInterval:
      return formatDayTimeInterval(input.at<int64_t>(row), type.startField(), type.endField());
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return formatSpatialValue(input.at<StringView>(row).view());
    case TypeId::kVariant: {
      std::string json;
      variant::appendJsonText(json, variant::VariantRef::fromEncoded(input.at<StringView>(row)),
                              datetime::sessionZone(context));
      return json;
    }
    default:
      return formatNested(input, row, context);
  }
}

void castToString(const ExecContext& context, const Vector& input, const RowSet& rows,
                  Vector& result) {
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row)) {
      result.setNull(row);
      return;
    }
    if (input.type().isStringLike()) {
      // Same bytes: share the input's buffers instead of copying them.
      result.shareStringsOf(input);
      writeValue<StringView>(result, row, input.at<StringView>(row));
      return;
    }
    writeValue<StringView>(result, row, result.addString(formatScalar(input, row, context)));
  });
}

void castFromString(CastWriter& writer, const Vector& input, const RowSet& rows, Vector& result) {
  const DataType& to = result.type();
  const ExecContext& context = writer.context();
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row)) {
      result.setNull(row);
      return;
    }
    std::string_view text = input.at<StringView>(row).view();
    switch (to.id()) {
      case TypeId::kBoolean: {
        auto value = parseBoolean(text);
        if (!value)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<uint8_t>(result, row, *value ? 1 : 0);
      }
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong: {
        visitNumericType(to, [&]<typename Out>() {
          if constexpr (std::is_integral_v<Out> && sizeof(Out) <= sizeof(int64_t)) {
            int64_t value = 0;
            // TRY_CAST to an integral parses as ANSI does ("1.5" is malformed, so NULL); Spark
            // uses its lenient legacy parser only for fractional and datetime targets.
            ParseStatus status = parseIntegral(text, std::numeric_limits<Out>::min(),
                                               std::numeric_limits<Out>::max(), value);
            if (status != ParseStatus::kOk)
              return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
            writeValue<Out>(result, row, static_cast<Out>(value));
          }
        });
        return;
      }
      case TypeId::kFloat: {
        auto value = parseFloat(text);
        if (!value)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<float>(result, row, *value);
      }
      case TypeId::kDouble: {
        auto value = parseDouble(text);
        if (!value)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<double>(result, row, *value);
      }
      case TypeId::kDecimal: {
        int128_t value = 0;
        ParseStatus status = parseDecimal(text, to.precision(), to.scale(), value);
        if (status == ParseStatus::kInvalid)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        if (status == ParseStatus::kOverflow) {
          if (significantDigits(text) > DataType::kMaxDecimalPrecision) {
            return writer.fail(row, ErrorClass::NUMERIC_OUT_OF_SUPPORTED_RANGE);
          }
          return writer.fail(row, ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE);
        }
        if (to.isWideDecimal())
          return writeValue<int128_t>(result, row, value);
        return writeValue<int64_t>(result, row, static_cast<int64_t>(value));
      }
      case TypeId::kBinary:
        result.shareStringsOf(input);
        return writeValue<StringView>(result, row, input.at<StringView>(row));
      case TypeId::kDate: {
        auto days = parseDate(text);
        if (!days)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<int32_t>(result, row, *days);
      }
      case TypeId::kTimestamp: {
        auto micros = parseTimestamp(text, datetime::sessionZone(context));
        if (!micros)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<int64_t>(result, row, *micros);
      }
      case TypeId::kTimestampNtz: {
        auto micros = parseTimestampNtz(text);
        if (!micros)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<int64_t>(result, row, *micros);
      }
      case TypeId::kTime: {
        auto micros = parseTime(text);
        if (!micros)
          return writer.fail(row, ErrorClass::CAST_INVALID_INPUT);
        return writeValue<int64_t>(result, row, truncateTimeOfDay(*micros, to.precision()));
      }
      default:
        throwError(ErrorClass::NOT_SUPPORTED, "CAST from STRING to {} is not supported yet.",
                   to.sql());
    }
  });
}

// ---- booleans, dates and timestamps ----

void castBooleanToNumber(const Vector& input, const RowSet& rows, Vector& result) {
  visitNumericType(result.type(), [&]<typename Out>() {
    Out one = 1;
    if (result.type().isDecimal())
      one = static_cast<Out>(decimal::powerOfTen(result.type().scale()));
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return result.setNull(row);
      writeValue<Out>(result, row, input.at<uint8_t>(row) ? one : Out{0});
    });
  });
}

void castNumberToBoolean(const Vector& input, const RowSet& rows, Vector& result) {
  visitNumericType(input.type(), [&]<typename In>() {
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return result.setNull(row);
      writeValue<uint8_t>(result, row, input.at<In>(row) != In{0} ? 1 : 0);
    });
  });
}

void castDateTime(const ExecContext& context, const Vector& input, const RowSet& rows,
                  Vector& result) {
  const TimeZone& zone = datetime::sessionZone(context);
  TypeId from = input.type().id();
  TypeId to = result.type().id();
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row))
      return result.setNull(row);
    if (from == TypeId::kDate) {
      int64_t local = int64_t{input.at<int32_t>(row)} * kMicrosPerDay;
      int64_t value = to == TypeId::kTimestamp
                          ? local - int64_t{zone.offsetAtLocal(local)} * kMicrosPerSecond
                          : local;
      return writeValue<int64_t>(result, row, value);
    }
    int64_t micros = input.at<int64_t>(row);
    int64_t local = from == TypeId::kTimestamp
                        ? micros + int64_t{zone.offsetAtUtc(micros)} * kMicrosPerSecond
                        : micros;
    if (to == TypeId::kDate) {
      return writeValue<int32_t>(result, row,
                                 static_cast<int32_t>(floorDivide(local, kMicrosPerDay)));
    }
    if (to == TypeId::kTimestampNtz)
      return writeValue<int64_t>(result, row, local);
    // TIMESTAMP_NTZ to TIMESTAMP: the wall-clock time read in the session zone.
    writeValue<int64_t>(result, row,
                        micros - int64_t{zone.offsetAtLocal(micros)} * kMicrosPerSecond);
  });
}

//! To TIME(p): another TIME's value, or a timestamp's time of day (TIMESTAMP's in the session
//! zone), cut to p fraction digits.
void castToTime(const ExecContext& context, const Vector& input, const RowSet& rows,
                Vector& result) {
  const TimeZone& zone = datetime::sessionZone(context);
  TypeId from = input.type().id();
  int precision = result.type().precision();
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row))
      return result.setNull(row);
    int64_t micros = input.at<int64_t>(row);
    if (from == TypeId::kTimestamp)
      micros += int64_t{zone.offsetAtUtc(micros)} * kMicrosPerSecond;
    if (from != TypeId::kTime)
      micros = floorModulo(micros, kMicrosPerDay);
    writeValue<int64_t>(result, row, truncateTimeOfDay(micros, precision));
  });
}

void castTimestampToNumber(CastWriter& writer, const Vector& input, const RowSet& rows,
                           Vector& result) {
  visitNumericType(result.type(), [&]<typename Out>() {
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return result.setNull(row);
      int64_t micros = input.at<int64_t>(row);
      if constexpr (std::is_floating_point_v<Out>) {
        writeValue<Out>(result, row,
                        static_cast<Out>(static_cast<double>(micros) / kMicrosPerSecond));
      } else {
        int64_t seconds = floorDivide(micros, kMicrosPerSecond);
        if (result.type().isDecimal()) {
          auto unscaled =
              decimal::rescale(micros, 6, result.type().scale(), result.type().precision());
          if (!unscaled)
            return writer.fail(row, ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE);
          return writeValue<Out>(result, row, static_cast<Out>(*unscaled));
        }
        if (seconds < std::numeric_limits<Out>::min() ||
            seconds > std::numeric_limits<Out>::max()) {
          return writer.fail(row, ErrorClass::CAST_OVERFLOW);
        }
        writeValue<Out>(result, row, static_cast<Out>(seconds));
      }
    });
  });
}

void castNumberToTimestamp(CastWriter& writer, const Vector& input, const RowSet& rows,
                           Vector& result) {
  const DataType& from = input.type();
  visitNumericType(from, [&]<typename In>() {
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return result.setNull(row);
      In value = input.at<In>(row);
      double seconds = toDouble(value, from.isDecimal() ? from.scale() : 0);
      double micros = std::floor(seconds * kMicrosPerSecond);
      if (!(micros >= -9.2233720368547758e18 && micros < 9.2233720368547758e18)) {
        return writer.fail(row, ErrorClass::CAST_OVERFLOW);
      }
      if constexpr (!std::is_floating_point_v<In>) {
        if (!from.isDecimal()) {
          int64_t exact;
          if (__builtin_mul_overflow(static_cast<int64_t>(value), kMicrosPerSecond, &exact)) {
            return writer.fail(row, ErrorClass::CAST_OVERFLOW);
          }
          return writeValue<int64_t>(result, row, exact);
        }
      }
      writeValue<int64_t>(result, row, static_cast<int64_t>(micros));
    });
  });
}

// ---- intervals ----

//! The microseconds of a day-time interval's field, or the months of a year-month one's.
int64_t unitOfField(IntervalField field) {
  switch (field) {
    case IntervalField::kYear:
      return 12;
    case IntervalField::kMonth:
      return 1;
    case IntervalField::kDay:
      return kMicrosPerDay;
    case IntervalField::kHour:
      return 3'600 * kMicrosPerSecond;
    case IntervalField::kMinute:
      return 60 * kMicrosPerSecond;
    case IntervalField::kSecond:
      return kMicrosPerSecond;
  }
  return 1;
}

//! Between interval types of one family: the value down to the target's end field, truncated
//! toward zero (Spark's durationToMicros / periodToMonths); INTERVAL DAY TO SECOND to INTERVAL
//! DAY drops the hours, minutes and seconds.
void castIntervalToInterval(const Vector& input, const RowSet& rows, Vector& result) {
  int64_t unit = unitOfField(result.type().endField());
  visitScalarType(input.type(), [&]<typename T>() {
    if constexpr (std::is_integral_v<T>) {
      forEachRow(rows, [&](idx_t row) {
        if (input.isNull(row))
          return result.setNull(row);
        T value = input.at<T>(row);
        writeValue<T>(result, row, static_cast<T>(value - value % unit));
      });
    }
  });
}

//! An integral or DECIMAL number of the target's end field (CAST(5 AS INTERVAL HOUR) is five
//! hours); a DECIMAL's fraction is rounded half up to whole months or microseconds.
void castNumberToInterval(CastWriter& writer, const Vector& input, const RowSet& rows,
                          Vector& result) {
  const DataType& from = input.type();
  bool months = result.type().id() == TypeId::kYearMonthInterval;
  int64_t unit = unitOfField(result.type().endField());
  int128_t limit =
      months ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
  visitNumericType(from, [&]<typename In>() {
    if constexpr (std::is_floating_point_v<In>) {
      SLUICE_UNREACHABLE("canAnsiCast allows no floating type with intervals");
    } else {
      forEachRow(rows, [&](idx_t row) {
        if (input.isNull(row))
          return result.setNull(row);
        int128_t value;
        if (__builtin_mul_overflow(static_cast<int128_t>(input.at<In>(row)), int128_t{unit},
                                   &value)) {
          return writer.fail(row, ErrorClass::CAST_OVERFLOW);
        }
        if (from.isDecimal())
          value = decimal::divideHalfUp(value, decimal::powerOfTen(from.scale()));
        if (value > limit || value < -limit - 1)
          return writer.fail(row, ErrorClass::CAST_OVERFLOW);
        if (months)
          return writeValue<int32_t>(result, row, static_cast<int32_t>(value));
        writeValue<int64_t>(result, row, static_cast<int64_t>(value));
      });
    }
  });
}

//! The whole number of the interval's end field (truncated toward zero) as an integral type;
//! as a DECIMAL, a day-time interval ending in SECOND keeps its microseconds.
void castIntervalToNumber(CastWriter& writer, const Vector& input, const RowSet& rows,
                          Vector& result) {
  const DataType& from = input.type();
  const DataType& to = result.type();
  bool months = from.id() == TypeId::kYearMonthInterval;
  int64_t unit = unitOfField(from.endField());
  bool keeps_micros = !months && from.endField() == IntervalField::kSecond && to.isDecimal();
  visitNumericType(to, [&]<typename Out>() {
    if constexpr (std::is_floating_point_v<Out>) {
      SLUICE_UNREACHABLE("canAnsiCast allows no floating type with intervals");
    } else {
      forEachRow(rows, [&](idx_t row) {
        if (input.isNull(row))
          return result.setNull(row);
        int64_t value = months ? input.at<int32_t>(row) : input.at<int64_t>(row);
        if (to.isDecimal()) {
          auto unscaled = keeps_micros
                              ? decimal::rescale(value, 6, to.scale(), to.precision())
                              : decimal::rescale(value / unit, 0, to.scale(), to.precision());
          if (!unscaled)
            return writer.fail(row, ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE);
          return writeValue<Out>(result, row, static_cast<Out>(*unscaled));
        }
        int64_t whole = value / unit;
        if (whole < std::numeric_limits<Out>::min() || whole > std::numeric_limits<Out>::max())
          return writer.fail(row, ErrorClass::CAST_OVERFLOW);
        writeValue<Out>(result, row, static_cast<Out>(whole));
      });
    }
  });
}

// ---- nested ----

//! Casts the elements of the selected rows of a nested vector, then copies the row structure.
void castNested(const ExecContext& context, const Vector& input, const RowSet& rows, Vector& result,
                bool try_mode) {
  const DataType& to = result.type();
  if (to.id() == TypeId::kStruct) {
    for (size_t i = 0; i < result.children().size(); ++i) {
      castVector(context, input.child(i), rows, result.child(i), try_mode);
    }
  } else {
    // Only the elements of rows being cast: garbage beyond them must not raise errors.
    std::vector<uint32_t> element_rows;
    idx_t element_count = 0;
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return;
      const ListEntry& entry = input.at<ListEntry>(row);
      for (uint32_t i = 0; i < entry.length; ++i)
        element_rows.push_back(entry.offset + i);
      element_count = std::max<idx_t>(element_count, entry.offset + entry.length);
    });
    Vector& elements = result.child(0);
    elements = Vector(elements.type(), std::max<idx_t>(element_count, 1));
    castVector(context, input.child(0), RowSet{element_rows.data(), element_rows.size()}, elements,
               try_mode);
  }
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row))
      return result.setNull(row);
    result.setNull(row, false);
    if (to.id() != TypeId::kStruct) {
      result.mutableData<ListEntry>()[row] = input.at<ListEntry>(row);
    }
  });
}

}  // namespace

namespace {

//! Copies values that are the same under both types (strings are shared, not copied).
void copySameValues(const Vector& input, const RowSet& rows, Vector& result) {
  visitScalarType(input.type(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, StringView>)
      result.shareStringsOf(input);
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return result.setNull(row);
      writeValue<T>(result, row, input.at<T>(row));
    });
  });
}

}  // namespace

void castVector(const ExecContext& context, const Vector& input, const RowSet& rows, Vector& result,
                bool try_mode) {
  const DataType& from = input.type();
  const DataType& to = result.type();
  CastWriter writer(context, input, result, try_mode);

  if (from.isVoid()) {
    forEachRow(rows, [&](idx_t row) { result.setNull(row); });
    return;
  }
  if (from.isVariant() && !to.isVariant())
    return castFromVariant(context, input, rows, result, try_mode);
  if (to.isVariant() && !from.isVariant())
    return castToVariant(input, rows, result);
  if (from.id() == TypeId::kString && to.id() == TypeId::kString)
    return copySameValues(input, rows, result);  // another collation, the same bytes
  if (to.id() == TypeId::kString)
    return castToString(context, input, rows, result);
  if (from.id() == TypeId::kString)
    return castFromString(writer, input, rows, result);
  if (from.isNumeric() && to.isNumeric()) {
    visitNumericType(from, [&]<typename In>() {
      visitNumericType(
          to, [&]<typename Out>() { castNumberToNumber<In, Out>(writer, input, rows, result); });
    });
    return;
  }
  if (from.id() == TypeId::kBoolean && to.isNumeric())
    return castBooleanToNumber(input, rows, result);
  if (from.isNumeric() && to.id() == TypeId::kBoolean)
    return castNumberToBoolean(input, rows, result);
  if (from.isDatetime() && to.isDatetime()) {
    if (from.id() == to.id()) {
      visitScalarType(from, [&]<typename T>() {
        forEachRow(rows, [&](idx_t row) {
          if (input.isNull(row))
            return result.setNull(row);
          writeValue<T>(result, row, input.at<T>(row));
        });
      });
      return;
    }
    return castDateTime(context, input, rows, result);
  }
  if (to.isTime() &&
      (from.isTime() || from.id() == TypeId::kTimestamp || from.id() == TypeId::kTimestampNtz)) {
    return castToTime(context, input, rows, result);
  }
  if (from.id() == TypeId::kTimestamp && to.isNumeric()) {
    return castTimestampToNumber(writer, input, rows, result);
  }
  if (from.isNumeric() && to.id() == TypeId::kTimestamp) {
    return castNumberToTimestamp(writer, input, rows, result);
  }
  if (from.isInterval() && from.id() == to.id())
    return castIntervalToInterval(input, rows, result);
  if (from.isNumeric() && to.isInterval())
    return castNumberToInterval(writer, input, rows, result);
  if (from.isInterval() && to.isNumeric())
    return castIntervalToNumber(writer, input, rows, result);
  if (from.isNested() && from.id() == to.id()) {
    return castNested(context, input, rows, result, try_mode);
  }
  // The same values; a spatial value keeps its bytes, its SRID valid for `to` by the cast rules.
  if (from.sameStructure(to) || (from.isGeospatial() && to.isGeospatial()))
    return copySameValues(input, rows, result);
  throwError(ErrorClass::NOT_SUPPORTED, "CAST from {} to {} is not supported yet.", from.sql(),
             to.sql());
}

Value castValue(const ExecContext& context, const Value& value, const DataType& to, bool try_mode) {
  if (value.type() == to)
    return value;
  Vector input = Vector::constant(value);
  Vector output(to, 1);
  castVector(context, input, RowSet{nullptr, 1}, output, try_mode);
  return output.getValue(0);
}

std::string sqlValueText(const Value& value, const ExecContext& context) {
  if (value.isNull())
    return "NULL";
  Vector input = Vector::constant(value);
  const DataType& type = value.type();
  std::string text =
      type.isNested() ? formatNested(input, 0, context) : formatScalar(input, 0, context);
  switch (type.id()) {
    case TypeId::kString: {
      std::string quoted = "'";
      for (char c : text) {
        if (c == '\'' || c == '\\')
          quoted += '\\';
        quoted += c;
      }
      return quoted + "'";
    }
    case TypeId::kByte:
      return text + "Y";
    case TypeId::kShort:
      return text + "S";
    case TypeId::kLong:
      return text + "L";
    case TypeId::kFloat:
      return text + "F";
    case TypeId::kDouble:
      return text + "D";
    case TypeId::kDecimal:
      return text + "BD";
    case TypeId::kDate:
      return "DATE '" + text + "'";
    case TypeId::kTimestamp:
      return "TIMESTAMP '" + text + "'";
    case TypeId::kTimestampNtz:
      return "TIMESTAMP_NTZ '" + text + "'";
    case TypeId::kTime:
      return "TIME '" + text + "'";
    default:
      return text;
  }
}

}  // namespace sluice
