// src/function/scalar/datetime_names.cpp
//
// dayname and monthname (English three-letter names, as Java's TextStyle.SHORT in Locale.US),
// unix_date / date_from_unix_date (a DATE as days since 1970-01-01 and back) and
// current_timezone (the session zone, spark.sql.session.timeZone).
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

constexpr std::string_view kShortDayNames[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::string_view kShortMonthNames[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

//! A kernel naming the day or month of a DATE.
BoundScalarFunction bindDateName(const BindRequest& request, const char* name, bool month) {
  DataType input = expectArgument(request, 0, DataType::date());
  return {name,
          {input},
          DataType::string(),
          stringResultKernel<int32_t>([month](std::string& out, int32_t days) {
            if (month) {
              out += kShortMonthNames[civilFromDays(days).month - 1];
            } else {
              // 1970-01-01 was a Thursday.
              out += kShortDayNames[floorModulo(int64_t{days} + 4, 7)];
            }
            return true;
          })};
}

BoundScalarFunction bindUnixDate(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::date());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<int32_t, int32_t>(*args[0], rows, result, [](int32_t days, idx_t) { return days; });
  };
  return {"unix_date", {input}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindDateFromUnixDate(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::intType());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<int32_t, int32_t>(*args[0], rows, result, [](int32_t days, idx_t) { return days; });
  };
  return {"date_from_unix_date", {input}, DataType::date(), std::move(kernel)};
}

BoundScalarFunction bindCurrentTimezone(const BindRequest&) {
  ScalarKernel kernel = [](const ExecContext& context, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    StringView zone = result.addString(datetime::sessionZone(context).name());
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = zone;
    });
  };
  return {"current_timezone", {}, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerDatetimeNameFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"dayname", 1, 1, [](const BindRequest& r) { return bindDateName(r, "dayname", false); }});
  registry.addScalar(
      {"monthname", 1, 1, [](const BindRequest& r) { return bindDateName(r, "monthname", true); }});
  registry.addScalar({"unix_date", 1, 1, bindUnixDate});
  registry.addScalar({"date_from_unix_date", 1, 1, bindDateFromUnixDate});
  registry.addScalar({"current_timezone", 0, 0, bindCurrentTimezone});
}

}  // namespace sluice
