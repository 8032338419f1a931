// src/function/scalar/interval_arithmetic.cpp
//
// + - * / over ANSI intervals, dates, timestamps and times, as Spark's ResolveBinaryArithmetic
// rewrites them:
//   - interval ± interval of one family: the result spans both operands' fields
//     (INTERVAL DAY + INTERVAL HOUR is INTERVAL DAY TO HOUR);
//   - DATE ± INTERVAL DAY, and DATE ± an integer of at most 32 bits: a DATE (date_add);
//   - DATE ± another day-time interval: a TIMESTAMP, the date taken at midnight in the session
//     time zone;
//   - DATE ± year-month interval: a DATE, the day clamped to the end of the month;
//   - TIMESTAMP[_NTZ] ± year-month interval: months added on the wall clock (in the session time
//     zone for TIMESTAMP); ± day-time interval: its whole days on the wall clock, the rest on
//     the instant (across a daylight-saving change, + INTERVAL '1' DAY keeps the time of day);
//   - timestamp - timestamp (a DATE beside a timestamp is cast to it): INTERVAL DAY TO SECOND,
//     between the wall-clock times in the session time zone; DATE - DATE: INTERVAL DAY;
//   - DATE / TIMESTAMP[_NTZ] ± CalendarInterval (make_interval): months and days on the wall
//     clock, then the microseconds (a DATE with microseconds to add is an error);
//     CalendarInterval ± CalendarInterval field by field;
//   - TIME(p) ± day-time interval: a TIME within the day (DATETIME_OVERFLOW past either end),
//     of precision 6 when the interval has seconds; TIME - TIME: INTERVAL HOUR TO SECOND;
//   - interval * number, number * interval, interval / number: INTERVAL YEAR TO MONTH or
//     INTERVAL DAY TO SECOND, rounded half up (away from zero) to whole months or microseconds.
// Overflow raises ARITHMETIC_OVERFLOW (DATETIME_OVERFLOW for month arithmetic on dates and
// timestamps), a zero divisor INTERVAL_DIVIDED_BY_ZERO, the smallest interval divided by -1
// INTERVAL_ARITHMETIC_OVERFLOW; the try_ functions return NULL instead.
// Where Spark differs: its multiplications and divisions raise a bare java.lang.ArithmeticException
// on overflow ("long overflow", "rounded value is out of range"), which has no error class;
// ARITHMETIC_OVERFLOW is the closest. A DECIMAL operand whose product with the interval leaves
// 128 bits raises it too, where Spark's BigDecimal could still round into range.
#include "function/scalar/interval_arithmetic.hpp"

#include <cmath>
#include <limits>

#include "common/error/error.hpp"
#include "common/types/calendar_interval.hpp"
#include "common/types/decimal.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

using namespace datetime;

enum class Failure : uint8_t {
  kNone,
  kOverflow,
  kDatetimeOverflow,
  kDivideByZero,
  kDivideOverflow
};

template <typename T>
struct Outcome {
  T value{};
  Failure failure = Failure::kNone;
};

template <typename T>
Outcome<T> success(T value) {
  return {value, Failure::kNone};
}

template <typename T>
Outcome<T> failure(Failure kind) {
  return {T{}, kind};
}

//! Raises the error of a failed row; `operation` describes it for DATETIME_OVERFLOW.
struct Raise {
  ArithmeticOp op;
  bool wide;  // the result is 64 bits (long) rather than 32 (integer)
  std::string operation;

  [[noreturn]] void operator()(Failure kind) const {
    switch (kind) {
      case Failure::kDatetimeOverflow:
        raiseDatetimeOverflow(operation);
      case Failure::kDivideByZero:
        throwError(ErrorClass::INTERVAL_DIVIDED_BY_ZERO,
                   "Division by zero. Use `try_divide` to tolerate divisor being 0 and return "
                   "NULL instead.");
      case Failure::kDivideOverflow:
        throw Error(ErrorClass::INTERVAL_ARITHMETIC_OVERFLOW, "WITH_SUGGESTION",
                    "Integer overflow while operating with intervals. Use `try_divide` to "
                    "tolerate overflow and return NULL instead.");
      default:
        raiseArithmeticOverflow(op, wide);
    }
  }
};

