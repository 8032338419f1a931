// src/function/scalar/interval_functions.cpp
//
// Functions over ANSI intervals:
//   - make_dt_interval([days[, hours[, mins[, secs]]]]) and make_ym_interval([years[, months]])
//     build an INTERVAL DAY TO SECOND or YEAR TO MONTH from its fields (missing ones are 0);
//     a result out of range raises ARITHMETIC_OVERFLOW;
//   - make_interval / try_make_interval(years, months, weeks, days, hours, mins, secs), all
//     optional, build Spark's CalendarInterval (months, days and microseconds apart);
//   - extract(field FROM interval) / date_part: a field the interval's type spans, with the
//     interval's sign: YEAR (INT), MONTH (TINYINT, the months past whole years), DAY (INT),
//     HOUR and MINUTE (TINYINT, within the day and the hour), SECOND (DECIMAL(8, 6), the
//     seconds and microseconds within the minute).
#include "function/scalar/interval_functions.hpp"

#include "common/error/error.hpp"
#include "common/types/calendar_interval.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

using namespace datetime;

[[noreturn]] void raiseIntervalOverflow(bool wide) {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "{} overflow. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass "
             "this error.",
             wide ? "long" : "integer");
}

//! Calls body(row) for each selected row whose arguments are all non-NULL; the others are NULL.
template <typename Body>
void forEachRowWithValues(const ArgumentVectors& args, const RowSet& rows, Vector& result,
                          Body&& body) {
  forEachRow(rows, [&](idx_t row) {
    for (const Vector* arg : args) {
      if (arg->isNull(row)) {
        result.setNull(row);
        return;
      }
    }
    result.setNull(row, false);
    body(row);
  });
}

BoundScalarFunction bindMakeDtInterval(const BindRequest& request) {
  size_t count = request.argument_types.size();
  std::vector<DataType> arguments;
  for (size_t index = 0; index < count; ++index) {
    arguments.push_back(index < 3 ? expectArgument(request, index, DataType::intType())
                                  : expectArgument(request, index, DataType::decimal(18, 6)));
  }
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    int64_t* out = result.mutableData<int64_t>();
    forEachRowWithValues(args, rows, result, [&](idx_t row) {
      // days, hours and minutes in microseconds, then the seconds' microseconds (scale 6).
      constexpr int64_t kUnits[] = {kMicrosPerDay, kMicrosPerHour, kMicrosPerMinute};
      int64_t micros = args.size() > 3 ? args[3]->at<int64_t>(row) : 0;
      for (size_t index = 0; index < args.size() && index < 3; ++index) {
        int64_t part;
        if (__builtin_mul_overflow(int64_t{args[index]->at<int32_t>(row)}, kUnits[index], &part) ||
            __builtin_add_overflow(micros, part, &micros)) {
          raiseIntervalOverflow(true);
        }
      }
      out[row] = micros;
    });
  };
  return {"make_dt_interval", std::move(arguments), DataType::dayTimeInterval(), std::move(kernel)};
}

//! make_interval([years[, months[, weeks[, days[, hours[, mins[, secs]]]]]]]) and
//! try_make_interval: a CalendarInterval of months, days and microseconds, Spark's
//! IntervalUtils.makeInterval with exact arithmetic (32-bit months and days, 64-bit micros).
BoundScalarFunction bindMakeInterval(std::string name, bool try_mode, const BindRequest& request) {
  size_t count = request.argument_types.size();
  std::vector<DataType> arguments;
  for (size_t index = 0; index < count; ++index) {
    arguments.push_back(index < 6 ? expectArgument(request, index, DataType::intType())
                                  : expectArgument(request, index, DataType::decimal(18, 6)));
  }
  ScalarKernel kernel = [try_mode](const ExecContext&, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    int128_t* out = result.mutableData<int128_t>();
    forEachRowWithValues(args, rows, result, [&](idx_t row) {
      auto field = [&](size_t index) -> int32_t {
        return index < args.size() ? args[index]->at<int32_t>(row) : 0;
      };
      CalendarInterval interval;
      int32_t year_months = 0;
      int32_t week_days = 0;
      bool ints_overflow = __builtin_mul_overflow(field(0), 12, &year_months) ||
                           __builtin_add_overflow(field(1), year_months, &interval.months) ||
                           __builtin_mul_overflow(field(2), 7, &week_days) ||
                           __builtin_add_overflow(field(3), week_days, &interval.days);
      int64_t micros = args.size() > 6 ? args[6]->at<int64_t>(row) : 0;
      int64_t hours = 0;
      int64_t minutes = 0;
      bool longs_overflow =
          !ints_overflow &&
          (__builtin_mul_overflow(int64_t{field(4)}, kMicrosPerHour, &hours) ||
           __builtin_mul_overflow(int64_t{field(5)}, kMicrosPerMinute, &minutes) ||
           __builtin_add_overflow(micros, hours, &micros) ||
           __builtin_add_overflow(micros, minutes, &micros));
      if (ints_overflow || longs_overflow) {
        if (try_mode) {
          result.setNull(row);
          return;
        }
        throwError(ErrorClass::ARITHMETIC_OVERFLOW,
                   "{} overflow. Use 'try_make_interval' to tolerate overflow and return NULL "
                   "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to "
                   "bypass this error.",
                   ints_overflow ? "integer" : "long");
      }
      interval.microseconds = micros;
      out[row] = interval.bits();
    });
  };
  return {std::move(name), std::move(arguments), DataType::calendarInterval(), std::move(kernel)};
}

