// src/function/scalar/datetime_fields.cpp
//
// The fields of dates and times: year, quarter, month, day / dayofmonth, dayofweek (1 = Sunday),
// weekday (0 = Monday), dayofyear, weekofyear (ISO 8601 weeks, Monday first, week 1 holds the
// year's first Thursday), hour, minute, second, and extract(field FROM x) / date_part('field',
// x) over them.
// - The date fields take a DATE: a TIMESTAMP is cast to its date in the session zone, a
//   TIMESTAMP_NTZ to its wall-clock date, a STRING parsed as CAST does.
// - hour, minute and second take a TIMESTAMP (read in the session zone), a TIMESTAMP_NTZ or a
//   TIME; a DATE or STRING is cast to TIMESTAMP.
// - extract's SECOND is the seconds with their fraction, DECIMAL(8,6), as Spark's
//   SecondWithFraction (DECIMAL(p + 2, p) from a TIME(p)); second() is the whole seconds, INT.

#include "common/types/time_units.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/datetime_functions.hpp"
#include "function/scalar/interval_functions.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

using namespace datetime;

enum class DateField {
  kYear,
  kYearOfWeek,
  kQuarter,
  kMonth,
  kDayOfMonth,
  kDayOfWeek,
  kDayOfWeekIso,
  kWeekday,
  kDayOfYear,
  kWeekOfYear,
};

enum class TimeField { kHour, kMinute, kSecond, kSecondWithFraction };

int32_t dateField(DateField field, int32_t days) {
  switch (field) {
    case DateField::kYear:
      return civilFromDays(days).year;
    case DateField::kYearOfWeek: {
      int64_t thursday = int64_t{days} - isoWeekdayFromDays(days) + 4;
      return civilFromDays(static_cast<int32_t>(thursday)).year;
    }
    case DateField::kQuarter:
      return static_cast<int32_t>((civilFromDays(days).month - 1) / 3 + 1);
    case DateField::kMonth:
      return static_cast<int32_t>(civilFromDays(days).month);
    case DateField::kDayOfMonth:
      return static_cast<int32_t>(civilFromDays(days).day);
    case DateField::kDayOfWeek:
      return static_cast<int32_t>(isoWeekdayFromDays(days) % 7 + 1);
    case DateField::kDayOfWeekIso:
      return static_cast<int32_t>(isoWeekdayFromDays(days));
    case DateField::kWeekday:
      return static_cast<int32_t>(isoWeekdayFromDays(days) - 1);
    case DateField::kDayOfYear: {
      CivilDate date = civilFromDays(days);
      return static_cast<int32_t>(int64_t{days} - daysFromCivilWide(date.year, 1, 1) + 1);
    }
    case DateField::kWeekOfYear:
      return isoWeekOfYear(days);
  }
  return 0;
}