//! Runs `op(context, a, b)` over the rows: a failed row raises, or is NULL in try mode.
template <typename A, typename B, typename R, typename Op>
ScalarKernel outcomeKernel(bool try_mode, Raise raise, Op op) {
  return [try_mode, raise = std::move(raise), op](const ExecContext& context,
                                                  const ArgumentVectors& args, const RowSet& rows,
                                                  Vector& result) {
    binaryLoop<A, B, R>(*args[0], *args[1], rows, result, [&](A a, B b, idx_t row) -> R {
      Outcome<R> outcome = op(context, a, b);
      if (outcome.failure == Failure::kNone)
        return outcome.value;
      if (!try_mode)
        raise(outcome.failure);
      result.setNull(row);
      return R{};
    });
  };
}

//! outcomeKernel over op(context, first, second) where the arguments may come in either order:
//! `first` is argument `first_index` of the call.
template <typename First, typename Second, typename R, typename Op>
ScalarKernel orderedKernel(size_t first_index, bool try_mode, Raise raise, Op op) {
  if (first_index == 0)
    return outcomeKernel<First, Second, R>(try_mode, std::move(raise), op);
  return outcomeKernel<Second, First, R>(
      try_mode, std::move(raise), [op](const ExecContext& context, Second second, First first) {
        return op(context, first, second);
      });
}

//! The argument types of a call whose operand `first` is argument `first_index`.
std::vector<DataType> inOrder(size_t first_index, const DataType& first, const DataType& second) {
  return first_index == 0 ? std::vector{first, second} : std::vector{second, first};
}

bool isDate(const DataType& type) {
  return type.id() == TypeId::kDate;
}

bool isTimestamp(const DataType& type) {
  return type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz;
}

bool isYearMonth(const DataType& type) {
  return type.id() == TypeId::kYearMonthInterval;
}

bool isDayTime(const DataType& type) {
  return type.id() == TypeId::kDayTimeInterval;
}

bool isDaysOnly(const DataType& type) {
  return isDayTime(type) && type.startField() == IntervalField::kDay &&
         type.endField() == IntervalField::kDay;
}

//! The integer types of at most 32 bits (and NULL): the day counts date_add takes.
bool isIntDays(const DataType& type) {
  return type.id() == TypeId::kByte || type.id() == TypeId::kShort || type.id() == TypeId::kInt ||
         type.isVoid();
}

//! The interval type both operands are cast to: the earliest start field and the latest end.
DataType widenedInterval(const DataType& left, const DataType& right) {
  IntervalField start = std::min(left.startField(), right.startField());
  IntervalField end = std::max(left.endField(), right.endField());
  return isYearMonth(left) ? DataType::yearMonthInterval(start, end)
                           : DataType::dayTimeInterval(start, end);
}

template <typename T>
Outcome<T> addOrSubtract(T a, T b, bool subtract) {
  T out;
  bool overflow =
      subtract ? __builtin_sub_overflow(a, b, &out) : __builtin_add_overflow(a, b, &out);
  return overflow ? failure<T>(Failure::kOverflow) : success(out);
}

int32_t wrappingAddDays(int32_t date, int64_t days) {
  return static_cast<int32_t>(static_cast<uint32_t>(date) + static_cast<uint32_t>(days));
}

// ---------------------------------------------------------------------------------------------
// + and -

BoundScalarFunction intervalPlusInterval(ArithmeticOp op, bool try_mode, DataType type) {
  bool subtract = op == ArithmeticOp::kSubtract;
  std::string name(opSymbol(op));
  ScalarKernel kernel;
  if (isYearMonth(type)) {
    kernel = outcomeKernel<int32_t, int32_t, int32_t>(
        try_mode, Raise{op, false, ""}, [subtract](const ExecContext&, int32_t a, int32_t b) {
          return addOrSubtract(a, b, subtract);
        });
  } else {
    kernel = outcomeKernel<int64_t, int64_t, int64_t>(
        try_mode, Raise{op, true, ""}, [subtract](const ExecContext&, int64_t a, int64_t b) {
          return addOrSubtract(a, b, subtract);
        });
  }
  return {name, {type, type}, type, std::move(kernel)};
}

//! "add INTERVAL MONTH to DATE", for DATETIME_OVERFLOW.
std::string describeShift(ArithmeticOp op, const DataType& interval, const DataType& point) {
  bool subtract = op == ArithmeticOp::kSubtract;
  return fmt::format("{} {} {} {}", subtract ? "subtract" : "add", interval.sql(),
                     subtract ? "from" : "to", point.sql());
}

