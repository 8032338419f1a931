// src/function/scalar/datetime_arithmetic.cpp
//
// Calendar arithmetic on dates: date_add / dateadd, date_sub, datediff / date_diff, add_months
// (the day clamped to the end of the month: 2024-01-31 + 1 month is 2024-02-29), last_day,
// next_day (the first matching weekday strictly after the date), months_between, trunc(date,
// unit) and make_date.
// - date_add, date_sub and datediff wrap around on int overflow as Spark's int arithmetic does.
// - next_day with a day name Spark does not know raises (ANSI); make_date with a field out of
//   range raises too, with java.time's message.

#include <cmath>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/datetime_functions.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

using namespace datetime;

int32_t wrappingAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

int32_t wrappingSubtract(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}

BoundScalarFunction bindDateAdd(std::string name, bool subtract, const BindRequest& request) {
  if (request.argument_types.size() == 3)
    return bindTimestampAdd(name, request);
  DataType start = expectArgument(request, 0, DataType::date());
  DataType days = expectArgument(request, 1, DataType::intType());
  ScalarKernel kernel = [subtract](const ExecContext&, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    binaryLoop<int32_t, int32_t, int32_t>(
        *args[0], *args[1], rows, result, [subtract](int32_t date, int32_t n, idx_t) {
          return subtract ? wrappingSubtract(date, n) : wrappingAdd(date, n);
        });
  };
  return {std::move(name), {start, days}, DataType::date(), std::move(kernel)};
}

BoundScalarFunction bindDateDiff(std::string name, const BindRequest& request) {
  if (request.argument_types.size() == 3)
    return bindTimestampDiff(name, request);
  DataType end = expectArgument(request, 0, DataType::date());
  DataType start = expectArgument(request, 1, DataType::date());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int32_t, int32_t, int32_t>(
        *args[0], *args[1], rows, result,
        [](int32_t to, int32_t from, idx_t) { return wrappingSubtract(to, from); });
  };
  return {std::move(name), {end, start}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindAddMonths(const BindRequest& request) {
  DataType start = expectArgument(request, 0, DataType::date());
  DataType months = expectArgument(request, 1, DataType::intType());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int32_t, int32_t, int32_t>(
        *args[0], *args[1], rows, result, [](int32_t date, int32_t n, idx_t) {
          auto shifted = addMonthsToDate(date, n);
          if (!shifted) {
            raiseDatetimeOverflow(fmt::format("add {} MONTH to DATE '{}'", n, formatDate(date)));
          }
          return *shifted;
        });
  };
  return {"add_months", {start, months}, DataType::date(), std::move(kernel)};
}

BoundScalarFunction bindLastDay(const BindRequest& request) {
  DataType start = expectArgument(request, 0, DataType::date());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<int32_t, int32_t>(*args[0], rows, result, [](int32_t days, idx_t) {
      CivilDate date = civilFromDays(days);
      return days + static_cast<int32_t>(daysInMonth(date.year, date.month) - date.day);
    });
  };
  return {"last_day", {start}, DataType::date(), std::move(kernel)};
}

//! The ISO weekday (1 = Monday) a name stands for: "MO", "MON", "MONDAY" in any case.
std::optional<uint32_t> weekdayFromName(std::string_view text) {
  std::string name = upperAscii(text);
  static const char* const kNames[7][3] = {{"MO", "MON", "MONDAY"},    {"TU", "TUE", "TUESDAY"},
                                           {"WE", "WED", "WEDNESDAY"}, {"TH", "THU", "THURSDAY"},
                                           {"FR", "FRI", "FRIDAY"},    {"SA", "SAT", "SATURDAY"},
                                           {"SU", "SUN", "SUNDAY"}};
  for (uint32_t day = 0; day < 7; ++day) {
    for (const char* spelling : kNames[day]) {
      if (name == spelling)
        return day + 1;
    }
  }
  return std::nullopt;
}

BoundScalarFunction bindNextDay(const BindRequest& request) {
  DataType start = expectArgument(request, 0, DataType::date());
  DataType day_name = expectArgument(request, 1, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int32_t, StringView, int32_t>(
        *args[0], *args[1], rows, result, [](int32_t days, StringView name, idx_t) {
          auto target = weekdayFromName(std::string_view(name));
          if (!target) {
            // Spark's class is ILLEGAL_DAY_OF_WEEK (22009), not in the catalogue.
            throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "ILLEGAL_DAY_OF_WEEK",
                        fmt::format("Illegal input for day of week: {}.", name.view()));
          }
          int64_t current = isoWeekdayFromDays(days);
          int64_t ahead = floorModulo(int64_t{*target} - current - 1, 7) + 1;
          return static_cast<int32_t>(days + ahead);
        });
  };
  return {"next_day", {start, day_name}, DataType::date(), std::move(kernel)};
}

