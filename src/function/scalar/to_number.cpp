// src/function/scalar/to_number.cpp
//
// to_number(expr, format) and try_to_number(expr, format): the DECIMAL that the string `expr`
// spells in a number format ('$99,999.99', 'S999D00', '999PR', ...), typed by the format's
// digits. A string that does not match is INVALID_FORMAT.MISMATCH_INPUT (NULL for
// try_to_number); the format must be a constant.
#include <memory>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/number_format.hpp"

namespace sluice {

namespace {

template <typename T>
void parseRows(const NumberFormat& format, bool null_on_mismatch, const Vector& input,
               const RowSet& rows, Vector& result) {
  T* out = result.mutableData<T>();
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row)) {
      result.setNull(row);
      return;
    }
    std::string_view text(input.at<StringView>(row));
    std::optional<int128_t> value = format.parse(text);
    if (!value) {
      if (null_on_mismatch) {
        result.setNull(row);
        return;
      }
      throw Error(ErrorClass::INVALID_FORMAT, "MISMATCH_INPUT",
                  fmt::format("The format is invalid: '{}'. The input \"STRING\" '{}' does not "
                              "match the format.",
                              format.text(), text));
    }
    result.setNull(row, false);
    out[row] = static_cast<T>(*value);
  });
}

BoundScalarFunction bindToNumber(const BindRequest& request, bool null_on_mismatch) {
  DataType input = expectArgument(request, 0, DataType::string());
  std::shared_ptr<const NumberFormat> format = numberFormatArgument(request, 1);
  // A NULL format gives NULL, typed as Spark's default DECIMAL.
  if (!format) {
    return {std::string(request.name),
            {input, DataType::string()},
            DataType::decimal(10, 0),
            [](const ExecContext&, const ArgumentVectors&, const RowSet& rows, Vector& result) {
              forEachRow(rows, [&](idx_t row) { result.setNull(row); });
            }};
  }
  DataType result_type = format->resultType();
  ScalarKernel kernel = [format, null_on_mismatch, wide = result_type.isWideDecimal()](
                            const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                            Vector& result) {
    if (wide)
      parseRows<int128_t>(*format, null_on_mismatch, *args[0], rows, result);
    else
      parseRows<int64_t>(*format, null_on_mismatch, *args[0], rows, result);
  };
  return {std::string(request.name), {input, DataType::string()}, result_type, std::move(kernel)};
}

}  // namespace

void registerToNumberFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"to_number", 2, 2, [](const BindRequest& r) { return bindToNumber(r, false); }});
  registry.addScalar(
      {"try_to_number", 2, 2, [](const BindRequest& r) { return bindToNumber(r, true); }});
}

}  // namespace sluice