//! DATE (at argument `date_index`) ± a day count: an integer (cast to BIGINT) or the whole days
//! of an INTERVAL DAY, wrapping as date_add does.
BoundScalarFunction dateShiftedByDays(ArithmeticOp op, size_t date_index, DataType days) {
  bool subtract = op == ArithmeticOp::kSubtract;
  int64_t unit = isDayTime(days) ? kMicrosPerDay : 1;
  if (!isDayTime(days))
    days = DataType::longType();
  ScalarKernel kernel = orderedKernel<int32_t, int64_t, int32_t>(
      date_index, false, Raise{op, false, ""},
      [subtract, unit](const ExecContext&, int32_t date, int64_t count) {
        int64_t whole = count / unit;
        return success(wrappingAddDays(date, subtract ? -whole : whole));
      });
  return {std::string(opSymbol(op)), inOrder(date_index, DataType::date(), days), DataType::date(),
          std::move(kernel)};
}

//! A date or timestamp (`point`, at argument `point_index`) ± a year-month interval.
BoundScalarFunction pointPlusMonths(ArithmeticOp op, bool try_mode, DataType point,
                                    size_t point_index, DataType interval) {
  bool subtract = op == ArithmeticOp::kSubtract;
  Raise raise{op, false, describeShift(op, interval, point)};
  ScalarKernel kernel;
  if (isDate(point)) {
    kernel = orderedKernel<int32_t, int32_t, int32_t>(
        point_index, try_mode, raise, [subtract](const ExecContext&, int32_t date, int32_t months) {
          std::optional<int32_t> shifted =
              addMonthsToDate(date, subtract ? -int64_t{months} : int64_t{months});
          return shifted ? success(*shifted) : failure<int32_t>(Failure::kDatetimeOverflow);
        });
  } else {
    bool zoned = point.id() == TypeId::kTimestamp;
    kernel = orderedKernel<int64_t, int32_t, int64_t>(
        point_index, try_mode, raise,
        [subtract, zoned](const ExecContext& context, int64_t micros, int32_t months) {
          const TimeZone& zone = zoned ? sessionZone(context) : TimeZone::utc();
          std::optional<int64_t> shifted =
              addToTimestamp(micros, subtract ? -int64_t{months} : int64_t{months}, 0, zone);
          return shifted ? success(*shifted) : failure<int64_t>(Failure::kDatetimeOverflow);
        });
  }
  return {std::string(opSymbol(op)), inOrder(point_index, point, interval), point,
          std::move(kernel)};
}

//! A timestamp (at argument `point_index`) ± a day-time interval, as Spark's
//! timestampAddDayTime: the interval's whole days go on the wall clock (in the session time zone
//! for TIMESTAMP), the rest of it on the instant.
BoundScalarFunction timestampPlusMicros(ArithmeticOp op, bool try_mode, DataType point,
                                        size_t point_index, DataType interval) {
  bool subtract = op == ArithmeticOp::kSubtract;
  bool zoned = point.id() == TypeId::kTimestamp;
  ScalarKernel kernel = orderedKernel<int64_t, int64_t, int64_t>(
      point_index, try_mode, Raise{op, true, describeShift(op, interval, point)},
      [subtract, zoned](const ExecContext& context, int64_t micros,
                        int64_t amount) -> Outcome<int64_t> {
        if (subtract) {
          if (amount == std::numeric_limits<int64_t>::min())
            return failure<int64_t>(Failure::kOverflow);
          amount = -amount;
        }
        int64_t days = amount / kMicrosPerDay;
        int64_t rest = amount - days * kMicrosPerDay;
        if (days != 0) {
          std::optional<int64_t> shifted =
              addToTimestamp(micros, 0, days, zoned ? sessionZone(context) : TimeZone::utc());
          if (!shifted)
            return failure<int64_t>(Failure::kDatetimeOverflow);
          micros = *shifted;
        }
        return addOrSubtract(micros, rest, false);
      });
  return {std::string(opSymbol(op)), inOrder(point_index, point, interval), point,
          std::move(kernel)};
}

