// src/planner/binder/set_operation_binder.cpp
#include "planner/binder/set_operation_binder.hpp"

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/nested_key_encoding.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/logical/set_operation_plan.hpp"

namespace sluice {

namespace {

//! The operator as Spark names it in messages (its plan node's name in SQL words).
std::string operatorName(const sql::SetOperationBody& body) {
  bool all = body.quantifier == sql::SetQuantifier::kAll;
  switch (body.op) {
    case sql::SetOperator::kUnion:
      return "UNION";
    case sql::SetOperator::kIntersect:
      return all ? "INTERSECT ALL" : "INTERSECT";
    case sql::SetOperator::kExcept:
      return all ? "EXCEPT ALL" : "EXCEPT";
  }
  return "UNION";
}

}  // namespace

LogicalOperatorPtr castColumns(LogicalOperatorPtr input, const std::vector<DataType>& types) {
  if (input->column_types == types)
    return input;
  auto project = std::make_unique<LogicalOperator>();
  project->kind = LogicalOperatorKind::kProject;
  project->column_names = input->column_names;
  project->column_types = types;
  for (idx_t column = 0; column < types.size(); ++column) {
    project->expressions.push_back(ExpressionBinder::castTo(
        BoundExpression::makeColumn(column, input->column_types[column]), types[column]));
  }
  project->children.push_back(std::move(input));
  return project;
}

std::string ordinalNumber(size_t number) {
  switch (number) {
    case 1:
      return "first";
    case 2:
      return "second";
    case 3:
      return "third";
    default:
      return fmt::format("{}th", number);
  }
}

void refuseVariantDeduplication(const std::vector<std::string>& names,
                                const std::vector<DataType>& types, const sql::Statement& statement,
                                sql::SourcePosition position) {
  for (size_t column = 0; column < types.size(); ++column) {
    if (!containsVariantType(types[column]))
      continue;
    throw Error(ErrorClass::UNSUPPORTED_FEATURE, "SET_OPERATION_ON_VARIANT_TYPE",
                fmt::format("Cannot have VARIANT type columns in DataFrame which calls set "
                            "operations (INTERSECT, EXCEPT, etc.), but the type of column `{}` "
                            "is \"{}\".",
                            column < names.size() ? names[column] : "", types[column].sql()))
        .withLocation(statement.locate(position));
  }
}

LogicalOperatorPtr bindSetOperation(const sql::SetOperationBody& body,
                                    const QueryBodyBinder& bind_input,
                                    const sql::Statement& statement) {
  // Inputs first, so that an error inside one (a nested set operation) is raised first.
  LogicalOperatorPtr left = bind_input(*body.left);
  LogicalOperatorPtr right = bind_input(*body.right);
  std::string name = operatorName(body);
  if (left->column_types.size() != right->column_types.size()) {
    throw Error(ErrorClass::NUM_COLUMNS_MISMATCH,
                fmt::format("{} can only be performed on inputs with the same number of "
                            "columns, but the first input has {} columns and the second input "
                            "has {} columns.",
                            name, left->column_types.size(), right->column_types.size()))
        .withLocation(statement.locate(body.position));
  }
  std::vector<DataType> types;
  for (idx_t column = 0; column < left->column_types.size(); ++column) {
    const DataType& left_type = left->column_types[column];
    const DataType& right_type = right->column_types[column];
    std::optional<DataType> wider = findWiderType(left_type, right_type);
    if (!wider && !(left_type == right_type)) {
      throw Error(ErrorClass::INCOMPATIBLE_COLUMN_TYPE,
                  fmt::format("{} can only be performed on tables with compatible column types. "
                              "The {} column of the second table is \"{}\" type which is not "
                              "compatible with \"{}\" at the same column of the first table..",
                              name, ordinalNumber(column + 1), right_type.sql(), left_type.sql()))
          .withLocation(statement.locate(body.position));
    }
    types.push_back(wider ? *wider : left_type);
  }
  bool all = body.quantifier == sql::SetQuantifier::kAll;
  if (body.op != sql::SetOperator::kUnion || !all) {
    refuseVariantDeduplication(left->column_names, types, statement, body.position);
    // Deduplicating groups rows by every column, which the hash aggregate cannot do yet for
    // MAP values (Spark refuses them with UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE).
    for (const DataType& type : types) {
      if (type.isNested() && !isEncodedKeyType(type)) {
        throw Error(
            ErrorClass::NOT_SUPPORTED,
            fmt::format("{} over a column of type {} is not supported yet.",
                        body.op == sql::SetOperator::kUnion ? "UNION DISTINCT" : name, type.sql()))
            .withLocation(statement.locate(body.position));
      }
    }
  }
  left = castColumns(std::move(left), types);
  right = castColumns(std::move(right), types);

  switch (body.op) {
    case sql::SetOperator::kUnion: {
      std::vector<LogicalOperatorPtr> inputs;
      inputs.push_back(std::move(left));
      inputs.push_back(std::move(right));
      LogicalOperatorPtr both = makeUnionAll(std::move(inputs));
      return all ? std::move(both) : makeDistinctRows(std::move(both));
    }
    case sql::SetOperator::kIntersect:
      return makeIntersectOrExcept(
          std::move(left), std::move(right),
          all ? ReplicateMode::kIntersectAll : ReplicateMode::kIntersectDistinct);
    case sql::SetOperator::kExcept:
      return makeIntersectOrExcept(
          std::move(left), std::move(right),
          all ? ReplicateMode::kExceptAll : ReplicateMode::kExceptDistinct);
  }
  SLUICE_UNREACHABLE("unknown set operator");
}

}  // namespace sluice
