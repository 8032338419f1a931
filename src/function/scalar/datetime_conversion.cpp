// src/function/scalar/datetime_conversion.cpp
//
// Between text, numbers and datetimes: current_date, current_timestamp / now, localtimestamp,
// date(x), to_date, to_timestamp, to_timestamp_ntz, try_to_date, try_to_timestamp, to_time,
// try_to_time, date_format, unix_timestamp, to_unix_timestamp and from_unixtime.
// - Without a pattern, to_date / to_timestamp are CAST(x AS DATE / TIMESTAMP) (try_cast for the
//   try_ forms). With one, text is parsed with Spark's datetime pattern in the session zone; text
//   that does not match raises CANNOT_PARSE_TIMESTAMP (ANSI mode) or gives NULL (try_).
// - A constant pattern is compiled once, when the call is bound; a pattern that varies by row is
//   compiled again only when it changes.
// - Spark fixes the current time once per query; here it is read when the call is evaluated, so
//   it is the same for every row of a batch but may move between batches of a long query.

#include "common/clock.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/type_coercion.hpp"
#include "function/cast/cast.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

using namespace datetime;

constexpr std::string_view kDefaultPattern = "yyyy-MM-dd HH:mm:ss";

enum class Now { kDate, kTimestamp, kLocalTimestamp, kUnixSeconds };

BoundScalarFunction bindNow(std::string name, Now kind) {
  DataType output = kind == Now::kDate             ? DataType::date()
                    : kind == Now::kTimestamp      ? DataType::timestamp()
                    : kind == Now::kLocalTimestamp ? DataType::timestampNtz()
                                                   : DataType::longType();
  ScalarKernel kernel = [kind](const ExecContext& context, const ArgumentVectors&,
                               const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    int64_t now =
        context.statement_start_micros != 0 ? context.statement_start_micros : epochMicros();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      switch (kind) {
        case Now::kDate:
          result.mutableData<int32_t>()[row] = dateOfInstant(now, zone);
          break;
        case Now::kTimestamp:
          result.mutableData<int64_t>()[row] = now;
          break;
        case Now::kLocalTimestamp:
          result.mutableData<int64_t>()[row] = zone.toLocal(now);
          break;
        case Now::kUnixSeconds:
          result.mutableData<int64_t>()[row] = floorDivide(now, kMicrosPerSecond);
          break;
      }
    });
  };
  return {std::move(name), {}, std::move(output), std::move(kernel)};
}

//! CAST(x AS target) as a function (date(x), to_date(x), to_timestamp(x), try_ forms).
BoundScalarFunction bindCastCall(std::string name, const BindRequest& request,
                                 const DataType& target, bool try_mode) {
  const DataType& from = request.argument_types[0];
  if (!canAnsiCast(from, target)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast \"{}\" "
                            "to \"{}\".",
                            name, from.sql(), target.sql()));
  }
  ScalarKernel kernel = [try_mode](const ExecContext& context, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    castVector(context, *args[0], rows, result, try_mode);
  };
  return {std::move(name), {from}, target, std::move(kernel)};
}

//! What a pattern-based parse produces.
enum class ParseTarget { kDate, kTimestamp, kTimestampNtz, kUnixSeconds };

DataType outputOf(ParseTarget target) {
  switch (target) {
    case ParseTarget::kDate:
      return DataType::date();
    case ParseTarget::kTimestamp:
      return DataType::timestamp();
    case ParseTarget::kTimestampNtz:
      return DataType::timestampNtz();
    case ParseTarget::kUnixSeconds:
      return DataType::longType();
  }
  return DataType::longType();
}

//! The pattern of a call: compiled once when constant, else per distinct row value.
class PatternSource {
 public:
  PatternSource(std::shared_ptr<const DatetimePattern> constant, bool for_parsing)
      : constant_(std::move(constant)), for_parsing_(for_parsing) {}

  const DatetimePattern& get(std::string_view text) {
    if (constant_)
      return *constant_;
    if (!last_ || last_->pattern() != text) {
      last_ = std::make_shared<DatetimePattern>(
          for_parsing_ ? DatetimePattern::compileForParsing(text) : DatetimePattern::compile(text));
    }
    return *last_;
  }

