// src/function/scalar/time_functions.cpp
//
// The functions of the TIME type (Spark 4.1): current_time([precision]), make_time(hour, minute,
// second), time_trunc(unit, time) and time_diff(unit, start, end). to_time / try_to_time parse
// text beside to_date (datetime_conversion.cpp), time(x) is a cast (conditional_binder.cpp), and
// hour / minute / second / extract take a TIME beside the timestamps (datetime_fields.cpp).
// - The units of time_trunc and time_diff are HOUR, MINUTE, SECOND, MILLISECOND and
//   MICROSECOND in any case; another is INVALID_PARAMETER_VALUE.TIME_UNIT, a NULL one NULL.
// - make_time's fields out of range raise DATETIME_FIELD_OUT_OF_BOUNDS with java.time's
//   messages; unlike make_timestamp, 60 seconds is not the next minute.

#include "common/clock.hpp"
#include "common/types/decimal.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

using namespace datetime;

//! The microseconds of a time_trunc / time_diff unit; raises for a unit that is none.
int64_t timeUnitMicros(std::string_view function, std::string_view unit) {
  std::string spelled = upperAscii(unit);
  if (spelled == "HOUR")
    return kMicrosPerHour;
  if (spelled == "MINUTE")
    return kMicrosPerMinute;
  if (spelled == "SECOND")
    return kMicrosPerSecond;
  if (spelled == "MILLISECOND")
    return kMicrosPerMilli;
  if (spelled == "MICROSECOND")
    return 1;
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "TIME_UNIT",
              fmt::format("The value of parameter(s) `unit` in `{}` is invalid: expects one of "
                          "the units without quotes HOUR, MINUTE, SECOND, MILLISECOND, "
                          "MICROSECOND, but got the string literal '{}'.",
                          function, unit));
}

//! timeUnitMicros for the rows of a batch: the unit is read again only when its text changes
//! (a constant unit, the usual case, once a batch).
class TimeUnitReader {
 public:
  explicit TimeUnitReader(std::string_view function) : function_(function) {}

  int64_t micros(std::string_view unit) {
    if (!read_ || unit != text_) {
      micros_ = timeUnitMicros(function_, unit);
      text_.assign(unit);
      read_ = true;
    }
    return micros_;
  }

 private:
  std::string_view function_;
  std::string text_;
  int64_t micros_ = 0;
  bool read_ = false;
};

//! The TIME type argument `index` is cast to: its own TIME(p), else TIME(6) (from STRING).
DataType timeArgument(const BindRequest& request, size_t index) {
  const DataType& given = request.argument_types[index];
  if (given.isTime())
    return given;
  return expectArgument(request, index, DataType::time());
}

BoundScalarFunction bindCurrentTime(std::string name, const BindRequest& request) {
  int precision = DataType::kMaxTimePrecision;
  if (!request.argument_types.empty()) {
    std::optional<int64_t> given = foldableIntegerArgument(request, 0, "precision");
    if (!given || *given < 0 || *given > DataType::kMaxTimePrecision) {
      throw Error(
          ErrorClass::INVALID_PARAMETER_VALUE, "TIME_PRECISION",
          fmt::format("The value of parameter(s) `precision` in `{}` is invalid: "
                      "expects an integer value in [0, {}], but got {}.",
                      name, DataType::kMaxTimePrecision, given ? std::to_string(*given) : "NULL"));
    }
    precision = static_cast<int>(*given);
  }
  ScalarKernel kernel = [precision](const ExecContext& context, const ArgumentVectors&,
                                    const RowSet& rows, Vector& result) {
    int64_t now =
        context.statement_start_micros != 0 ? context.statement_start_micros : epochMicros();
    int64_t time =
        truncateTimeOfDay(floorModulo(sessionZone(context).toLocal(now), kMicrosPerDay), precision);
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      result.mutableData<int64_t>()[row] = time;
    });
  };
  std::vector<DataType> types(request.argument_types.size(), DataType::intType());
  return {std::move(name), std::move(types), DataType::time(precision), std::move(kernel)};
}

//! java.time's message for a field of LocalTime.of outside its range.
[[noreturn]] void raiseTimeField(const char* field, const char* range, int64_t value) {
  raiseFieldOutOfBounds(
      fmt::format("Invalid value for {} (valid values {}): {}", field, range, value));
}

BoundScalarFunction bindMakeTime(std::string name, const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::intType()),
                              expectArgument(request, 1, DataType::intType()),
                              expectArgument(request, 2, DataType::decimal(16, 6))};
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int64_t, int32_t, int32_t, int64_t>(
        args, rows, result, [](idx_t, int32_t hour, int32_t minute, int64_t second_micros) {
          if (hour < 0 || hour > 23)
            raiseTimeField("HourOfDay", "0 - 23", hour);
          if (minute < 0 || minute > 59)
            raiseTimeField("MinuteOfHour", "0 - 59", minute);
          // The whole seconds, truncated toward zero as BigDecimal.longValue does.
          int64_t seconds = second_micros / kMicrosPerSecond;
          if (seconds < 0 || seconds > 59)
            raiseTimeField("SecondOfMinute", "0 - 59", seconds);
          if (second_micros < 0) {
            raiseTimeField("NanoOfSecond", "0 - 999999999",
                           second_micros % kMicrosPerSecond * 1000);
          }
          return hour * kMicrosPerHour + minute * kMicrosPerMinute + second_micros;
        });
  };
  return {std::move(name), std::move(types), DataType::time(), std::move(kernel)};
}

BoundScalarFunction bindTimeTrunc(std::string name, const BindRequest& request) {
  DataType unit = expectArgument(request, 0, DataType::string());
  DataType time = timeArgument(request, 1);
  ScalarKernel kernel = [name](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    TimeUnitReader units(name);
    binaryLoop<StringView, int64_t, int64_t>(
        *args[0], *args[1], rows, result, [&](StringView unit_text, int64_t micros, idx_t) {
          return micros - micros % units.micros(unit_text.view());
        });
  };
  return {name, {unit, time}, time, std::move(kernel)};
}

BoundScalarFunction bindTimeDiff(std::string name, const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              timeArgument(request, 1), timeArgument(request, 2)};
  ScalarKernel kernel = [name](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    TimeUnitReader units(name);
    naryLoop<int64_t, StringView, int64_t, int64_t>(
        args, rows, result, [&](idx_t, StringView unit_text, int64_t start, int64_t end) {
          // Truncated toward zero: negative when `end` comes first, no wrap at midnight.
          return (end - start) / units.micros(unit_text.view());
        });
  };
  return {std::move(name), std::move(types), DataType::longType(), std::move(kernel)};
}

}  // namespace

void registerTimeFunctions(FunctionRegistry& registry) {
  registry.addScalar({"current_time", 0, 1,
                      [](const BindRequest& r) { return bindCurrentTime("current_time", r); }});
  registry.addScalar(
      {"make_time", 3, 3, [](const BindRequest& r) { return bindMakeTime("make_time", r); }});
  registry.addScalar(
      {"time_trunc", 2, 2, [](const BindRequest& r) { return bindTimeTrunc("time_trunc", r); }});
  registry.addScalar(
      {"time_diff", 3, 3, [](const BindRequest& r) { return bindTimeDiff("time_diff", r); }});
}

}  // namespace sluice
