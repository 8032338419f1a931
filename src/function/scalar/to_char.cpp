// src/function/scalar/to_char.cpp
//
// to_char / to_varchar(expr, format) for the inputs whose formats other functions already
// implement, as Spark's ToCharacterBuilder dispatches them: a DATE or TIMESTAMP is
// date_format(expr, format); a BINARY is written as 'base64', 'hex' or 'utf-8' / 'utf8'
// (a constant, case-insensitive; another name is INVALID_PARAMETER_VALUE.BINARY_FORMAT); a
// number, cast to DECIMAL, is written with a number format ('999,999.99', 'S$999D00', ...).
#include <cctype>
#include <memory>

#include "common/error/error.hpp"
#include "common/text/utf8_repair.hpp"
#include "common/types/decimal.hpp"
#include "common/types/value_text.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/number_format.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

//! Binds the built-in `delegate` to the first `count` arguments of `request`; the call keeps
//! all of its arguments, and the kernel passes the first `count` on.
BoundScalarFunction delegateToBuiltin(const BindRequest& request, std::string_view delegate,
                                      size_t count) {
  BindRequest inner = request;
  inner.argument_types.resize(count);
  inner.argument_is_literal.resize(count);
  inner.argument_constants.resize(count);
  BoundScalarFunction bound = FunctionRegistry::builtin().findScalar(delegate)->bind(inner);
  bound.name = std::string(request.name);
  for (size_t i = count; i < request.argument_types.size(); ++i)
    bound.argument_types.push_back(DataType::string());
  ScalarKernel kernel = [inner_kernel = std::move(bound.kernel), count](
                            const ExecContext& context, const ArgumentVectors& args,
                            const RowSet& rows, Vector& result) {
    ArgumentVectors passed(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(count));
    inner_kernel(context, passed, rows, result);
  };
  bound.kernel = std::move(kernel);
  return bound;
}

[[noreturn]] void throwNonFoldableFormat(std::string_view function) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input format "
                          "should be a foldable \"STRING\" expression.",
                          function));
}

template <typename T>
void formatRows(const NumberFormat& format, const DataType& input, const Vector& numbers,
                const RowSet& rows, Vector& result) {
  StringView* out = result.mutableData<StringView>();
  forEachRow(rows, [&](idx_t row) {
    if (numbers.isNull(row)) {
      result.setNull(row);
      return;
    }
    int128_t unscaled = numbers.at<T>(row);
    std::optional<std::string> text = format.format(unscaled, input.scale());
    if (!text) {
      throw Error(ErrorClass::INVALID_FORMAT, "MISMATCH_INPUT",
                  fmt::format("The format is invalid: '{}'. The input \"{}\" {} does not match "
                              "the format.",
                              format.text(), input.sql(), formatDecimal(unscaled, input.scale())));
    }
    result.setNull(row, false);
    out[row] = result.addString(*text);
  });
}

//! A number written with a number format, as Spark's ToCharacter: the number is cast to the
//! DECIMAL that holds it.
BoundScalarFunction bindNumberToChar(const BindRequest& request) {
  DataType input = decimal::forType(request.argument_types[0]);
  std::shared_ptr<const NumberFormat> format = numberFormatArgument(request, 1);
  if (!format) {
    return {std::string(request.name),
            {input, DataType::string()},
            DataType::string(),
            [](const ExecContext&, const ArgumentVectors&, const RowSet& rows, Vector& result) {
              forEachRow(rows, [&](idx_t row) { result.setNull(row); });
            }};
  }
  ScalarKernel kernel = [format, input](const ExecContext&, const ArgumentVectors& args,
                                        const RowSet& rows, Vector& result) {
    if (input.isWideDecimal())
      formatRows<int128_t>(*format, input, *args[0], rows, result);
    else
      formatRows<int64_t>(*format, input, *args[0], rows, result);
  };
  return {std::string(request.name),
          {input, DataType::string()},
          DataType::string(),
          std::move(kernel)};
}

BoundScalarFunction bindToChar(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  if (input.isDatetime())
    return delegateToBuiltin(request, "date_format", 2);
  if (input.id() == TypeId::kBinary) {
    const Value* format = constantArgument(request, 1);
    if (format == nullptr || !(request.argument_types[1].id() == TypeId::kString))
      throwNonFoldableFormat(request.name);
    std::string name = format->getString();
    for (char& c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "base64")
      return delegateToBuiltin(request, "base64", 1);
    if (name == "hex")
      return delegateToBuiltin(request, "hex", 1);
    if (name == "utf-8" || name == "utf8") {
      return {std::string(request.name),
              {DataType::binary(), DataType::string()},
              DataType::string(),
              stringResultKernel<StringView, StringView>(
                  [](std::string& out, StringView bytes, StringView) {
                    appendRepairedUtf8(out, bytes);
                    return true;
                  })};
    }
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "BINARY_FORMAT",
                fmt::format("The value of parameter(s) `format` in `{}` is invalid: expects one of "
                            "binary formats 'base64', 'hex', 'utf-8', but got '{}'.",
                            request.name, format->getString()));
  }
  if (input.isNumeric())
    return bindNumberToChar(request);
  throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: The first parameter "
                          "requires a numeric, datetime or binary type, however it has the type "
                          "\"{}\".",
                          request.name, input.sql()));
}

}  // namespace

void registerToCharFunctions(FunctionRegistry& registry) {
  for (const char* name : {"to_char", "to_varchar"}) {
    registry.addScalar({name, 2, 2, bindToChar});
  }
}

}  // namespace sluice
