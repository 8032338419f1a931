// src/function/scalar/variant/variant_functions.cpp
//
// The VARIANT functions of Spark 4: parse_json and try_parse_json (JSON text to VARIANT),
// is_variant_null, variant_get and try_variant_get (a path, then a cast), schema_of_variant
// and to_variant_object.
#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/json_type_widening.hpp"
#include "common/types/type_coercion.hpp"
#include "common/variant/variant_json.hpp"
#include "function/cast/variant_cast.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/variant/variant_path.hpp"

namespace sluice {

namespace {

using variant::VariantBuilder;
using variant::VariantRef;

//! The encoded variant of `text`, or nullopt for malformed JSON (and, as Spark's parse_json
//! wraps every failure, for a key given twice).
std::optional<std::string> parseJsonText(std::string_view text) {
  VariantBuilder builder;
  try {
    if (!variant::appendJson(builder, text))
      return std::nullopt;
  } catch (const Error& error) {
    if (error.errorClass() != ErrorClass::VARIANT_DUPLICATE_KEY)
      throw;
    return std::nullopt;
  }
  return builder.finish("parse_json");
}

BoundScalarFunction bindParseJson(const BindRequest& request, bool try_mode) {
  DataType input = expectArgument(request, 0, DataType::string());
  std::string name = try_mode ? "try_parse_json" : "parse_json";
  ScalarKernel kernel = [try_mode](const ExecContext&, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView text, idx_t row) {
      std::optional<std::string> encoded = parseJsonText(text);
      if (encoded)
        return result.addString(*encoded);
      if (!try_mode) {
        throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
                    fmt::format("Malformed records are detected in record parsing: {}. Parse "
                                "Mode: FAILFAST. To process malformed records as null result, "
                                "try setting the option 'mode' as 'PERMISSIVE'.",
                                std::string_view(text)));
      }
      result.setNull(row);
      return StringView();
    });
  };
  return {std::move(name), {input}, DataType::variant(), std::move(kernel)};
}

BoundScalarFunction bindIsVariantNull(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::variant());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& values = *args[0];
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      // A SQL NULL is not a variant null.
      result.mutableData<uint8_t>()[row] =
          !values.isNull(row) && VariantRef::fromEncoded(values.at<StringView>(row)).isNull();
    });
  };
  return {"is_variant_null", {input}, DataType::boolean(), std::move(kernel)};
}

//! variant_get(v, path [, type]): the planner has replaced `type` by a NULL of the target type.
BoundScalarFunction bindVariantGet(const BindRequest& request, bool try_mode) {
  std::string name = try_mode ? "try_variant_get" : "variant_get";
  DataType input = expectArgument(request, 0, DataType::variant());
  DataType path_type = expectArgument(request, 1, DataType::string());
  DataType target = DataType::variant();
  std::vector<DataType> argument_types = {input, path_type};
  if (request.argument_types.size() == 3) {
    target = request.argument_types[2];
    argument_types.push_back(target);
    if (!isVariantConvertible(target)) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast "
                              "\"VARIANT\" to \"{}\".",
                              name, target.sql()));
    }
  }
  std::optional<VariantPath> constant_path;
  if (const Value* path = constantArgument(request, 1); path != nullptr && !path->isNull()) {
    constant_path = parseVariantPath(path->getString());
    if (!constant_path)
      raiseInvalidVariantPath(path->getString(), name);
  }
  ScalarKernel kernel = [constant_path, target, try_mode, name](
                            const ExecContext& context, const ArgumentVectors& args,
                            const RowSet& rows, Vector& result) {
    const Vector& values = *args[0];
    const Vector& paths = *args[1];
    forEachRow(rows, [&](idx_t row) {
      if (values.isNull(row) || paths.isNull(row))
        return result.setNull(row);
      std::optional<VariantPath> row_path;
      if (!constant_path) {
        std::string_view text = paths.at<StringView>(row);
        row_path = parseVariantPath(text);
        if (!row_path)
          raiseInvalidVariantPath(text, name);
      }
      const VariantPath& path = constant_path ? *constant_path : *row_path;
      VariantRef root = VariantRef::fromEncoded(values.at<StringView>(row));
      std::optional<VariantRef> found = followVariantPath(root, path);
      if (!found)
        return result.setNull(row);
      result.setValue(row, variantToValue(context, *found, target, try_mode));
    });
  };
  return {std::move(name), std::move(argument_types), target, std::move(kernel)};
}

