// src/function/scalar/datetime_window.cpp
//
// window(ts, duration [, slide [, start]]) for tumbling windows: the struct <start, end> of the
// window of `duration` holding ts, windows being aligned on the epoch plus `start`
// (Spark's TimeWindow). The durations are constant strings of whole units ('5 minutes',
// '1 hour 30 minutes', 'interval 10 seconds'); weeks, days, hours, minutes, seconds,
// milliseconds and microseconds, as Spark accepts no month or year there. A sliding window
// (slide != duration) puts a time in several windows, which a scalar function cannot give:
// grouped by, the aggregate binder expands each row into its windows (nthTimeWindow); anywhere
// else it is NOT_SUPPORTED.
// A NULL ts gives a NULL window. window_time(w) is the event time of a window: its end minus one
// microsecond, as windows exclude their end.
//
// session_window(ts, gap) is one row's session, the struct <start, end> of [ts, ts + gap); the
// gap is a string as above (constant, or per row: an invalid one is NULL, as Spark casts it to
// an interval) or a day-time interval. Grouped by, the aggregate binder merges each group's
// overlapping sessions and drops the rows whose session is empty (aggregate_binder.cpp).

#include <cctype>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/datetime_functions.hpp"
#include "function/scalar/time_windows.hpp"

namespace sluice {

namespace {

using namespace datetime;

[[noreturn]] void raiseBadDuration(std::string_view function, std::string_view parameter,
                                   std::string_view text, std::string_view why) {
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "WINDOW_DURATION",
              fmt::format("The value of parameter(s) `{}` in `{}` is invalid: '{}' {}.", parameter,
                          function, text, why));
}

std::optional<int64_t> unitMicros(std::string unit) {
  if (unit.size() > 1 && unit.back() == 's')
    unit.pop_back();
  if (unit == "week")
    return 7 * kMicrosPerDay;
  if (unit == "day")
    return kMicrosPerDay;
  if (unit == "hour")
    return kMicrosPerHour;
  if (unit == "minute")
    return kMicrosPerMinute;
  if (unit == "second")
    return kMicrosPerSecond;
  if (unit == "millisecond")
    return kMicrosPerMilli;
  if (unit == "microsecond")
    return 1;
  return std::nullopt;
}

//! Why a duration text is not one, or nothing when it is.
enum class DurationProblem : uint8_t { kNone, kNotAnInterval, kMonths, kTooLong };

//! A duration such as '5 minutes' or 'interval 1 hour 30 minutes', in microseconds.
DurationProblem parseDurationText(std::string_view text, int64_t& total) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty())
        words.push_back(std::move(word));
      word.clear();
    } else {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!word.empty())
    words.push_back(std::move(word));
  size_t index = !words.empty() && words[0] == "interval" ? 1 : 0;
  if (index >= words.size())
    return DurationProblem::kNotAnInterval;
  total = 0;
  for (; index < words.size(); index += 2) {
    if (index + 1 >= words.size())
      return DurationProblem::kNotAnInterval;
    int64_t count = 0;
    const std::string& number = words[index];
    size_t start = number[0] == '-' || number[0] == '+' ? 1 : 0;
    if (start == number.size())
      return DurationProblem::kNotAnInterval;
    for (size_t i = start; i < number.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(number[i])) ||
          __builtin_mul_overflow(count, 10, &count) ||
          __builtin_add_overflow(count, number[i] - '0', &count))
        return DurationProblem::kNotAnInterval;
    }
    if (number[0] == '-')
      count = -count;
    auto micros = unitMicros(words[index + 1]);
    if (!micros) {
      const std::string& unit = words[index + 1];
      return unit.starts_with("month") || unit.starts_with("year")
                 ? DurationProblem::kMonths
                 : DurationProblem::kNotAnInterval;
    }
    int64_t part = 0;
    if (__builtin_mul_overflow(count, *micros, &part) ||
        __builtin_add_overflow(total, part, &total))
      return DurationProblem::kTooLong;
  }
  return DurationProblem::kNone;
}

//! parseDurationText, raising INVALID_PARAMETER_VALUE.WINDOW_DURATION for a bad text.
int64_t parseDuration(std::string_view function, std::string_view parameter,
                      std::string_view text) {
  int64_t total = 0;
  switch (parseDurationText(text, total)) {
    case DurationProblem::kNone:
      return total;
    case DurationProblem::kNotAnInterval:
      raiseBadDuration(function, parameter, text, "is not an interval");
    case DurationProblem::kMonths:
      raiseBadDuration(function, parameter, text,
                       "has months or years, which a window cannot have");
    case DurationProblem::kTooLong:
      raiseBadDuration(function, parameter, text, "is too long");
  }
  return total;
}