BoundScalarFunction bindMakeYmInterval(const BindRequest& request) {
  std::vector<DataType> arguments;
  for (size_t index = 0; index < request.argument_types.size(); ++index)
    arguments.push_back(expectArgument(request, index, DataType::intType()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    int32_t* out = result.mutableData<int32_t>();
    forEachRowWithValues(args, rows, result, [&](idx_t row) {
      int64_t years = args.empty() ? 0 : args[0]->at<int32_t>(row);
      int64_t months = args.size() > 1 ? args[1]->at<int32_t>(row) : 0;
      int64_t total = years * 12 + months;  // no overflow in 64 bits
      if (total < INT32_MIN || total > INT32_MAX)
        raiseIntervalOverflow(false);
      out[row] = static_cast<int32_t>(total);
    });
  };
  return {"make_ym_interval", std::move(arguments), DataType::yearMonthInterval(),
          std::move(kernel)};
}

//! The value of a field of an interval: V is the interval's value type, R the field's.
template <typename V, typename R, typename Field>
ScalarKernel fieldKernel(Field field) {
  return
      [field](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
        // The field name stays the first argument, a constant the kernel ignores.
        unaryLoop<V, R>(*args[1], rows, result, [&](V value, idx_t) { return field(value); });
      };
}

}  // namespace

BoundScalarFunction bindIntervalExtract(std::string name, std::string_view field,
                                        const BindRequest& request) {
  const DataType& source = request.argument_types[1];
  std::string upper = upperAscii(field);
  auto is = [&](std::initializer_list<const char*> names) {
    for (const char* spelling : names) {
      if (upper == spelling)
        return true;
    }
    return false;
  };
  auto spans = [&](IntervalField unit) {
    return source.startField() <= unit && unit <= source.endField();
  };
  std::vector<DataType> arguments{DataType::string(), source};
  if (source.id() == TypeId::kYearMonthInterval) {
    if (is({"YEAR", "Y", "YEARS", "YR", "YRS"}) && spans(IntervalField::kYear)) {
      return {std::move(name), std::move(arguments), DataType::intType(),
              fieldKernel<int32_t, int32_t>([](int32_t months) { return months / 12; })};
    }
    if (is({"MONTH", "MON", "MONS", "MONTHS"}) && spans(IntervalField::kMonth)) {
      return {std::move(name), std::move(arguments), DataType::byteType(),
              fieldKernel<int32_t, int8_t>(
                  [](int32_t months) { return static_cast<int8_t>(months % 12); })};
    }
  } else {
    if (is({"DAY", "D", "DAYS"}) && spans(IntervalField::kDay)) {
      return {std::move(name), std::move(arguments), DataType::intType(),
              fieldKernel<int64_t, int32_t>(
                  [](int64_t micros) { return static_cast<int32_t>(micros / kMicrosPerDay); })};
    }
    if (is({"HOUR", "H", "HOURS", "HR", "HRS"}) && spans(IntervalField::kHour)) {
      return {std::move(name), std::move(arguments), DataType::byteType(),
              fieldKernel<int64_t, int8_t>([](int64_t micros) {
                return static_cast<int8_t>(micros / kMicrosPerHour % 24);
              })};
    }
    if (is({"MINUTE", "M", "MIN", "MINS", "MINUTES"}) && spans(IntervalField::kMinute)) {
      return {std::move(name), std::move(arguments), DataType::byteType(),
              fieldKernel<int64_t, int8_t>([](int64_t micros) {
                return static_cast<int8_t>(micros / kMicrosPerMinute % 60);
              })};
    }
    if (is({"SECOND", "S", "SEC", "SECONDS", "SECS"}) && spans(IntervalField::kSecond)) {
      // DECIMAL(8, 6) holds the microseconds as its unscaled value.
      return {
          std::move(name), std::move(arguments), DataType::decimal(8, 6),
          fieldKernel<int64_t, int64_t>([](int64_t micros) { return micros % kMicrosPerMinute; })};
    }
  }
  // Spark's class is INVALID_EXTRACT_FIELD (not in the catalogue); this is the closest.
  throw Error(ErrorClass::INVALID_EXTRACT_FIELD_TYPE,
              fmt::format("Cannot extract {} from \"{}\".", field, source.sql()));
}

void registerIntervalFunctions(FunctionRegistry& registry) {
  registry.addScalar({"make_dt_interval", 0, 4, bindMakeDtInterval});
  registry.addScalar({"make_ym_interval", 0, 2, bindMakeYmInterval});
  registry.addScalar({"make_interval", 0, 7, [](const BindRequest& r) {
                        return bindMakeInterval("make_interval", false, r);
                      }});
  registry.addScalar({"try_make_interval", 0, 7, [](const BindRequest& r) {
                        return bindMakeInterval("try_make_interval", true, r);
                      }});
}

}  // namespace sluice