//! Spark's SchemaOfVariant.schemaOf: objects as structs (fields in key order), arrays of the
//! merged element type, primitives as their SQL types.
DataType schemaOfVariant(const VariantRef& value) {
  switch (value.type()) {
    case variant::Type::kObject: {
      std::vector<StructField> fields;
      uint32_t size = value.objectSize();
      for (uint32_t i = 0; i < size; ++i) {
        variant::ObjectField field = value.fieldAt(i);
        fields.push_back(
            StructField{std::string(field.key), schemaOfVariant(field.value), true, {}});
      }
      return DataType::structOf(std::move(fields));
    }
    case variant::Type::kArray: {
      DataType element = DataType::voidType();
      uint32_t size = value.arraySize();
      for (uint32_t i = 0; i < size; ++i) {
        element = json::compatibleJsonType(element, schemaOfVariant(value.elementAt(i)),
                                           DataType::variant());
      }
      return DataType::array(element);
    }
    case variant::Type::kNull:
      return DataType::voidType();
    case variant::Type::kBoolean:
      return DataType::boolean();
    case variant::Type::kLong:
      return DataType::longType();
    case variant::Type::kString:
    case variant::Type::kUuid:
      return DataType::string();
    case variant::Type::kDouble:
      return DataType::doubleType();
    case variant::Type::kDecimal: {
      variant::DecimalValue decimal = variant::stripTrailingZeros(value.getDecimal());
      int precision = std::max(decimal::digitCount(decimal.unscaled), decimal.scale);
      return DataType::decimal(precision, decimal.scale);
    }
    case variant::Type::kDate:
      return DataType::date();
    case variant::Type::kTimestamp:
      return DataType::timestamp();
    case variant::Type::kTimestampNtz:
      return DataType::timestampNtz();
    case variant::Type::kFloat:
      return DataType::floatType();
    case variant::Type::kBinary:
      return DataType::binary();
  }
  return DataType::variant();
}

//! Spark's SchemaOfVariant.printSchema: structs as OBJECT<name: type, ...>.
std::string printVariantSchema(const DataType& type) {
  switch (type.id()) {
    case TypeId::kStruct: {
      std::string out = "OBJECT<";
      for (size_t i = 0; i < type.fields().size(); ++i) {
        const StructField& field = type.fields()[i];
        if (i > 0)
          out += ", ";
        out += sqlFieldName(field.name) + ": " + printVariantSchema(field.type);
      }
      return out + ">";
    }
    case TypeId::kArray:
      return "ARRAY<" + printVariantSchema(type.elementType()) + ">";
    default:
      return type.sql();
  }
}

BoundScalarFunction bindSchemaOfVariant(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::variant());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView value, idx_t) {
      return result.addString(printVariantSchema(schemaOfVariant(VariantRef::fromEncoded(value))));
    });
  };
  return {"schema_of_variant", {input}, DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindToVariantObject(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  bool nested =
      input.id() == TypeId::kStruct || input.id() == TypeId::kArray || input.id() == TypeId::kMap;
  if (!nested || !isVariantConvertible(input)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast \"{}\" "
                            "to \"VARIANT\".",
                            request.name, input.sql()));
  }
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& values = *args[0];
    forEachRow(rows, [&](idx_t row) {
      if (values.isNull(row))
        return result.setNull(row);
      result.setNull(row, false);
      result.mutableData<StringView>()[row] =
          result.addString(encodeAsVariant(values.getValue(row), "to_variant_object"));
    });
  };
  return {"to_variant_object", {input}, DataType::variant(), std::move(kernel)};
}

}  // namespace

void registerVariantFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"parse_json", 1, 1, [](const BindRequest& r) { return bindParseJson(r, false); }});
  registry.addScalar(
      {"try_parse_json", 1, 1, [](const BindRequest& r) { return bindParseJson(r, true); }});
  registry.addScalar({"is_variant_null", 1, 1, bindIsVariantNull});
  registry.addScalar(
      {"variant_get", 2, 3, [](const BindRequest& r) { return bindVariantGet(r, false); }});
  registry.addScalar(
      {"try_variant_get", 2, 3, [](const BindRequest& r) { return bindVariantGet(r, true); }});
  registry.addScalar({"schema_of_variant", 1, 1, bindSchemaOfVariant});
  registry.addScalar({"to_variant_object", 1, 1, bindToVariantObject});
}

}  // namespace sluice
