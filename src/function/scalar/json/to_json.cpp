// src/function/scalar/json/to_json.cpp
//
// to_json(struct | array | map [, options]): the value as Spark's JacksonGenerator writes it
// (common/text/json_generator.hpp). Options (a constant map): timestampFormat,
// timestampNTZFormat, dateFormat and ignoreNullFields; the others do not change the output of
// these types and are ignored.
// Interval fields are not supported (DATATYPE_MISMATCH at bind time).

#include <memory>
#include <optional>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/json_generator.hpp"
#include "common/types/datetime_pattern.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/options_argument.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

bool writable(const DataType& type) {
  switch (type.id()) {
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return false;
    case TypeId::kArray:
      return writable(type.elementType());
    case TypeId::kMap:
      return writable(type.keyType()) && writable(type.valueType());
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (!writable(field.type))
          return false;
      }
      return true;
    default:
      return true;
  }
}

//! Options from a MAP<STRING, STRING> value (null: the defaults).
JsonGeneratorOptions readToJsonOptions(const Value* map) {
  JsonGeneratorOptions options;
  auto pattern = [](const std::string& text) {
    return std::make_shared<const DatetimePattern>(DatetimePattern::compile(text));
  };
  forEachOption(map, [&](const std::string& name, const std::string& value) {
    if (sameIdentifier(name, "timestampFormat"))
      options.timestamp_format = pattern(value);
    else if (sameIdentifier(name, "timestampNTZFormat"))
      options.timestamp_ntz_format = pattern(value);
    else if (sameIdentifier(name, "dateFormat"))
      options.date_format = pattern(value);
    else if (sameIdentifier(name, "ignoreNullFields"))
      options.ignore_null_fields = !sameIdentifier(value, "false");
  });
  return options;
}

BoundScalarFunction bindToJson(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  TypeId id = input.id();
  bool json_shaped =
      id == TypeId::kStruct || id == TypeId::kArray || id == TypeId::kMap || id == TypeId::kVariant;
  if (!json_shaped || !writable(input)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_JSON_SCHEMA",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input schema \"{}\" "
                            "must be a struct, an array, a map or a variant.",
                            request.name, input.sql()));
  }
  OptionsArgument<JsonGeneratorOptions> options(request, 1, readToJsonOptions);
  ScalarKernel kernel = [options](const ExecContext& context, const ArgumentVectors& args,
                                  const RowSet& rows, Vector& result) {
    if (rows.count == 0)
      return;
    // The generator keeps a reference to the options: they live as long as it does.
    std::shared_ptr<const JsonGeneratorOptions> batch_options = options.forBatch(args, rows);
    JsonGenerator writer(*batch_options, datetime::sessionZone(context));
    writeTextOfValues(*args[0], rows, result, [&](const Value& value, std::string& text) {
      writer.appendValue(text, value);
    });
  };
  return {"to_json", request.argument_types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerToJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_json", 1, 2, bindToJson});
}

}  // namespace sluice