BoundScalarFunction bindMonthsBetween(const BindRequest& request) {
  DataType first = expectArgument(request, 0, DataType::timestamp());
  DataType second = expectArgument(request, 1, DataType::timestamp());
  std::vector<DataType> types{first, second};
  if (request.argument_types.size() == 3)
    types.push_back(expectArgument(request, 2, DataType::boolean()));
  ScalarKernel kernel = [](const ExecContext& context, const ArgumentVectors& args,
                           const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    auto between = [&zone](int64_t micros1, int64_t micros2, bool round_off) {
      int32_t date1 = dateOfInstant(micros1, zone);
      int32_t date2 = dateOfInstant(micros2, zone);
      CivilDate civil1 = civilFromDays(date1);
      CivilDate civil2 = civilFromDays(date2);
      double month_diff = static_cast<double>((int64_t{civil1.year} * 12 + civil1.month) -
                                              (int64_t{civil2.year} * 12 + civil2.month));
      bool last1 = civil1.day == daysInMonth(civil1.year, civil1.month);
      bool last2 = civil2.day == daysInMonth(civil2.year, civil2.month);
      if (civil1.day == civil2.day || (last1 && last2))
        return month_diff;
      // Hive's rule, which Spark keeps: the day difference in seconds over a 31-day month.
      int64_t seconds1 = (micros1 - startOfDay(date1, zone)) / kMicrosPerSecond;
      int64_t seconds2 = (micros2 - startOfDay(date2, zone)) / kMicrosPerSecond;
      int64_t seconds_diff =
          (int64_t{civil1.day} - civil2.day) * kSecondsPerDay + seconds1 - seconds2;
      double diff = month_diff + static_cast<double>(seconds_diff) / (31.0 * kSecondsPerDay);
      if (!round_off)
        return diff;
      return std::floor(diff * 1e8 + 0.5) / 1e8;  // Java's Math.round to 8 digits
    };
    if (args.size() == 2) {
      binaryLoop<int64_t, int64_t, double>(
          *args[0], *args[1], rows, result,
          [&](int64_t a, int64_t b, idx_t) { return between(a, b, true); });
      return;
    }
    naryLoop<double, int64_t, int64_t, uint8_t>(
        args, rows, result,
        [&](idx_t, int64_t a, int64_t b, uint8_t round_off) { return between(a, b, round_off); });
  };
  return {"months_between", std::move(types), DataType::doubleType(), std::move(kernel)};
}

BoundScalarFunction bindTruncDate(const BindRequest& request) {
  DataType date = expectArgument(request, 0, DataType::date());
  DataType unit = expectArgument(request, 1, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    binaryLoop<int32_t, StringView, int32_t>(
        *args[0], *args[1], rows, result, [&](int32_t days, StringView text, idx_t row) {
          TruncLevel level = parseTruncLevel(std::string_view(text));
          // trunc() truncates to a week at the finest.
          if (level < TruncLevel::kWeek || level == TruncLevel::kInvalid) {
            result.setNull(row);
            return 0;
          }
          return truncDate(days, level);
        });
  };
  return {"trunc", {date, unit}, DataType::date(), std::move(kernel)};
}

//! java.time's message for a field outside its range.
[[noreturn]] void raiseFieldRange(const char* field, const char* range, int64_t value) {
  raiseFieldOutOfBounds(
      fmt::format("Invalid value for {} (valid values {}): {}", field, range, value));
}

}  // namespace

int32_t makeDateOrThrow(int64_t year, int64_t month, int64_t day) {
  static const char* const kMonthNames[] = {"JANUARY",   "FEBRUARY", "MARCH",    "APRIL",
                                            "MAY",       "JUNE",     "JULY",     "AUGUST",
                                            "SEPTEMBER", "OCTOBER",  "NOVEMBER", "DECEMBER"};
  if (year < -999999999 || year > 999999999)
    raiseFieldRange("Year", "-999999999 - 999999999", year);
  if (month < 1 || month > 12)
    raiseFieldRange("MonthOfYear", "1 - 12", month);
  if (day < 1 || day > 31)
    raiseFieldRange("DayOfMonth", "1 - 28/31", day);
  auto length = daysInMonth(year, static_cast<uint32_t>(month));
  if (day > length) {
    if (month == 2 && day == 29) {
      raiseFieldOutOfBounds(
          fmt::format("Invalid date 'February 29' as '{}' is not a leap year", year));
    }
    raiseFieldOutOfBounds(fmt::format("Invalid date '{} {}'", kMonthNames[month - 1], day));
  }
  int64_t days = daysFromCivilWide(year, static_cast<uint32_t>(month), static_cast<uint32_t>(day));
  if (days < std::numeric_limits<int32_t>::min() || days > std::numeric_limits<int32_t>::max())
    raiseDatetimeOverflow(fmt::format("make_date({}, {}, {})", year, month, day));
  return static_cast<int32_t>(days);
}

