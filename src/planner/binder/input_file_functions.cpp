// src/planner/binder/input_file_functions.cpp
#include "planner/binder/input_file_functions.hpp"

#include <fmt/format.h>

#include <optional>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"

namespace sluice {

namespace {

//! The field of a file scan's `_metadata` each function reads, and its value outside a scan.
struct InputFileFunction {
  std::string_view name;
  std::string_view field;
  Value outside;
};

std::optional<InputFileFunction> inputFileFunction(std::string_view name) {
  std::string folded = foldIdentifier(name);
  if (folded == "input_file_name")
    return InputFileFunction{"input_file_name", "file_path", Value::string("")};
  if (folded == "input_file_block_start")
    return InputFileFunction{"input_file_block_start", "file_block_start", Value::longValue(-1)};
  if (folded == "input_file_block_length")
    return InputFileFunction{"input_file_block_length", "file_block_length", Value::longValue(-1)};
  return std::nullopt;
}

//! The index of `field` in a file scan's `_metadata` column of type `type`, if it is one.
std::optional<idx_t> metadataField(const ScopeColumn& column, std::string_view field) {
  if (!column.hidden || column.name != "_metadata" || column.type.id() != TypeId::kStruct)
    return std::nullopt;
  const std::vector<StructField>& fields = column.type.fields();
  for (idx_t index = 0; index < fields.size(); ++index) {
    if (fields[index].name == field)
      return index;
  }
  return std::nullopt;
}

}  // namespace

BoundExpressionPtr bindInputFileFunction(std::string_view name, size_t argument_count,
                                         const Scope& scope) {
  std::optional<InputFileFunction> function = inputFileFunction(name);
  if (!function)
    return nullptr;
  if (argument_count != 0) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires 0 parameters but the actual number is {}.",
                            function->name, argument_count));
  }
  std::optional<idx_t> source;
  std::optional<idx_t> field;
  for (idx_t column = 0; column < scope.size(); ++column) {
    std::optional<idx_t> found = metadataField(scope[column], function->field);
    if (!found)
      continue;
    if (source) {
      throw Error(ErrorClass::MULTI_SOURCES_UNSUPPORTED_FOR_EXPRESSION,
                  fmt::format("The expression \"{}()\" does not support more than one source.",
                              function->name));
    }
    source = column;
    field = found;
  }
  if (!source)
    return BoundExpression::makeConstant(function->outside);
  // NULL where the row has no file: the padded side of an outer join.
  auto value = std::make_unique<BoundExpression>();
  value->kind = BoundExpressionKind::kCoalesce;
  value->type = function->outside.type();
  value->children.push_back(BoundExpression::makeField(
      BoundExpression::makeColumn(*source, scope[*source].type), *field));
  value->children.push_back(BoundExpression::makeConstant(function->outside));
  return value;
}

}  // namespace sluice