 private:
  std::shared_ptr<const DatetimePattern> constant_;
  std::shared_ptr<const DatetimePattern> last_;
  bool for_parsing_;
};

//! The pattern argument `index` compiled at bind time when it is a non-NULL constant.
std::shared_ptr<const DatetimePattern> constantPattern(const BindRequest& request, size_t index,
                                                       bool for_parsing) {
  const Value* value = constantArgument(request, index);
  if (value == nullptr || value->isNull() || request.argument_types[index].id() != TypeId::kString)
    return nullptr;
  const std::string& text = value->getString();
  return std::make_shared<DatetimePattern>(for_parsing ? DatetimePattern::compileForParsing(text)
                                                       : DatetimePattern::compile(text));
}

//! The value of an already typed datetime for `target` (the pattern does not apply).
int64_t convertDatetime(TypeId from, int64_t value, ParseTarget target, const TimeZone& zone) {
  // As an instant (TIMESTAMP) or a wall-clock time (TIMESTAMP_NTZ), in microseconds.
  int64_t micros = from == TypeId::kDate ? startOfDay(static_cast<int32_t>(value), zone) : value;
  switch (target) {
    case ParseTarget::kDate:
      if (from == TypeId::kDate)
        return value;
      return from == TypeId::kTimestampNtz ? dayOfLocal(micros) : dateOfInstant(micros, zone);
    case ParseTarget::kTimestamp:
      return from == TypeId::kTimestampNtz ? zone.toUtc(micros) : micros;
    case ParseTarget::kTimestampNtz:
      if (from == TypeId::kDate)
        return value * kMicrosPerDay;
      return from == TypeId::kTimestampNtz ? micros : zone.toLocal(micros);
    case ParseTarget::kUnixSeconds:
      return micros / kMicrosPerSecond;
  }
  return micros;
}

template <typename R>
void parseLoop(const ExecContext& context, const ArgumentVectors& args, const RowSet& rows,
               Vector& result, PatternSource& patterns, ParseTarget target, bool try_mode,
               const std::string& try_function) {
  const TimeZone& zone = sessionZone(context);
  auto parse = [&](StringView text, const DatetimePattern& pattern, idx_t row) -> R {
    std::string_view view = text;
    std::optional<int64_t> parsed = target == ParseTarget::kTimestampNtz
                                        ? pattern.parseTimestampNtz(view)
                                        : pattern.parseTimestamp(view, zone);
    if (!parsed) {
      if (try_mode) {
        result.setNull(row);
        return R{};
      }
      raiseCannotParse(view, try_function);
    }
    switch (target) {
      case ParseTarget::kDate:
        return static_cast<R>(dateOfInstant(*parsed, zone));
      case ParseTarget::kUnixSeconds:
        return static_cast<R>(*parsed / kMicrosPerSecond);
      default:
        return static_cast<R>(*parsed);
    }
  };
  if (args.size() == 1) {
    unaryLoop<StringView, R>(*args[0], rows, result, [&](StringView text, idx_t row) {
      return parse(text, patterns.get(kDefaultPattern), row);
    });
    return;
  }
  binaryLoop<StringView, StringView, R>(
      *args[0], *args[1], rows, result, [&](StringView text, StringView pattern_text, idx_t row) {
        return parse(text, patterns.get(std::string_view(pattern_text)), row);
      });
}