int64_t makeTimeOfDayOrThrow(int64_t hour, int64_t minute, int64_t second_micros,
                             bool& next_minute) {
  if (hour < 0 || hour > 23)
    raiseFieldRange("HourOfDay", "0 - 23", hour);
  if (minute < 0 || minute > 59)
    raiseFieldRange("MinuteOfHour", "0 - 59", minute);
  int64_t seconds = second_micros / kMicrosPerSecond;  // toward zero, as Spark's toInt
  int64_t fraction = second_micros % kMicrosPerSecond;
  next_minute = false;
  if (seconds == 60) {
    if (fraction != 0) {
      throwError(ErrorClass::INVALID_FRACTION_OF_SECOND,
                 "Valid range for seconds is [0, 60] (inclusive), but the provided value is "
                 "{}.{:06}. To avoid this error, use `try_make_timestamp`, which returns NULL on "
                 "error.",
                 seconds, fraction);
    }
    next_minute = true;
    seconds = 0;
  }
  if (seconds < 0 || seconds > 59)
    raiseFieldRange("SecondOfMinute", "0 - 59", seconds);
  if (fraction < 0)
    raiseFieldRange("NanoOfSecond", "0 - 999999999", fraction * 1000);
  return hour * kMicrosPerHour + minute * kMicrosPerMinute + seconds * kMicrosPerSecond + fraction;
}

TruncLevel parseTruncLevel(std::string_view text) {
  std::string unit = upperAscii(text);
  if (unit == "MICROSECOND")
    return TruncLevel::kMicrosecond;
  if (unit == "MILLISECOND")
    return TruncLevel::kMillisecond;
  if (unit == "SECOND")
    return TruncLevel::kSecond;
  if (unit == "MINUTE")
    return TruncLevel::kMinute;
  if (unit == "HOUR")
    return TruncLevel::kHour;
  if (unit == "DAY" || unit == "DD")
    return TruncLevel::kDay;
  if (unit == "WEEK")
    return TruncLevel::kWeek;
  if (unit == "MON" || unit == "MONTH" || unit == "MM")
    return TruncLevel::kMonth;
  if (unit == "QUARTER")
    return TruncLevel::kQuarter;
  if (unit == "YEAR" || unit == "YYYY" || unit == "YY")
    return TruncLevel::kYear;
  return TruncLevel::kInvalid;
}

int32_t truncDate(int32_t days, TruncLevel level) {
  switch (level) {
    case TruncLevel::kWeek:
      return days - static_cast<int32_t>(isoWeekdayFromDays(days) - 1);
    case TruncLevel::kMonth: {
      CivilDate date = civilFromDays(days);
      return days - static_cast<int32_t>(date.day - 1);
    }
    case TruncLevel::kQuarter: {
      CivilDate date = civilFromDays(days);
      uint32_t first_month = (date.month - 1) / 3 * 3 + 1;
      return daysFromCivil(date.year, first_month, 1);
    }
    case TruncLevel::kYear:
      return daysFromCivil(civilFromDays(days).year, 1, 1);
    default:
      return days;
  }
}

void registerDatetimeArithmeticFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"date_add", 2, 3, [](const BindRequest& r) { return bindDateAdd("date_add", false, r); }});
  registry.addScalar(
      {"dateadd", 2, 3, [](const BindRequest& r) { return bindDateAdd("dateadd", false, r); }});
  registry.addScalar(
      {"date_sub", 2, 2, [](const BindRequest& r) { return bindDateAdd("date_sub", true, r); }});
  registry.addScalar(
      {"datediff", 2, 3, [](const BindRequest& r) { return bindDateDiff("datediff", r); }});
  registry.addScalar(
      {"date_diff", 2, 3, [](const BindRequest& r) { return bindDateDiff("date_diff", r); }});
  registry.addScalar({"add_months", 2, 2, bindAddMonths});
  registry.addScalar({"last_day", 1, 1, bindLastDay});
  registry.addScalar({"next_day", 2, 2, bindNextDay});
  registry.addScalar({"months_between", 2, 3, bindMonthsBetween});
  registry.addScalar({"trunc", 2, 2, bindTruncDate});
}

}  // namespace sluice