std::string constantDurationText(const BindRequest& request, size_t index,
                                 std::string_view parameter) {
  const Value* value = constantArgument(request, index);
  if (value == nullptr || value->isNull() ||
      request.argument_types[index].id() != TypeId::kString) {
    throw Error(ErrorClass::NON_FOLDABLE_ARGUMENT,
                fmt::format("The function `window` requires the parameter `{}` to be a foldable "
                            "expression of the type \"STRING\", but the actual argument is a "
                            "non-foldable.",
                            parameter));
  }
  return value->getString();
}

[[noreturn]] void raiseWindowConstraint(std::string_view left, int64_t left_value,
                                        std::string_view constraint, std::string_view right,
                                        int64_t right_value) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "PARAMETER_CONSTRAINT_VIOLATION",
              fmt::format("Cannot resolve \"window\" due to data type mismatch: The {} ({}) must "
                          "be {} the {} ({}).",
                          left, left_value, constraint, right, right_value));
}

//! The struct<start, end> of a window or session over `time`.
DataType windowStruct(const DataType& time) {
  return DataType::structOf(
      {StructField{"start", time, true, ""}, StructField{"end", time, true, ""}});
}

//! Row `row` of a window struct is NULL, its fields too.
void setNullWindow(Vector& result, idx_t row) {
  result.setNull(row);
  result.child(0).setNull(row);
  result.child(1).setNull(row);
}

//! The windows of `spec` holding each time, the index-th of them (0 the one that starts
//! last), as struct<start, end>: NULL for a NULL time, and for a time the window does not hold
//! (a sliding window's earlier windows, when the duration is no multiple of the slide).
ScalarKernel nthWindowKernel(TimeWindowSpec spec, int64_t index) {
  return [spec, index](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                       Vector& result) {
    const Vector& input = *args[0];
    Vector& starts = result.child(0);
    Vector& ends = result.child(1);
    int64_t* start_out = starts.mutableData<int64_t>();
    int64_t* end_out = ends.mutableData<int64_t>();
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return setNullWindow(result, row);
      int64_t micros = input.at<int64_t>(row);
      // The windows are instants, aligned on the epoch plus the start offset, in any zone.
      int64_t last_start = micros - floorModulo(micros - spec.start, spec.slide);
      int64_t start = 0;
      int64_t end = 0;
      if (__builtin_sub_overflow(last_start, index * spec.slide, &start) ||
          __builtin_add_overflow(start, spec.duration, &end))
        raiseDatetimeOverflow(fmt::format("window end after {} microseconds", last_start));
      if (micros < start || micros >= end)
        return setNullWindow(result, row);
      result.setNull(row, false);
      starts.setNull(row, false);
      ends.setNull(row, false);
      start_out[row] = start;
      end_out[row] = end;
    });
  };
}

BoundScalarFunction bindWindow(const BindRequest& request) {
  DataType time = anyTimestampArgument(request, 0);
  std::vector<DataType> types{time};
  std::vector<std::string> texts;
  const char* parameters[] = {"windowDuration", "slideDuration", "startTime"};
  for (size_t index = 1; index < request.argument_types.size(); ++index) {
    texts.push_back(constantDurationText(request, index, parameters[index - 1]));
    types.push_back(DataType::string());
  }
  TimeWindowSpec spec = timeWindowSpec(
      texts[0], texts.size() > 1 ? std::optional<std::string_view>(texts[1]) : std::nullopt,
      texts.size() > 2 ? std::optional<std::string_view>(texts[2]) : std::nullopt);
  ScalarKernel kernel = nthWindowKernel(spec, 0);
  if (spec.sliding()) {
    // A sliding window multiplies rows: the binder expands one in a GROUP BY key or a SELECT
    // list (planner/binder/time_window_rows.hpp); anywhere else the call is refused when it
    // runs.
    kernel = [](const ExecContext&, const ArgumentVectors&, const RowSet&, Vector&) {
      throwError(ErrorClass::NOT_SUPPORTED,
                 "A sliding window (a slide other than the window's duration) is supported in a "
                 "GROUP BY key or a SELECT list, not in WHERE, ORDER BY or a window function.");
    };
  }
  return {"window", std::move(types), windowStruct(time), std::move(kernel)};
}

BoundScalarFunction bindWindowTime(const BindRequest& request) {
  const DataType& window = request.argument_types[0];
  bool is_window = window.id() == TypeId::kStruct && window.fields().size() == 2 &&
                   window.fields()[0].name == "start" && window.fields()[1].name == "end" &&
                   (window.fields()[0].type.id() == TypeId::kTimestamp ||
                    window.fields()[0].type.id() == TypeId::kTimestampNtz) &&
                   window.fields()[1].type == window.fields()[0].type;
  if (!is_window) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"window_time\" due to data type mismatch: The first "
                            "parameter requires the \"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\" "
                            "type (a window column), however it has the type \"{}\".",
                            window.sql()));
  }
  DataType time = window.fields()[1].type;
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& windows = *args[0];
    const Vector& ends = windows.child(1);
    int64_t* out = result.mutableData<int64_t>();
    forEachRow(rows, [&](idx_t row) {
      if (windows.isNull(row) || ends.isNull(row)) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      out[row] = ends.at<int64_t>(row) - 1;
    });
  };
  return {"window_time", {window}, std::move(time), std::move(kernel)};
}