BoundScalarFunction bindDateField(std::string name, DateField field, const BindRequest& request,
                                  size_t index = 0) {
  DataType input = expectArgument(request, index, DataType::date());
  ScalarKernel kernel = [field, index](const ExecContext&, const ArgumentVectors& args,
                                       const RowSet& rows, Vector& result) {
    unaryLoop<int32_t, int32_t>(*args[index], rows, result,
                                [field](int32_t days, idx_t) { return dateField(field, days); });
  };
  return {std::move(name), {input}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindTimeField(std::string name, TimeField field, const BindRequest& request,
                                  size_t index = 0) {
  const DataType& given = request.argument_types[index];
  bool time_of_day = given.isTime();
  DataType input = time_of_day ? given : anyTimestampArgument(request, index);
  bool zoned = input.id() == TypeId::kTimestamp;
  // The seconds of a TIME(p) keep its p fraction digits: DECIMAL(p + 2, p).
  int scale = time_of_day ? given.precision() : 6;
  DataType output = field == TimeField::kSecondWithFraction ? DataType::decimal(scale + 2, scale)
                                                            : DataType::intType();
  ScalarKernel kernel = [field, zoned, time_of_day, scale, index](
                            const ExecContext& context, const ArgumentVectors& args,
                            const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    auto micros_of_day = [&](int64_t micros) {
      if (time_of_day)
        return micros;
      int64_t local = zoned ? zone.toLocal(micros) : micros;
      return floorModulo(local, kMicrosPerDay);
    };
    if (field == TimeField::kSecondWithFraction) {
      int64_t unit = microsPerFractionDigit(scale);
      unaryLoop<int64_t, int64_t>(*args[index], rows, result, [&](int64_t micros, idx_t) {
        return floorModulo(micros_of_day(micros), kMicrosPerMinute) / unit;
      });
      return;
    }
    int64_t unit = field == TimeField::kHour     ? kMicrosPerHour
                   : field == TimeField::kMinute ? kMicrosPerMinute
                                                 : kMicrosPerSecond;
    int64_t modulus = field == TimeField::kHour ? 24 : 60;
    unaryLoop<int64_t, int32_t>(*args[index], rows, result, [&](int64_t micros, idx_t) {
      return static_cast<int32_t>(micros_of_day(micros) / unit % modulus);
    });
  };
  return {std::move(name), {input}, std::move(output), std::move(kernel)};
}

struct ExtractField {
  bool is_date;
  DateField date_field;
  TimeField time_field;
};

std::optional<ExtractField> parseExtractField(const std::string& spelled) {
  std::string field = upperAscii(spelled);
  auto date = [](DateField f) { return ExtractField{true, f, TimeField::kHour}; };
  auto time = [](TimeField f) { return ExtractField{false, DateField::kYear, f}; };
  auto any_of = [&](std::initializer_list<const char*> names) {
    for (const char* name : names) {
      if (field == name)
        return true;
    }
    return false;
  };
  if (any_of({"YEAR", "Y", "YEARS", "YR", "YRS"}))
    return date(DateField::kYear);
  if (any_of({"YEAROFWEEK"}))
    return date(DateField::kYearOfWeek);
  if (any_of({"QUARTER", "QTR"}))
    return date(DateField::kQuarter);
  if (any_of({"MONTH", "MON", "MONS", "MONTHS"}))
    return date(DateField::kMonth);
  if (any_of({"WEEK", "W", "WEEKS"}))
    return date(DateField::kWeekOfYear);
  if (any_of({"DAY", "D", "DAYS"}))
    return date(DateField::kDayOfMonth);
  if (any_of({"DAYOFWEEK", "DOW"}))
    return date(DateField::kDayOfWeek);
  if (any_of({"DAYOFWEEK_ISO", "DOW_ISO"}))
    return date(DateField::kDayOfWeekIso);
  if (any_of({"DOY"}))
    return date(DateField::kDayOfYear);
  if (any_of({"HOUR", "H", "HOURS", "HR", "HRS"}))
    return time(TimeField::kHour);
  if (any_of({"MINUTE", "M", "MIN", "MINS", "MINUTES"}))
    return time(TimeField::kMinute);
  if (any_of({"SECOND", "S", "SEC", "SECONDS", "SECS"}))
    return time(TimeField::kSecondWithFraction);
  return std::nullopt;
}

//! extract(field FROM x) and date_part('field', x): the field must be a constant string.
BoundScalarFunction bindExtract(std::string name, const BindRequest& request) {
  const Value* field = constantArgument(request, 0);
  if (field == nullptr || request.argument_types[0].id() != TypeId::kString || field->isNull()) {
    throw Error(ErrorClass::NON_FOLDABLE_ARGUMENT,
                fmt::format("The function `{}` requires the parameter `field` to be a foldable "
                            "expression of the type \"STRING\", but the actual argument is a "
                            "non-foldable.",
                            name));
  }
  const DataType& source = request.argument_types[1];
  if (source.isInterval())
    return bindIntervalExtract(std::move(name), field->getString(), request);
  auto parsed = parseExtractField(field->getString());
  bool source_fits = source.isDatetime() || source.id() == TypeId::kString || source.isVoid() ||
                     (source.isTime() && parsed && !parsed->is_date);
  if (!parsed || !source_fits) {
    // Spark's class is INVALID_EXTRACT_FIELD (not in the catalogue); this is the closest.
    throw Error(ErrorClass::INVALID_EXTRACT_FIELD_TYPE,
                fmt::format("Cannot extract {} from \"{}\".", field->getString(), source.sql()));
  }
  BoundScalarFunction bound = parsed->is_date ? bindDateField(name, parsed->date_field, request, 1)
                                              : bindTimeField(name, parsed->time_field, request, 1);
  // The field stays an argument (a constant the kernel ignores), so the call keeps both.
  bound.argument_types.insert(bound.argument_types.begin(), DataType::string());
  return bound;
}

void addDateField(FunctionRegistry& registry, std::string name, DateField field,
                  std::vector<std::string> aliases = {}) {
  registry.addScalar(
      {name, 1, 1,
       [name, field](const BindRequest& request) { return bindDateField(name, field, request); }},
      std::move(aliases));
}

void addTimeField(FunctionRegistry& registry, std::string name, TimeField field) {
  registry.addScalar({name, 1, 1, [name, field](const BindRequest& request) {
                        return bindTimeField(name, field, request);
                      }});
}

}  // namespace

void registerDatetimeFieldFunctions(FunctionRegistry& registry) {
  addDateField(registry, "year", DateField::kYear);
  addDateField(registry, "quarter", DateField::kQuarter);
  addDateField(registry, "month", DateField::kMonth);
  addDateField(registry, "day", DateField::kDayOfMonth);
  addDateField(registry, "dayofmonth", DateField::kDayOfMonth);
  addDateField(registry, "dayofweek", DateField::kDayOfWeek);
  addDateField(registry, "weekday", DateField::kWeekday);
  addDateField(registry, "dayofyear", DateField::kDayOfYear);
  addDateField(registry, "weekofyear", DateField::kWeekOfYear);
  addTimeField(registry, "hour", TimeField::kHour);
  addTimeField(registry, "minute", TimeField::kMinute);
  addTimeField(registry, "second", TimeField::kSecond);
  registry.addScalar(
      {"extract", 2, 2, [](const BindRequest& r) { return bindExtract("extract", r); }});
  registry.addScalar(
      {"date_part", 2, 2, [](const BindRequest& r) { return bindExtract("date_part", r); }},
      {"datepart"});
}

}  // namespace sluice
