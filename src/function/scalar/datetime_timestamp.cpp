// src/function/scalar/datetime_timestamp.cpp
//
// Timestamp arithmetic and construction: timestampadd / timestampdiff (and their aliases with a
// unit), date_trunc, make_date, make_timestamp (with _ltz and _ntz), from_utc_timestamp,
// to_utc_timestamp, unix_seconds / unix_millis / unix_micros and timestamp_seconds /
// timestamp_millis / timestamp_micros.
// - A TIMESTAMP is read as wall-clock time in the session zone where the unit is calendar-based
//   (DAY and longer in timestampadd, every unit of timestampdiff, date_trunc to a minute and
//   longer); the result keeps its offset when that offset is still valid, as java.time does.
// - A TIMESTAMP_NTZ is its own wall-clock time and stays TIMESTAMP_NTZ.
// - Overflow raises DATETIME_OVERFLOW (timestampadd) or ARITHMETIC_OVERFLOW (timestamp_seconds).

#include <cmath>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/datetime_functions.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"
#include "function/scalar/null_on_error.hpp"

namespace sluice {

namespace {

using namespace datetime;

enum class Unit {
  kMicrosecond,
  kMillisecond,
  kSecond,
  kMinute,
  kHour,
  kDay,
  kWeek,
  kMonth,
  kQuarter,
  kYear,
};

std::optional<Unit> parseUnit(const std::string& unit) {
  if (unit == "MICROSECOND")
    return Unit::kMicrosecond;
  if (unit == "MILLISECOND")
    return Unit::kMillisecond;
  if (unit == "SECOND")
    return Unit::kSecond;
  if (unit == "MINUTE")
    return Unit::kMinute;
  if (unit == "HOUR")
    return Unit::kHour;
  if (unit == "DAY" || unit == "DAYOFYEAR")
    return Unit::kDay;
  if (unit == "WEEK")
    return Unit::kWeek;
  if (unit == "MONTH")
    return Unit::kMonth;
  if (unit == "QUARTER")
    return Unit::kQuarter;
  if (unit == "YEAR")
    return Unit::kYear;
  return std::nullopt;
}

int64_t microsOfUnit(Unit unit) {
  switch (unit) {
    case Unit::kMicrosecond:
      return 1;
    case Unit::kMillisecond:
      return kMicrosPerMilli;
    case Unit::kSecond:
      return kMicrosPerSecond;
    case Unit::kMinute:
      return kMicrosPerMinute;
    case Unit::kHour:
      return kMicrosPerHour;
    default:
      return 0;
  }
}

//! The unit argument of timestampadd / timestampdiff: the parser passes the bare identifier as
//! an upper-case string constant.
Unit unitArgument(const BindRequest& request, bool for_add) {
  const Value* value = constantArgument(request, 0);
  std::string spelled =
      value != nullptr && !value->isNull() && request.argument_types[0].id() == TypeId::kString
          ? value->getString()
          : std::string();
  std::string upper = upperAscii(spelled);
  auto unit = parseUnit(upper);
  // timestampdiff has no DAYOFYEAR (Spark's timestampDiffMap leaves it out).
  if (!unit || (!for_add && upper == "DAYOFYEAR")) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "DATETIME_UNIT",
                fmt::format("The value of parameter(s) `unit` in `{}` is invalid: expects one of "
                            "the units without quotes YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, "
                            "HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, but got the string "
                            "literal '{}'.",
                            for_add ? "TIMESTAMPADD" : "TIMESTAMPDIFF", spelled));
  }
  return *unit;
}

const char* unitName(Unit unit) {
  static const char* const kNames[] = {"MICROSECOND", "MILLISECOND", "SECOND", "MINUTE",  "HOUR",
                                       "DAY",         "WEEK",        "MONTH",  "QUARTER", "YEAR"};
  return kNames[static_cast<int>(unit)];
}

std::string timestampLiteral(int64_t micros, bool zoned, const TimeZone& zone) {
  return zoned ? fmt::format("TIMESTAMP '{}'", formatTimestamp(micros, zone))
               : fmt::format("TIMESTAMP_NTZ '{}'", formatTimestampNtz(micros));
}

