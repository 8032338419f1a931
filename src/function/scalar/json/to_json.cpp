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
  if (map == nullptr || map->isNull())
    return options;
  auto pattern = [](const Value& text) {
    return std::make_shared<const DatetimePattern>(DatetimePattern::compile(text.getString()));
  };
  for (const Value& entry : map->children()) {
    const Value& key = entry.children()[0];
    const Value& value = entry.children()[1];
    if (key.isNull() || value.isNull())
      continue;
    const std::string& name = key.getString();
    if (sameIdentifier(name, "timestampFormat"))
      options.timestamp_format = pattern(value);
    else if (sameIdentifier(name, "timestampNTZFormat"))
      options.timestamp_ntz_format = pattern(value);
    else if (sameIdentifier(name, "dateFormat"))
      options.date_format = pattern(value);
    else if (sameIdentifier(name, "ignoreNullFields"))
      options.ignore_null_fields = !sameIdentifier(value.getString(), "false");
  }
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
  bool has_options = request.argument_types.size() > 1;
  if (has_options)
    requireOptionsMap(request.argument_types[1]);
  // Options are a constant map; a map() call that the binder did not fold is read once per
  // batch, from its first row.
  std::shared_ptr<const JsonGeneratorOptions> constant_options;
  if (!has_options || request.argument_constants[1] != nullptr) {
    constant_options = std::make_shared<const JsonGeneratorOptions>(
        readToJsonOptions(has_options ? request.argument_constants[1] : nullptr));
  }
  ScalarKernel kernel = [constant_options](const ExecContext& context, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
    if (rows.count == 0)
      return;
    std::optional<JsonGeneratorOptions> batch_options;
    if (!constant_options) {
      Value map = args[1]->getValue(rows.row(0));
      batch_options = readToJsonOptions(&map);
    }
    JsonGenerator writer(constant_options ? *constant_options : *batch_options,
                         datetime::sessionZone(context));
    const Vector& values = *args[0];
    StringView* out = result.mutableData<StringView>();
    std::string text;
    forEachRow(rows, [&](idx_t row) {
      if (values.isNull(row)) {
        result.setNull(row);
        return;
      }
      text.clear();
      writer.appendValue(text, values.getValue(row));
      result.setNull(row, false);
      out[row] = result.addString(text);
    });
  };
  return {"to_json", request.argument_types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerToJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_json", 1, 2, bindToJson});
}

}  // namespace sluice
