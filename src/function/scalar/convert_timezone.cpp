// src/function/scalar/convert_timezone.cpp
//
// convert_timezone([source_tz, ]target_tz, source_ts): reads the wall-clock TIMESTAMP_NTZ
// source_ts in source_tz (the session zone when omitted) and gives the wall clock of that
// instant in target_tz, as a TIMESTAMP_NTZ. An unknown zone is INVALID_TIMEZONE.
#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/nary_loop.hpp"

namespace sluice {

namespace {

std::shared_ptr<const TimeZone> conversionZone(std::string_view name) {
  auto zone = TimeZone::find(name);
  if (!zone) {
    throw Error(ErrorClass::INVALID_TIMEZONE,
                fmt::format("The timezone: {} is invalid. The timezone must be either a "
                            "region-based zone ID or a zone offset. Region IDs must have the form "
                            "'area/city', such as 'America/Los_Angeles'. Zone offsets must be in "
                            "the format '(+|-)HH', '(+|-)HH:mm' or '(+|-)HH:mm:ss', e.g '-08', "
                            "'+01:00' or '-13:33:33', and must be in the range from -18:00 to "
                            "+18:00. 'Z' and 'UTC' are accepted as synonyms for '+00:00'.",
                            name));
  }
  return zone;
}

int64_t convertWallClock(int64_t micros, const TimeZone& source, const TimeZone& target) {
  return target.toLocal(source.toUtc(micros));
}

BoundScalarFunction bindConvertTimezone(const BindRequest& request) {
  bool has_source = request.argument_types.size() == 3;
  std::vector<DataType> types;
  for (size_t i = 0; i + 1 < request.argument_types.size(); ++i)
    types.push_back(expectArgument(request, i, DataType::string()));
  types.push_back(expectArgument(request, types.size(), DataType::timestampNtz()));
  ScalarKernel kernel = [has_source](const ExecContext& context, const ArgumentVectors& args,
                                     const RowSet& rows, Vector& result) {
    if (has_source) {
      naryLoop<int64_t, StringView, StringView, int64_t>(
          args, rows, result, [](idx_t, StringView source, StringView target, int64_t micros) {
            return convertWallClock(micros, *conversionZone(source), *conversionZone(target));
          });
      return;
    }
    const TimeZone& session = datetime::sessionZone(context);
    naryLoop<int64_t, StringView, int64_t>(
        args, rows, result, [&](idx_t, StringView target, int64_t micros) {
          return convertWallClock(micros, session, *conversionZone(target));
        });
  };
  return {"convert_timezone", std::move(types), DataType::timestampNtz(), std::move(kernel)};
}

}  // namespace

void registerConvertTimezoneFunctions(FunctionRegistry& registry) {
  registry.addScalar({"convert_timezone", 2, 3, bindConvertTimezone});
}

}  // namespace sluice
