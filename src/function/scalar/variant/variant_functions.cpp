// src/function/scalar/variant/variant_functions.cpp
//
// The VARIANT functions of Spark 4: parse_json and try_parse_json (JSON text to VARIANT),
// is_variant_null, variant_get and try_variant_get (a path, then a cast), schema_of_variant
// (variant_schema.*) and to_variant_object.
#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "common/variant/variant_json.hpp"
#include "function/cast/variant_cast.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"
#include "function/scalar/variant/variant_path.hpp"
#include "function/scalar/variant/variant_schema.hpp"

namespace sluice {

namespace {

using variant::VariantBuilder;
using variant::VariantRef;

BoundScalarFunction bindParseJson(const BindRequest& request, bool try_mode) {
  DataType input = expectArgument(request, 0, DataType::string());
  std::string name = try_mode ? "try_parse_json" : "parse_json";
  ScalarKernel kernel = [try_mode](const ExecContext&, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    variant::JsonToVariant parser;
    std::string encoded;
    unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView text, idx_t row) {
      if (parser.encode(text, encoded))
        return result.addString(encoded);
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
      writeVariantAs(context, *found, result, row, try_mode);
    });
  };
  return {std::move(name), std::move(argument_types), target, std::move(kernel)};
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