int64_t timestampAdd(Unit unit, int64_t quantity, int64_t micros, bool zoned,
                     const TimeZone& zone) {
  const TimeZone& wall_clock = zoned ? zone : TimeZone::utc();
  std::optional<int64_t> result;
  int64_t scaled = 0;
  switch (unit) {
    case Unit::kMicrosecond:
    case Unit::kMillisecond:
    case Unit::kSecond:
    case Unit::kMinute:
    case Unit::kHour: {
      int64_t sum = 0;
      if (!__builtin_mul_overflow(quantity, microsOfUnit(unit), &scaled) &&
          !__builtin_add_overflow(micros, scaled, &sum)) {
        result = sum;
      }
      break;
    }
    case Unit::kDay:
      result = addToTimestamp(micros, 0, quantity, wall_clock);
      break;
    case Unit::kWeek:
      // Spark multiplies the int quantity exactly (Math.multiplyExact on ints).
      if (!__builtin_mul_overflow(quantity, 7, &scaled) && scaled >= INT32_MIN &&
          scaled <= INT32_MAX)
        result = addToTimestamp(micros, 0, scaled, wall_clock);
      break;
    case Unit::kMonth:
    case Unit::kQuarter:
    case Unit::kYear: {
      int64_t factor = unit == Unit::kMonth ? 1 : unit == Unit::kQuarter ? 3 : 12;
      // Spark converts the months to an int (Math.toIntExact).
      if (!__builtin_mul_overflow(quantity, factor, &scaled) && scaled >= INT32_MIN &&
          scaled <= INT32_MAX) {
        result = addToTimestamp(micros, scaled, 0, wall_clock);
      }
      break;
    }
  }
  if (!result) {
    raiseDatetimeOverflow(fmt::format("add {} {} to {}", quantity, unitName(unit),
                                      timestampLiteral(micros, zoned, zone)));
  }
  return *result;
}

//! ChronoUnit.between of two LocalDateTimes: whole units, truncated toward zero.
int64_t timestampDiff(Unit unit, int64_t start_local, int64_t end_local) {
  int64_t start_day = floorDivide(start_local, kMicrosPerDay);
  int64_t end_day = floorDivide(end_local, kMicrosPerDay);
  int64_t start_time = start_local - start_day * kMicrosPerDay;
  int64_t end_time = end_local - end_day * kMicrosPerDay;
  switch (unit) {
    case Unit::kMicrosecond:
    case Unit::kMillisecond:
    case Unit::kSecond:
    case Unit::kMinute:
    case Unit::kHour: {
      int64_t difference = 0;
      if (__builtin_sub_overflow(end_local, start_local, &difference))
        raiseDatetimeOverflow("timestampdiff");
      return difference / microsOfUnit(unit);
    }
    case Unit::kDay:
    case Unit::kWeek: {
      int64_t days = end_day - start_day;
      if (days > 0 && end_time < start_time)
        --days;
      if (days < 0 && end_time > start_time)
        ++days;
      return unit == Unit::kDay ? days : days / 7;
    }
    default: {
      // LocalDate.until in months, after moving the end date by a day when its time of day has
      // not reached the start's.
      if (end_day > start_day && end_time < start_time)
        --end_day;
      if (end_day < start_day && end_time > start_time)
        ++end_day;
      CivilDate start = civilFromDays(static_cast<int32_t>(start_day));
      CivilDate end = civilFromDays(static_cast<int32_t>(end_day));
      int64_t packed_start = (int64_t{start.year} * 12 + start.month - 1) * 32 + start.day;
      int64_t packed_end = (int64_t{end.year} * 12 + end.month - 1) * 32 + end.day;
      int64_t months = (packed_end - packed_start) / 32;
      if (unit == Unit::kMonth)
        return months;
      return unit == Unit::kQuarter ? months / 3 : months / 12;
    }
  }
}

//! ZonedDateTime.truncatedTo / Spark's truncTimestamp.
int64_t truncTimestamp(int64_t micros, TruncLevel level, bool zoned, const TimeZone& zone) {
  switch (level) {
    case TruncLevel::kMicrosecond:
      return micros;
    case TruncLevel::kMillisecond:
      return micros - floorModulo(micros, kMicrosPerMilli);
    case TruncLevel::kSecond:
      return micros - floorModulo(micros, kMicrosPerSecond);
    default:
      break;
  }
  int32_t offset = zoned ? zone.offsetAtUtc(micros) : 0;
  int64_t local = zoned ? zone.toLocal(micros) : micros;
  int64_t truncated = 0;
  switch (level) {
    case TruncLevel::kMinute:
      truncated = local - floorModulo(local, kMicrosPerMinute);
      break;
    case TruncLevel::kHour:
      truncated = local - floorModulo(local, kMicrosPerHour);
      break;
    case TruncLevel::kDay:
      truncated = local - floorModulo(local, kMicrosPerDay);
      break;
    default: {
      // Date levels start the day afresh in the zone (daysToMicros).
      int32_t days = truncDate(dayOfLocal(local), level);
      return zoned ? startOfDay(days, zone) : int64_t{days} * kMicrosPerDay;
    }
  }
  return zoned ? localToUtcPreferring(truncated, offset, zone) : truncated;
}

}  // namespace