//! to_date / to_timestamp / to_timestamp_ntz / unix_timestamp and the try_ forms with a pattern
//! (unix_timestamp's default pattern when `args` has no second argument).
BoundScalarFunction bindParse(std::string name, ParseTarget target, bool try_mode,
                              std::string try_function, const BindRequest& request) {
  DataType input = expectArgumentOneOf(
      request, 0,
      {DataType::string(), DataType::date(), DataType::timestamp(), DataType::timestampNtz()});
  std::vector<DataType> types{input};
  std::shared_ptr<const DatetimePattern> constant;
  if (request.argument_types.size() == 2) {
    types.push_back(expectArgument(request, 1, DataType::string()));
    if (input.id() == TypeId::kString)
      constant = constantPattern(request, 1, true);
  } else {
    constant =
        std::make_shared<DatetimePattern>(DatetimePattern::compileForParsing(kDefaultPattern));
  }
  DataType output = outputOf(target);
  TypeId from = input.id();
  ScalarKernel kernel = [target, try_mode, try_function, constant, from](
                            const ExecContext& context, const ArgumentVectors& args,
                            const RowSet& rows, Vector& result) {
    if (from != TypeId::kString) {
      const TimeZone& zone = sessionZone(context);
      auto convert = [&]<typename In, typename R>() {
        unaryLoop<In, R>(*args[0], rows, result, [&](In value, idx_t) {
          return static_cast<R>(convertDatetime(from, value, target, zone));
        });
      };
      bool date_in = from == TypeId::kDate;
      bool date_out = target == ParseTarget::kDate;
      if (date_in && date_out)
        convert.template operator()<int32_t, int32_t>();
      if (date_in && !date_out)
        convert.template operator()<int32_t, int64_t>();
      if (!date_in && date_out)
        convert.template operator()<int64_t, int32_t>();
      if (!date_in && !date_out)
        convert.template operator()<int64_t, int64_t>();
      return;
    }
    PatternSource patterns(constant, true);
    if (target == ParseTarget::kDate) {
      parseLoop<int32_t>(context, args, rows, result, patterns, target, try_mode, try_function);
    } else {
      parseLoop<int64_t>(context, args, rows, result, patterns, target, try_mode, try_function);
    }
  };
  return {std::move(name), std::move(types), std::move(output), std::move(kernel)};
}

//! to_date(x [, fmt]) and its kin: a cast without a pattern, a parse with one.
void addParseFunction(FunctionRegistry& registry, std::string name, ParseTarget target,
                      bool try_mode, std::string try_function) {
  registry.addScalar({name, 1, 2, [=](const BindRequest& request) {
                        if (request.argument_types.size() == 1)
                          return bindCastCall(name, request, outputOf(target), try_mode);
                        return bindParse(name, target, try_mode, try_function, request);
                      }});
}

BoundScalarFunction bindUnixTimestamp(std::string name, const BindRequest& request) {
  if (request.argument_types.empty())
    return bindNow(name, Now::kUnixSeconds);
  return bindParse(std::move(name), ParseTarget::kUnixSeconds, false, "try_to_timestamp", request);
}