BoundScalarFunction bindSessionWindow(const BindRequest& request) {
  DataType time = anyTimestampArgument(request, 0);
  const DataType& gap_type = request.argument_types[1];
  bool string_gap = gap_type.id() == TypeId::kString || gap_type.isVoid();
  if (!string_gap && gap_type.id() != TypeId::kDayTimeInterval) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"session_window\" due to data type mismatch: The "
                            "second parameter requires the \"STRING\" or \"INTERVAL DAY TO "
                            "SECOND\" type (the gap), however it has the type \"{}\".",
                            gap_type.sql()));
  }
  // A constant gap string is checked once, and a bad one named; a per-row one that is no
  // interval makes its row's session NULL.
  std::optional<int64_t> constant_gap;
  if (const Value* value = constantArgument(request, 1); value != nullptr && !value->isNull()) {
    constant_gap = string_gap ? parseDuration("session_window", "gapDuration", value->getString())
                              : value->getInt64();
  }
  std::vector<DataType> types{time, string_gap ? DataType::string() : gap_type};
  ScalarKernel kernel = [constant_gap, string_gap](const ExecContext&, const ArgumentVectors& args,
                                                   const RowSet& rows, Vector& result) {
    const Vector& input = *args[0];
    const Vector& gaps = *args[1];
    Vector& starts = result.child(0);
    Vector& ends = result.child(1);
    int64_t* start_out = starts.mutableData<int64_t>();
    int64_t* end_out = ends.mutableData<int64_t>();
    forEachRow(rows, [&](idx_t row) {
      if (input.isNull(row))
        return setNullWindow(result, row);
      int64_t start = input.at<int64_t>(row);
      result.setNull(row, false);
      starts.setNull(row, false);
      start_out[row] = start;
      std::optional<int64_t> gap = constant_gap;
      if (!gap && !gaps.isNull(row)) {
        if (!string_gap) {
          gap = gaps.at<int64_t>(row);
        } else {
          std::string_view text = gaps.at<StringView>(row);
          int64_t micros = 0;
          DurationProblem problem = parseDurationText(text, micros);
          if (problem == DurationProblem::kMonths) {
            raiseBadDuration("session_window", "gapDuration", text,
                             "has months or years, which a window cannot have");
          }
          if (problem == DurationProblem::kNone)
            gap = micros;
        }
      }
      int64_t end = 0;
      if (!gap) {
        ends.setNull(row);
        return;
      }
      if (__builtin_add_overflow(start, *gap, &end))
        raiseDatetimeOverflow(fmt::format("session window end after {} microseconds", start));
      ends.setNull(row, false);
      end_out[row] = end;
    });
  };
  return {"session_window", std::move(types), windowStruct(time), std::move(kernel)};
}

}  // namespace

TimeWindowSpec timeWindowSpec(std::string_view duration, std::optional<std::string_view> slide,
                              std::optional<std::string_view> start) {
  TimeWindowSpec spec;
  spec.duration = parseDuration("window", "windowDuration", duration);
  if (spec.duration <= 0)
    raiseBadDuration("window", "windowDuration", duration, "must be greater than 0");
  spec.slide = spec.duration;
  if (slide) {
    spec.slide = parseDuration("window", "slideDuration", *slide);
    if (spec.slide <= 0)
      raiseBadDuration("window", "slideDuration", *slide, "must be greater than 0");
    if (spec.slide > spec.duration)
      raiseWindowConstraint("slide duration", spec.slide, "<=", "window duration", spec.duration);
  }
  if (start) {
    spec.start = parseDuration("window", "startTime", *start);
    if (spec.start >= spec.slide || spec.start <= -spec.slide) {
      raiseWindowConstraint("absolute value of the start time", spec.start, "<", "slide duration",
                            spec.slide);
    }
  }
  return spec;
}

BoundScalarFunction nthTimeWindow(const DataType& time, const TimeWindowSpec& spec, int64_t index) {
  return {"window", {time}, windowStruct(time), nthWindowKernel(spec, index)};
}

void registerDatetimeWindowFunctions(FunctionRegistry& registry) {
  registry.addScalar({"session_window", 2, 2, bindSessionWindow});
  registry.addScalar({"window", 2, 4, bindWindow});
  registry.addScalar({"window_time", 1, 1, bindWindowTime});
}

}  // namespace sluice
