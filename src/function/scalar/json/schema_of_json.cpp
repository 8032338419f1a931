// src/function/scalar/json/schema_of_json.cpp
//
// schema_of_json(json[, options]): the schema Spark's JSON schema inference gives a constant
// JSON text, as a DDL string ("STRUCT<a: BIGINT, b: ARRAY<STRING>>"). With the default options:
// integers are BIGINT (DECIMAL(p,0) beyond BIGINT, DOUBLE beyond 38 digits), other numbers
// DOUBLE, strings STRING (no date or timestamp inference), objects STRUCTs with fields sorted by
// name; array elements are merged to their common type, whatever does not merge becoming
// STRING. null becomes STRING and empty objects are dropped, as Spark's canonicalization does.
// Options: primitivesAsString (numbers and booleans are STRING), prefersDecimal (a number with
// a fraction is the DECIMAL of its digits when it fits, as Java's BigDecimal sees it; one with a
// negative scale, such as 1e3, stays DOUBLE) and the parser features of from_json.

#include <algorithm>
#include <optional>

#include "common/csv/csv_value_text.hpp"
#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/json_type_widening.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/json/json_tree.hpp"
#include "function/scalar/options_argument.hpp"

namespace sluice {

namespace {

using json::Node;
using json::NodeKind;

//! The type of a JSON integer: BIGINT, or DECIMAL / DOUBLE for Jackson's BigInteger.
DataType integerType(const std::string& digits) {
  std::string_view magnitude = digits;
  if (!magnitude.empty() && magnitude[0] == '-')
    magnitude.remove_prefix(1);
  bool fits_long =
      magnitude.size() < 19 ||
      (magnitude.size() == 19 &&
       magnitude <= (digits[0] == '-' ? "9223372036854775808" : "9223372036854775807"));
  if (fits_long)
    return DataType::longType();
  if (magnitude.size() <= DataType::kMaxDecimalPrecision)
    return DataType::decimal(static_cast<int>(magnitude.size()), 0);
  return DataType::doubleType();
}

struct SchemaOfJsonOptions {
  json::ReadOptions read = json::jsonOptionsReadDefaults();
  bool primitives_as_string = false;
  bool prefers_decimal = false;
};

SchemaOfJsonOptions readSchemaOfJsonOptions(const Value* map) {
  SchemaOfJsonOptions options;
  forEachOption(map, [&](const std::string& name, const std::string& value) {
    if (sameIdentifier(name, "primitivesAsString"))
      options.primitives_as_string = sameIdentifier(value, "true");
    else if (sameIdentifier(name, "prefersDecimal"))
      options.prefers_decimal = sameIdentifier(value, "true");
    else
      json::applyReadOption(options.read, name, value);
  });
  return options;
}

//! A number with a fraction or exponent under prefersDecimal: DECIMAL(max(p, s), s) of the
//! digits Java's BigDecimal reads, DOUBLE when that does not fit or the scale is negative.
DataType preferredDecimalType(const std::string& text) {
  int64_t precision = 0;
  int64_t scale = 0;
  if (!csv::scanBigDecimal(text, precision, scale) || scale < 0)
    return DataType::doubleType();
  int64_t digits = std::max(precision, scale);
  if (digits > DataType::kMaxDecimalPrecision)
    return DataType::doubleType();
  return DataType::decimal(static_cast<int>(digits), static_cast<int>(scale));
}

//! JsonInferSchema.inferField.
DataType inferType(const Node& node, const SchemaOfJsonOptions& options) {
  switch (node.kind) {
    case NodeKind::kNull:
      return DataType::voidType();
    case NodeKind::kString:
      return DataType::string();
    case NodeKind::kTrue:
    case NodeKind::kFalse:
      return options.primitives_as_string ? DataType::string() : DataType::boolean();
    case NodeKind::kInteger:
      return options.primitives_as_string ? DataType::string() : integerType(node.text);
    case NodeKind::kFloat:
      if (options.primitives_as_string)
        return DataType::string();
      return options.prefers_decimal ? preferredDecimalType(node.text) : DataType::doubleType();
    case NodeKind::kArray: {
      DataType element = DataType::voidType();
      for (const Node& child : node.elements)
        element = json::compatibleJsonType(element, inferType(child, options));
      return DataType::array(element);
    }
    case NodeKind::kObject: {
      std::vector<StructField> fields;
      for (const auto& [name, value] : node.fields)
        fields.push_back(StructField{name, inferType(value, options), true, {}});
      std::stable_sort(fields.begin(), fields.end(),
                       [](const StructField& a, const StructField& b) { return a.name < b.name; });
      return DataType::structOf(std::move(fields));
    }
  }
  return DataType::string();
}

//! JsonInferSchema.canonicalizeType: NULL becomes STRING, empty structs disappear.
std::optional<DataType> canonicalize(const DataType& type) {
  switch (type.id()) {
    case TypeId::kVoid:
      return DataType::string();
    case TypeId::kArray: {
      std::optional<DataType> element = canonicalize(type.elementType());
      if (!element)
        return std::nullopt;
      return DataType::array(*element);
    }
    case TypeId::kStruct: {
      std::vector<StructField> fields;
      for (const StructField& field : type.fields()) {
        if (field.name.empty())
          continue;
        if (std::optional<DataType> canonical = canonicalize(field.type))
          fields.push_back(StructField{field.name, *canonical, true, {}});
      }
      if (fields.empty())
        return std::nullopt;
      return DataType::structOf(std::move(fields));
    }
    default:
      return type;
  }
}

DataType schemaOf(const Node& root, const SchemaOfJsonOptions& options) {
  DataType inferred = inferType(root, options);
  if (inferred.id() == TypeId::kStruct)
    return canonicalize(inferred).value_or(DataType::structOf({}));
  if (inferred.id() == TypeId::kArray && inferred.elementType().id() == TypeId::kStruct) {
    std::optional<DataType> element = canonicalize(inferred.elementType());
    return DataType::array(element.value_or(DataType::structOf({})));
  }
  return canonicalize(inferred).value_or(DataType::string());
}

BoundScalarFunction bindSchemaOfJson(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  const Value* constant = constantArgument(request, 0);
  if (constant == nullptr || constant->isNull()) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `json` "
                            "should be a foldable \"STRING\" expression; however, got \"{}\".",
                            request.name, constant == nullptr ? "json" : "NULL"));
  }
  std::vector<DataType> argument_types = {input};
  if (request.argument_types.size() > 1)
    argument_types.push_back(request.argument_types[1]);
  // The "options" this function reads are the DDL they make inference give.
  std::string text = constant->getString();
  OptionsArgument<std::string> ddl(request, 1, [text](const Value* map) {
    SchemaOfJsonOptions options = readSchemaOfJsonOptions(map);
    std::optional<Node> root = json::parseFirstValue(text, options.read);
    if (!root) {
      throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
                  fmt::format("Malformed records are detected in record parsing: [{}].", text));
    }
    return schemaOf(*root, options).sql();
  });
  return {"schema_of_json", std::move(argument_types), DataType::string(),
          textOfOptionsKernel(std::move(ddl))};
}

}  // namespace

void registerSchemaOfJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"schema_of_json", 1, 2, bindSchemaOfJson});
}

}  // namespace sluice