//! TIMESTAMP_NTZ stays; anything else is cast to TIMESTAMP (Spark's AnyTimestampType).
DataType anyTimestampArgument(const BindRequest& request, size_t index) {
  if (request.argument_types[index].id() == TypeId::kTimestampNtz)
    return DataType::timestampNtz();
  return expectArgument(request, index, DataType::timestamp());
}

BoundScalarFunction bindTimestampAdd(std::string name, const BindRequest& request) {
  Unit unit = unitArgument(request, true);
  DataType quantity = expectArgument(request, 1, DataType::intType());
  DataType timestamp = anyTimestampArgument(request, 2);
  bool zoned = timestamp.id() == TypeId::kTimestamp;
  ScalarKernel kernel = [unit, zoned](const ExecContext& context, const ArgumentVectors& args,
                                      const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    naryLoop<int64_t, StringView, int32_t, int64_t>(
        args, rows, result, [&](idx_t, StringView, int32_t n, int64_t micros) {
          return timestampAdd(unit, n, micros, zoned, zone);
        });
  };
  return {std::move(name), {DataType::string(), quantity, timestamp}, timestamp, std::move(kernel)};
}

BoundScalarFunction bindTimestampDiff(std::string name, const BindRequest& request) {
  Unit unit = unitArgument(request, false);
  bool both_ntz = request.argument_types[1].id() == TypeId::kTimestampNtz &&
                  request.argument_types[2].id() == TypeId::kTimestampNtz;
  DataType start =
      both_ntz ? DataType::timestampNtz() : expectArgument(request, 1, DataType::timestamp());
  DataType end =
      both_ntz ? DataType::timestampNtz() : expectArgument(request, 2, DataType::timestamp());
  ScalarKernel kernel = [unit, both_ntz](const ExecContext& context, const ArgumentVectors& args,
                                         const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    naryLoop<int64_t, StringView, int64_t, int64_t>(
        args, rows, result, [&](idx_t, StringView, int64_t from, int64_t to) {
          if (both_ntz)
            return timestampDiff(unit, from, to);
          return timestampDiff(unit, zone.toLocal(from), zone.toLocal(to));
        });
  };
  return {
      std::move(name), {DataType::string(), start, end}, DataType::longType(), std::move(kernel)};
}

namespace {

BoundScalarFunction bindDateTrunc(const BindRequest& request) {
  DataType unit = expectArgument(request, 0, DataType::string());
  DataType timestamp = expectArgument(request, 1, DataType::timestamp());
  ScalarKernel kernel = [](const ExecContext& context, const ArgumentVectors& args,
                           const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    std::optional<TruncLevel> constant_level;
    if (args[0]->isConstant() && !args[0]->isNull(0))
      constant_level = parseTruncLevel(std::string_view(args[0]->at<StringView>(0)));
    binaryLoop<StringView, int64_t, int64_t>(
        *args[0], *args[1], rows, result, [&](StringView text, int64_t micros, idx_t row) {
          TruncLevel level =
              constant_level ? *constant_level : parseTruncLevel(std::string_view(text));
          if (level == TruncLevel::kInvalid) {
            result.setNull(row);
            return int64_t{0};
          }
          return truncTimestamp(micros, level, true, zone);
        });
  };
  return {"date_trunc", {unit, timestamp}, DataType::timestamp(), std::move(kernel)};
}

BoundScalarFunction bindMakeDate(const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t i = 0; i < 3; ++i)
    types.push_back(expectArgument(request, i, DataType::intType()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int32_t, int32_t, int32_t, int32_t>(
        args, rows, result, [](idx_t, int32_t year, int32_t month, int32_t day) {
          return makeDateOrThrow(year, month, day);
        });
  };
  return {"make_date", std::move(types), DataType::date(), std::move(kernel)};
}

//! make_timestamp(year, month, day, hour, min, sec [, timezone]); `ntz` makes a TIMESTAMP_NTZ.
BoundScalarFunction bindMakeTimestamp(std::string name, bool ntz, const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t i = 0; i < 5; ++i)
    types.push_back(expectArgument(request, i, DataType::intType()));
  types.push_back(expectArgument(request, 5, DataType::decimal(16, 6)));
  bool has_zone = request.argument_types.size() == 7;
  if (has_zone)
    types.push_back(expectArgument(request, 6, DataType::string()));
  DataType output = ntz ? DataType::timestampNtz() : DataType::timestamp();
  ScalarKernel kernel = [ntz, name](const ExecContext& context, const ArgumentVectors& args,
                                    const RowSet& rows, Vector& result) {
    const TimeZone& session = sessionZone(context);
    auto local = [](int32_t year, int32_t month, int32_t day, int32_t hour, int32_t minute,
                    int64_t second_micros) {
      int32_t days = makeDateOrThrow(year, month, day);
      bool next_minute = false;
      int64_t time = makeTimeOfDayOrThrow(hour, minute, second_micros, next_minute);
      return int64_t{days} * kMicrosPerDay + time + (next_minute ? kMicrosPerMinute : 0);
    };
    if (args.size() == 6) {
      naryLoop<int64_t, int32_t, int32_t, int32_t, int32_t, int32_t, int64_t>(
          args, rows, result,
          [&](idx_t, int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int64_t s) {
            int64_t wall = local(y, mo, d, h, mi, s);
            return ntz ? wall : session.toUtc(wall);
          });
      return;
    }
    naryLoop<int64_t, int32_t, int32_t, int32_t, int32_t, int32_t, int64_t, StringView>(
        args, rows, result,
        [&](idx_t, int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int64_t s,
            StringView zone_name) {
          int64_t wall = local(y, mo, d, h, mi, s);
          if (ntz)
            return wall;  // the zone is checked by Spark only for TIMESTAMP results
          return zoneArgument(std::string_view(zone_name), name)->toUtc(wall);
        });
  };
  return {std::move(name), std::move(types), std::move(output), std::move(kernel)};
}