//! timestamp - timestamp, as INTERVAL DAY TO SECOND: the difference of the wall-clock times in
//! the session time zone for TIMESTAMP (Spark's subtractTimestamps), of the values for NTZ.
BoundScalarFunction timestampDifference(bool try_mode, DataType type) {
  bool zoned = type.id() == TypeId::kTimestamp;
  ScalarKernel kernel = outcomeKernel<int64_t, int64_t, int64_t>(
      try_mode, Raise{ArithmeticOp::kSubtract, true, ""},
      [zoned](const ExecContext& context, int64_t end, int64_t start) {
        if (zoned) {
          const TimeZone& zone = sessionZone(context);
          end = zone.toLocal(end);
          start = zone.toLocal(start);
        }
        return addOrSubtract(end, start, true);
      });
  return {"-", {type, type}, DataType::dayTimeInterval(), std::move(kernel)};
}

//! A date or timestamp (`point`, at argument `point_index`) ± a CalendarInterval (make_interval),
//! as Spark's TimeAdd and DateAddInterval: months and days on the wall clock (in the session
//! time zone for TIMESTAMP), then the microseconds on the instant. A DATE stays a DATE, and an
//! interval with microseconds cannot move one (ANSI mode).
BoundScalarFunction pointPlusCalendarInterval(ArithmeticOp op, bool try_mode, DataType point,
                                              size_t point_index) {
  bool subtract = op == ArithmeticOp::kSubtract;
  DataType interval = DataType::calendarInterval();
  Raise raise{op, true, describeShift(op, interval, point)};
  ScalarKernel kernel;
  if (isDate(point)) {
    kernel = orderedKernel<int32_t, int128_t, int32_t>(
        point_index, try_mode, raise,
        [subtract](const ExecContext&, int32_t date, int128_t bits) -> Outcome<int32_t> {
          CalendarInterval shift = CalendarInterval::fromBits(bits);
          if (shift.microseconds != 0) {
            throwError(ErrorClass::INVALID_PARAMETER_VALUE,
                       "Cannot add hours, minutes or seconds, milliseconds, microseconds to a "
                       "date.");
          }
          int64_t sign = subtract ? -1 : 1;
          std::optional<int32_t> moved = addMonthsToDate(date, sign * shift.months);
          if (!moved)
            return failure<int32_t>(Failure::kDatetimeOverflow);
          return success(wrappingAddDays(*moved, sign * shift.days));
        });
  } else {
    bool zoned = point.id() == TypeId::kTimestamp;
    kernel = orderedKernel<int64_t, int128_t, int64_t>(
        point_index, try_mode, raise,
        [subtract, zoned](const ExecContext& context, int64_t micros,
                          int128_t bits) -> Outcome<int64_t> {
          CalendarInterval shift = CalendarInterval::fromBits(bits);
          int64_t sign = subtract ? -1 : 1;
          std::optional<int64_t> moved =
              addToTimestamp(micros, sign * shift.months, sign * shift.days,
                             zoned ? sessionZone(context) : TimeZone::utc());
          if (!moved)
            return failure<int64_t>(Failure::kDatetimeOverflow);
          if (subtract && shift.microseconds == std::numeric_limits<int64_t>::min())
            return failure<int64_t>(Failure::kOverflow);
          return addOrSubtract(*moved, shift.microseconds, subtract);
        });
  }
  return {std::string(opSymbol(op)), inOrder(point_index, point, interval), point,
          std::move(kernel)};
}

//! CalendarInterval ± CalendarInterval: field by field, exactly (Spark's IntervalUtils.add).
BoundScalarFunction calendarIntervalPlusCalendarInterval(ArithmeticOp op, bool try_mode) {
  bool subtract = op == ArithmeticOp::kSubtract;
  DataType interval = DataType::calendarInterval();
  ScalarKernel kernel = outcomeKernel<int128_t, int128_t, int128_t>(
      try_mode, Raise{op, false, ""},
      [subtract](const ExecContext&, int128_t left_bits, int128_t right_bits) {
        CalendarInterval left = CalendarInterval::fromBits(left_bits);
        CalendarInterval right = CalendarInterval::fromBits(right_bits);
        CalendarInterval sum;
        Outcome<int32_t> months = addOrSubtract(left.months, right.months, subtract);
        Outcome<int32_t> days = addOrSubtract(left.days, right.days, subtract);
        Outcome<int64_t> micros = addOrSubtract(left.microseconds, right.microseconds, subtract);
        if (months.failure != Failure::kNone || days.failure != Failure::kNone ||
            micros.failure != Failure::kNone) {
          return failure<int128_t>(Failure::kOverflow);
        }
        sum.months = months.value;
        sum.days = days.value;
        sum.microseconds = micros.value;
        return success(sum.bits());
      });
  return {std::string(opSymbol(op)), {interval, interval}, interval, std::move(kernel)};
}

