// src/function/scalar/json/schema_of_json.cpp
//
// schema_of_json(json): the schema Spark's JSON schema inference gives a constant JSON text,
// as a DDL string ("STRUCT<a: BIGINT, b: ARRAY<STRING>>"). With the default options:
// integers are BIGINT (DECIMAL(p,0) beyond BIGINT, DOUBLE beyond 38 digits), other numbers
// DOUBLE, strings STRING (no date or timestamp inference), objects STRUCTs with fields sorted by
// name; array elements are merged to their common type, whatever does not merge becoming
// STRING. null becomes STRING and empty objects are dropped, as Spark's canonicalization does.

#include <algorithm>
#include <optional>

#include "common/error/error.hpp"
#include "common/types/json_type_widening.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/json/json_tree.hpp"

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

//! JsonInferSchema.inferField.
DataType inferType(const Node& node) {
  switch (node.kind) {
    case NodeKind::kNull:
      return DataType::voidType();
    case NodeKind::kString:
      return DataType::string();
    case NodeKind::kTrue:
    case NodeKind::kFalse:
      return DataType::boolean();
    case NodeKind::kInteger:
      return integerType(node.text);
    case NodeKind::kFloat:
      return DataType::doubleType();
    case NodeKind::kArray: {
      DataType element = DataType::voidType();
      for (const Node& child : node.elements)
        element = json::compatibleJsonType(element, inferType(child));
      return DataType::array(element);
    }
    case NodeKind::kObject: {
      std::vector<StructField> fields;
      for (const auto& [name, value] : node.fields)
        fields.push_back(StructField{name, inferType(value), true, {}});
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

DataType schemaOf(const Node& root) {
  DataType inferred = inferType(root);
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
  std::optional<Node> root = json::parseFirstValue(constant->getString());
  if (!root) {
    throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
                fmt::format("Malformed records are detected in record parsing: [{}].",
                            constant->getString()));
  }
  std::string ddl = schemaOf(*root).sql();
  ScalarKernel kernel = [ddl](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                              Vector& result) {
    StringView text = result.addString(ddl);
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = text;
    });
  };
  return {"schema_of_json", {input}, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerSchemaOfJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"schema_of_json", 1, 1, bindSchemaOfJson});
}

}  // namespace sluice