//! from_utc_timestamp (`from_utc`) and to_utc_timestamp: shift a timestamp between UTC and the
//! wall clock of a zone.
BoundScalarFunction bindUtcShift(std::string name, bool from_utc, const BindRequest& request) {
  DataType timestamp = expectArgument(request, 0, DataType::timestamp());
  DataType zone_name = expectArgument(request, 1, DataType::string());
  ScalarKernel kernel = [from_utc, name](const ExecContext&, const ArgumentVectors& args,
                                         const RowSet& rows, Vector& result) {
    std::shared_ptr<const TimeZone> constant_zone;
    if (args[1]->isConstant() && !args[1]->isNull(0))
      constant_zone = zoneArgument(std::string_view(args[1]->at<StringView>(0)), name);
    binaryLoop<int64_t, StringView, int64_t>(
        *args[0], *args[1], rows, result, [&](int64_t micros, StringView text, idx_t) {
          std::shared_ptr<const TimeZone> zone =
              constant_zone ? constant_zone : zoneArgument(std::string_view(text), name);
          return from_utc ? zone->toLocal(micros) : zone->toUtc(micros);
        });
  };
  return {std::move(name), {timestamp, zone_name}, DataType::timestamp(), std::move(kernel)};
}

//! unix_seconds / unix_millis / unix_micros: the instant in whole units, rounded down.
BoundScalarFunction bindUnixUnits(std::string name, int64_t unit, const BindRequest& request) {
  DataType timestamp = expectArgument(request, 0, DataType::timestamp());
  ScalarKernel kernel = [unit](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    unaryLoop<int64_t, int64_t>(*args[0], rows, result, [unit](int64_t micros, idx_t) {
      return floorDivide(micros, unit);
    });
  };
  return {std::move(name), {timestamp}, DataType::longType(), std::move(kernel)};
}

[[noreturn]] void raiseLongOverflow() {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "long overflow. Use 'try_multiply' to tolerate overflow and return NULL instead.");
}