//! TIME(p) (at argument `time_index`) ± a day-time interval: a TIME, of precision 6 when the
//! interval has seconds, else p; a result outside the day is DATETIME_OVERFLOW.
BoundScalarFunction timePlusMicros(ArithmeticOp op, bool try_mode, const DataType& time,
                                   size_t time_index, const DataType& interval) {
  bool subtract = op == ArithmeticOp::kSubtract;
  bool seconds = interval.endField() == IntervalField::kSecond;
  DataType result = DataType::time(seconds ? DataType::kMaxTimePrecision : time.precision());
  ScalarKernel kernel = orderedKernel<int64_t, int64_t, int64_t>(
      time_index, try_mode, Raise{op, true, describeShift(op, interval, time)},
      [subtract](const ExecContext&, int64_t micros, int64_t amount) -> Outcome<int64_t> {
        // |amount| may be far above a day, so the sum is taken in 128 bits.
        int128_t sum = int128_t{micros} + (subtract ? -int128_t{amount} : int128_t{amount});
        if (sum < 0 || sum >= kMicrosPerDay)
          return failure<int64_t>(Failure::kDatetimeOverflow);
        return success(static_cast<int64_t>(sum));
      });
  return {std::string(opSymbol(op)), inOrder(time_index, time, interval), std::move(result),
          std::move(kernel)};
}

//! TIME - TIME, as INTERVAL HOUR TO SECOND (a STRING or NULL operand is read as TIME).
BoundScalarFunction timeDifference(const DataType& left, const DataType& right) {
  auto asTime = [](const DataType& type) { return type.isTime() ? type : DataType::time(); };
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int64_t, int64_t, int64_t>(
        *args[0], *args[1], rows, result,
        [](int64_t end, int64_t start, idx_t) { return end - start; });
  };
  return {"-",
          {asTime(left), asTime(right)},
          DataType::dayTimeInterval(IntervalField::kHour, IntervalField::kSecond),
          std::move(kernel)};
}

//! DATE - DATE, as INTERVAL DAY.
BoundScalarFunction dateDifference() {
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int32_t, int32_t, int64_t>(*args[0], *args[1], rows, result,
                                          [](int32_t end, int32_t start, idx_t) {
                                            return (int64_t{end} - int64_t{start}) * kMicrosPerDay;
                                          });
  };
  DataType days = DataType::dayTimeInterval(IntervalField::kDay, IntervalField::kDay);
  return {"-", {DataType::date(), DataType::date()}, days, std::move(kernel)};
}