BoundScalarFunction bindDateFormat(const BindRequest& request) {
  DataType timestamp = expectArgument(request, 0, DataType::timestamp());
  DataType pattern = expectArgument(request, 1, DataType::string());
  std::shared_ptr<const DatetimePattern> constant = constantPattern(request, 1, false);
  ScalarKernel kernel = [constant](const ExecContext& context, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    PatternSource patterns(constant, false);
    binaryLoop<int64_t, StringView, StringView>(
        *args[0], *args[1], rows, result, [&](int64_t micros, StringView text, idx_t) {
          return result.addString(
              patterns.get(std::string_view(text)).formatTimestamp(micros, zone));
        });
  };
  return {"date_format", {timestamp, pattern}, DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindFromUnixtime(const BindRequest& request) {
  DataType seconds = expectArgument(request, 0, DataType::longType());
  std::vector<DataType> types{seconds};
  std::shared_ptr<const DatetimePattern> constant;
  if (request.argument_types.size() == 2) {
    types.push_back(expectArgument(request, 1, DataType::string()));
    constant = constantPattern(request, 1, false);
  } else {
    constant = std::make_shared<DatetimePattern>(DatetimePattern::compile(kDefaultPattern));
  }
  ScalarKernel kernel = [constant](const ExecContext& context, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    const TimeZone& zone = sessionZone(context);
    PatternSource patterns(constant, false);
    auto format = [&](int64_t secs, std::string_view pattern_text) {
      // Spark multiplies without an overflow check; the product wraps as in Java.
      auto micros = static_cast<int64_t>(static_cast<uint64_t>(secs) *
                                         static_cast<uint64_t>(kMicrosPerSecond));
      return result.addString(patterns.get(pattern_text).formatTimestamp(micros, zone));
    };
    if (args.size() == 1) {
      unaryLoop<int64_t, StringView>(*args[0], rows, result, [&](int64_t secs, idx_t) {
        return format(secs, kDefaultPattern);
      });
      return;
    }
    binaryLoop<int64_t, StringView, StringView>(
        *args[0], *args[1], rows, result,
        [&](int64_t secs, StringView text, idx_t) { return format(secs, text); });
  };
  return {"from_unixtime", std::move(types), DataType::string(), std::move(kernel)};
}

//! to_time(text [, pattern]) and try_to_time: without a pattern CAST(text AS TIME); with one,
//! the time of day the pattern reads (a pattern without hours reads midnight's).
BoundScalarFunction bindToTime(std::string name, bool try_mode, const BindRequest& request) {
  std::vector<DataType> types{expectArgumentWithoutCast(request, 0, DataType::string())};
  if (request.argument_types.size() == 1) {
    ScalarKernel kernel = [try_mode](const ExecContext& context, const ArgumentVectors& args,
                                     const RowSet& rows, Vector& result) {
      castVector(context, *args[0], rows, result, try_mode);
    };
    return {std::move(name), std::move(types), DataType::time(), std::move(kernel)};
  }
  types.push_back(expectArgument(request, 1, DataType::string()));
  std::shared_ptr<const DatetimePattern> constant = constantPattern(request, 1, true);
  ScalarKernel kernel = [try_mode, constant](const ExecContext&, const ArgumentVectors& args,
                                             const RowSet& rows, Vector& result) {
    PatternSource patterns(constant, true);
    binaryLoop<StringView, StringView, int64_t>(
        *args[0], *args[1], rows, result,
        [&](StringView text, StringView pattern_text, idx_t row) -> int64_t {
          std::optional<int64_t> parsed =
              patterns.get(std::string_view(pattern_text)).parseTimestampNtz(text.view());
          if (parsed)
            return floorModulo(*parsed, kMicrosPerDay);
          if (!try_mode) {
            throwError(ErrorClass::CANNOT_PARSE_TIME,
                       "The input string '{}' cannot be parsed to a TIME value because it does "
                       "not match to the datetime format '{}'.",
                       text.view(), pattern_text.view());
          }
          result.setNull(row);
          return 0;
        });
  };
  return {std::move(name), std::move(types), DataType::time(), std::move(kernel)};
}

}  // namespace

void registerDatetimeConversionFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"to_time", 1, 2, [](const BindRequest& r) { return bindToTime("to_time", false, r); }});
  registry.addScalar({"try_to_time", 1, 2,
                      [](const BindRequest& r) { return bindToTime("try_to_time", true, r); }});
  registry.addScalar({"current_date", 0, 0,
                      [](const BindRequest&) { return bindNow("current_date", Now::kDate); }},
                     {"curdate"});
  registry.addScalar({"current_timestamp", 0, 0, [](const BindRequest&) {
                        return bindNow("current_timestamp", Now::kTimestamp);
                      }});
  registry.addScalar(
      {"now", 0, 0, [](const BindRequest&) { return bindNow("now", Now::kTimestamp); }});
  registry.addScalar({"localtimestamp", 0, 0, [](const BindRequest&) {
                        return bindNow("localtimestamp", Now::kLocalTimestamp);
                      }});
  registry.addScalar({"date", 1, 1, [](const BindRequest& r) {
                        return bindCastCall("date", r, DataType::date(), false);
                      }});
  addParseFunction(registry, "to_date", ParseTarget::kDate, false, "try_to_date");
  addParseFunction(registry, "try_to_date", ParseTarget::kDate, true, "try_to_date");
  addParseFunction(registry, "to_timestamp", ParseTarget::kTimestamp, false, "try_to_timestamp");
  addParseFunction(registry, "to_timestamp_ltz", ParseTarget::kTimestamp, false,
                   "try_to_timestamp");
  addParseFunction(registry, "try_to_timestamp", ParseTarget::kTimestamp, true, "try_to_timestamp");
  addParseFunction(registry, "to_timestamp_ntz", ParseTarget::kTimestampNtz, false,
                   "try_to_timestamp");
  registry.addScalar({"unix_timestamp", 0, 2,
                      [](const BindRequest& r) { return bindUnixTimestamp("unix_timestamp", r); }});
  registry.addScalar({"to_unix_timestamp", 1, 2, [](const BindRequest& r) {
                        return bindUnixTimestamp("to_unix_timestamp", r);
                      }});
  registry.addScalar({"date_format", 2, 2, bindDateFormat});
  registry.addScalar({"from_unixtime", 1, 2, bindFromUnixtime});
}

}  // namespace sluice