//! timestamp_seconds / timestamp_millis / timestamp_micros: an instant from a count of units
//! since the epoch. timestamp_seconds also takes fractional seconds (DOUBLE, DECIMAL).
BoundScalarFunction bindTimestampFromUnits(std::string name, int64_t unit,
                                           const BindRequest& request) {
  const DataType& given = request.argument_types[0];
  if (unit == kMicrosPerSecond && given.isDecimal()) {
    // Exact: the seconds at microsecond scale are the microseconds.
    DataType input = DataType::decimal(38, 6);
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                             Vector& result) {
      unaryLoop<int128_t, int64_t>(*args[0], rows, result, [](int128_t micros, idx_t) {
        if (micros < INT64_MIN || micros > INT64_MAX)
          raiseLongOverflow();
        return static_cast<int64_t>(micros);
      });
    };
    return {std::move(name), {input}, DataType::timestamp(), std::move(kernel)};
  }
  if (unit == kMicrosPerSecond && given.isFloating()) {
    DataType input = expectArgument(request, 0, DataType::doubleType());
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                             Vector& result) {
      unaryLoop<double, int64_t>(*args[0], rows, result, [&](double seconds, idx_t row) {
        if (std::isnan(seconds) || std::isinf(seconds)) {
          result.setNull(row);
          return int64_t{0};
        }
        double micros = seconds * static_cast<double>(kMicrosPerSecond);
        if (!(micros >= -9.223372036854775808e18 && micros < 9.223372036854775808e18))
          raiseLongOverflow();
        return static_cast<int64_t>(micros);  // toward zero, as Java's (long) cast
      });
    };
    return {std::move(name), {input}, DataType::timestamp(), std::move(kernel)};
  }
  DataType input = expectArgument(request, 0, DataType::longType());
  ScalarKernel kernel = [unit](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    unaryLoop<int64_t, int64_t>(*args[0], rows, result, [unit](int64_t count, idx_t) {
      int64_t micros = 0;
      if (__builtin_mul_overflow(count, unit, &micros))
        raiseLongOverflow();
      return micros;
    });
  };
  return {std::move(name), {input}, DataType::timestamp(), std::move(kernel)};
}

}  // namespace

void registerDatetimeTimestampFunctions(FunctionRegistry& registry) {
  registry.addScalar({"timestampadd", 3, 3,
                      [](const BindRequest& r) { return bindTimestampAdd("timestampadd", r); }});
  registry.addScalar({"timestampdiff", 3, 3,
                      [](const BindRequest& r) { return bindTimestampDiff("timestampdiff", r); }});
  registry.addScalar(
      {"timediff", 3, 3, [](const BindRequest& r) { return bindTimestampDiff("timediff", r); }});
  registry.addScalar({"date_trunc", 2, 2, bindDateTrunc});
  registry.addScalar({"make_date", 3, 3, bindMakeDate});
  registry.addScalar({"make_timestamp", 6, 7, [](const BindRequest& r) {
                        return bindMakeTimestamp("make_timestamp", false, r);
                      }});
  registry.addScalar({"make_timestamp_ltz", 6, 7, [](const BindRequest& r) {
                        return bindMakeTimestamp("make_timestamp_ltz", false, r);
                      }});
  registry.addScalar({"make_timestamp_ntz", 6, 6, [](const BindRequest& r) {
                        return bindMakeTimestamp("make_timestamp_ntz", true, r);
                      }});
  // The try_ forms: NULL where the fields or the zone are invalid.
  for (const char* name :
       {"try_make_timestamp", "try_make_timestamp_ltz", "try_make_timestamp_ntz"}) {
    bool ntz = std::string_view(name) == "try_make_timestamp_ntz";
    registry.addScalar({name, 6, ntz ? 6 : 7, [name, ntz](const BindRequest& r) {
                          BoundScalarFunction bound = bindMakeTimestamp(name, ntz, r);
                          bound.kernel = nullOnErrorKernel(std::move(bound.kernel));
                          return bound;
                        }});
  }
  registry.addScalar({"from_utc_timestamp", 2, 2, [](const BindRequest& r) {
                        return bindUtcShift("from_utc_timestamp", true, r);
                      }});
  registry.addScalar({"to_utc_timestamp", 2, 2, [](const BindRequest& r) {
                        return bindUtcShift("to_utc_timestamp", false, r);
                      }});
  registry.addScalar({"unix_seconds", 1, 1, [](const BindRequest& r) {
                        return bindUnixUnits("unix_seconds", kMicrosPerSecond, r);
                      }});
  registry.addScalar({"unix_millis", 1, 1, [](const BindRequest& r) {
                        return bindUnixUnits("unix_millis", kMicrosPerMilli, r);
                      }});
  registry.addScalar({"unix_micros", 1, 1,
                      [](const BindRequest& r) { return bindUnixUnits("unix_micros", 1, r); }});
  registry.addScalar({"timestamp_seconds", 1, 1, [](const BindRequest& r) {
                        return bindTimestampFromUnits("timestamp_seconds", kMicrosPerSecond, r);
                      }});
  registry.addScalar({"timestamp_millis", 1, 1, [](const BindRequest& r) {
                        return bindTimestampFromUnits("timestamp_millis", kMicrosPerMilli, r);
                      }});
  registry.addScalar({"timestamp_micros", 1, 1, [](const BindRequest& r) {
                        return bindTimestampFromUnits("timestamp_micros", 1, r);
                      }});
}

}  // namespace sluice