std::optional<BoundScalarFunction> bindPlusOrMinus(ArithmeticOp op, bool try_mode,
                                                   const DataType& left, const DataType& right) {
  bool subtract = op == ArithmeticOp::kSubtract;
  // Interval and interval, or an interval and NULL.
  if (left.isInterval() || right.isInterval()) {
    if (left.isInterval() && right.isInterval()) {
      if (left.id() != right.id())
        return std::nullopt;
      return intervalPlusInterval(op, try_mode, widenedInterval(left, right));
    }
    if (left.isVoid() || right.isVoid())
      return intervalPlusInterval(op, try_mode, left.isVoid() ? right : left);
  }
  // A date or timestamp and an interval; only date/timestamp - interval when subtracting.
  for (size_t point_index : {size_t{0}, size_t{1}}) {
    if (subtract && point_index == 1)
      break;
    const DataType& point = point_index == 0 ? left : right;
    const DataType& other = point_index == 0 ? right : left;
    if (isDate(point)) {
      if (isDaysOnly(other) || isIntDays(other))
        return dateShiftedByDays(op, point_index, other);
      if (isYearMonth(other))
        return pointPlusMonths(op, try_mode, point, point_index, other);
      if (isDayTime(other))
        return timestampPlusMicros(op, try_mode, DataType::timestamp(), point_index, other);
    }
    if (isTimestamp(point)) {
      if (isYearMonth(other))
        return pointPlusMonths(op, try_mode, point, point_index, other);
      if (isDayTime(other))
        return timestampPlusMicros(op, try_mode, point, point_index, other);
    }
    if (other.isCalendarInterval() && (isDate(point) || isTimestamp(point)))
      return pointPlusCalendarInterval(op, try_mode, point, point_index);
    // TIME + NULL is a TIME; TIME - NULL the difference of two times (below).
    if (point.isTime() && (isDayTime(other) || (other.isVoid() && !subtract))) {
      DataType interval = other.isVoid() ? DataType::dayTimeInterval() : other;
      return timePlusMicros(op, try_mode, point, point_index, interval);
    }
  }
  if ((left.isCalendarInterval() || left.isVoid()) &&
      (right.isCalendarInterval() || right.isVoid()) &&
      (left.isCalendarInterval() || right.isCalendarInterval())) {
    return calendarIntervalPlusCalendarInterval(op, try_mode);
  }
  if (subtract && (left.isTime() || right.isTime())) {
    auto time_operand = [](const DataType& type) {
      return type.isTime() || type.isVoid() || type.id() == TypeId::kString;
    };
    if (time_operand(left) && time_operand(right))
      return timeDifference(left, right);
    return std::nullopt;
  }
  if (!subtract)
    return std::nullopt;
  if (isTimestamp(left) || isTimestamp(right)) {
    auto point = [](const DataType& type) {
      return isDate(type) || isTimestamp(type) || type.isVoid();
    };
    if (!point(left) || !point(right))
      return std::nullopt;
    bool both_ntz = (left.id() == TypeId::kTimestampNtz || left.isVoid()) &&
                    (right.id() == TypeId::kTimestampNtz || right.isVoid());
    return timestampDifference(try_mode,
                               both_ntz ? DataType::timestampNtz() : DataType::timestamp());
  }
  if (isDate(left) && (isDate(right) || right.isVoid()))
    return dateDifference();
  if (isDate(right) && left.isVoid())
    return dateDifference();
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// * and /

template <typename V>
Outcome<V> fitted(int128_t value) {
  if (value < std::numeric_limits<V>::min() || value > std::numeric_limits<V>::max())
    return failure<V>(Failure::kOverflow);
  return success(static_cast<V>(value));
}

//! Rounds half away from zero (DoubleMath.roundToInt / roundToLong with HALF_UP).
template <typename V>
Outcome<V> roundedFromDouble(double value) {
  if (!std::isfinite(value))
    return failure<V>(Failure::kOverflow);
  double rounded = std::round(value);
  // 2^63 (or 2^31) is the first value out of range; every smaller double converts exactly.
  constexpr double kLimit = static_cast<double>(std::numeric_limits<V>::max()) + 1.0;
  if (rounded >= kLimit || rounded < -kLimit)
    return failure<V>(Failure::kOverflow);
  return success(static_cast<V>(rounded));
}

//! months or microseconds (V) times or divided by `number` (N: int64_t for integers, double, or
//! a DECIMAL's unscaled value when decimal_scale >= 0).
template <typename V, typename N>
Outcome<V> scaleInterval(V value, N number, bool divide, int decimal_scale) {
  if constexpr (std::is_floating_point_v<N>) {
    if (divide) {
      if (number == 0)
        return failure<V>(Failure::kDivideByZero);
      return roundedFromDouble<V>(static_cast<double>(value) / static_cast<double>(number));
    }
    return roundedFromDouble<V>(static_cast<double>(value) * static_cast<double>(number));
  } else {
    if (decimal_scale >= 0) {
      auto unscaled = static_cast<int128_t>(number);
      int128_t scale = decimal::powerOfTen(decimal_scale);
      int128_t product;
      if (divide) {
        if (unscaled == 0)
          return failure<V>(Failure::kDivideByZero);
        if (__builtin_mul_overflow(static_cast<int128_t>(value), scale, &product))
          return failure<V>(Failure::kOverflow);
        return fitted<V>(decimal::divideHalfUp(product, unscaled));
      }
      if (__builtin_mul_overflow(static_cast<int128_t>(value), unscaled, &product))
        return failure<V>(Failure::kOverflow);
      return fitted<V>(decimal::divideHalfUp(product, scale));
    }
    auto count = static_cast<int64_t>(number);
    if (divide) {
      if (count == 0)
        return failure<V>(Failure::kDivideByZero);
      if (value == std::numeric_limits<V>::min() && count == -1)
        return failure<V>(Failure::kDivideOverflow);
      return fitted<V>(decimal::divideHalfUp(value, count));
    }
    int64_t product;
    if (__builtin_mul_overflow(static_cast<int64_t>(value), count, &product))
      return failure<V>(Failure::kOverflow);
    return fitted<V>(product);
  }
}

//! The type the number beside an interval is cast to: BIGINT for integers (and NULL), DOUBLE for
//! floating values and strings, a DECIMAL as it is; nullopt for what is not a number.
std::optional<DataType> numberOperandType(const DataType& type) {
  if (type.isVoid() || type.isIntegral())
    return DataType::longType();
  if (type.isFloating() || type.id() == TypeId::kString)
    return DataType::doubleType();
  if (type.isDecimal())
    return type;
  return std::nullopt;
}

template <typename V>
BoundScalarFunction scaledInterval(ArithmeticOp op, bool try_mode, DataType interval,
                                   size_t interval_index, DataType number) {
  bool divide = op == ArithmeticOp::kDivide;
  int decimal_scale = number.isDecimal() ? number.scale() : -1;
  Raise raise{op, sizeof(V) == 8, ""};
  ScalarKernel kernel = visitNumericType(number, [&]<typename N>() {
    return orderedKernel<V, N, V>(interval_index, try_mode, raise,
                                  [divide, decimal_scale](const ExecContext&, V value, N count) {
                                    return scaleInterval<V, N>(value, count, divide, decimal_scale);
                                  });
  });
  DataType result =
      isYearMonth(interval) ? DataType::yearMonthInterval() : DataType::dayTimeInterval();
  return {std::string(opSymbol(op)), inOrder(interval_index, interval, number), result,
          std::move(kernel)};
}

//! CalendarInterval * or / a number, as a DOUBLE (Spark's MultiplyInterval, DivideInterval):
//! each field scaled, then made whole as IntervalUtils.fromDoubles makes it.
BoundScalarFunction scaledCalendarInterval(ArithmeticOp op, bool try_mode, size_t interval_index) {
  bool divide = op == ArithmeticOp::kDivide;
  DataType interval = DataType::calendarInterval();
  ScalarKernel kernel = orderedKernel<int128_t, double, int128_t>(
      interval_index, try_mode, Raise{op, false, ""},
      [divide](const ExecContext&, int128_t bits, double number) {
        CalendarInterval value = CalendarInterval::fromBits(bits);
        if (divide && number == 0)
          return failure<int128_t>(Failure::kDivideByZero);
        auto scale = [&](double field) { return divide ? field / number : number * field; };
        std::optional<CalendarInterval> scaled = calendarIntervalFromDoubles(
            scale(value.months), scale(value.days), scale(static_cast<double>(value.microseconds)));
        if (!scaled)
          return failure<int128_t>(Failure::kOverflow);
        return success(scaled->bits());
      });
  return {std::string(opSymbol(op)), inOrder(interval_index, interval, DataType::doubleType()),
          interval, std::move(kernel)};
}

std::optional<BoundScalarFunction> bindTimesOrDivide(ArithmeticOp op, bool try_mode,
                                                     const DataType& left, const DataType& right) {
  size_t interval_index;
  if (left.isInterval() || left.isCalendarInterval())
    interval_index = 0;
  else if ((right.isInterval() || right.isCalendarInterval()) && op == ArithmeticOp::kMultiply)
    interval_index = 1;
  else
    return std::nullopt;
  const DataType& interval = interval_index == 0 ? left : right;
  std::optional<DataType> number = numberOperandType(interval_index == 0 ? right : left);
  if (!number)
    return std::nullopt;
  if (interval.isCalendarInterval())
    return scaledCalendarInterval(op, try_mode, interval_index);
  if (isYearMonth(interval))
    return scaledInterval<int32_t>(op, try_mode, interval, interval_index, *number);
  return scaledInterval<int64_t>(op, try_mode, interval, interval_index, *number);
}

}  // namespace

std::optional<BoundScalarFunction> bindIntervalArithmetic(ArithmeticOp op, bool try_mode,
                                                          const BindRequest& request) {
  const DataType& left = request.argument_types[0];
  const DataType& right = request.argument_types[1];
  switch (op) {
    case ArithmeticOp::kAdd:
    case ArithmeticOp::kSubtract:
      return bindPlusOrMinus(op, try_mode, left, right);
    case ArithmeticOp::kMultiply:
    case ArithmeticOp::kDivide:
      return bindTimesOrDivide(op, try_mode, left, right);
    default:
      return std::nullopt;  // % and div have no interval forms
  }
}

}  // namespace sluice
