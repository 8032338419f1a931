// src/planner/binder/unpivot_binder.cpp
#include "planner/binder/unpivot_binder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! The name an unaliased IN item gives its rows: its columns' last name parts, joined by `_`.
std::string unpivotItemName(const sql::UnpivotColumns& item) {
  std::vector<std::string> names;
  for (const sql::ExprPtr& column : item.columns)
    names.push_back(column->as<sql::ColumnRefExpr>().name.back());
  return fmt::format("{}", fmt::join(names, "_"));
}

}  // namespace

LogicalOperatorPtr bindUnpivot(const sql::UnpivotRef& unpivot, LogicalOperatorPtr input,
                               const Scope& scope, const BindContext& context,
                               const sql::Statement& statement) {
  ExpressionBinder binder(context, statement, scope);
  size_t width = unpivot.value_columns.size();
  std::vector<bool> unpivoted(scope.size(), false);
  std::vector<std::vector<BoundExpressionPtr>> items;
  bool sizes_match = true;
  for (const sql::UnpivotColumns& item : unpivot.sets) {
    std::vector<BoundExpressionPtr> values;
    for (const sql::ExprPtr& column : item.columns) {
      values.push_back(binder.bind(*column));
      if (values.back()->kind == BoundExpressionKind::kColumn)
        unpivoted[values.back()->column_index] = true;
    }
    sizes_match = sizes_match && values.size() == width;
    items.push_back(std::move(values));
  }
  if (!sizes_match) {
    std::vector<size_t> sizes;
    for (const auto& values : items)
      sizes.push_back(values.size());
    throw Error(ErrorClass::UNPIVOT_VALUE_SIZE_MISMATCH,
                fmt::format("All unpivot value columns must have the same size as there are value "
                            "column names ({}); sizes: {}.",
                            width, fmt::join(sizes, ", ")))
        .withLocation(statement.locate(unpivot.position));
  }
  // Each value column takes the widest type of its values.
  std::vector<DataType> value_types;
  for (size_t value = 0; value < width; ++value) {
    std::vector<DataType> types;
    for (const auto& values : items)
      types.push_back(values[value]->type);
    std::optional<DataType> common = findWiderCommonType(types);
    if (!common) {
      std::vector<std::string> names;
      for (const DataType& type : types)
        names.push_back(fmt::format("\"{}\"", type.sql()));
      throw Error(ErrorClass::UNPIVOT_VALUE_DATA_TYPE_MISMATCH,
                  fmt::format("Unpivot value columns must share a least common type, some types "
                              "do not: [{}].",
                              fmt::join(names, ", ")))
          .withLocation(statement.locate(unpivot.position));
    }
    value_types.push_back(*common);
  }

  auto expand = makeOperator(LogicalOperatorKind::kExpand);
  std::vector<idx_t> ids;
  for (idx_t column = 0; column < scope.size(); ++column) {
    if (!unpivoted[column] && !scope[column].hidden) {
      ids.push_back(column);
      expand->column_names.push_back(scope[column].name);
      expand->column_types.push_back(scope[column].type);
    }
  }
  expand->column_names.push_back(unpivot.name_column);
  expand->column_types.push_back(DataType::string());
  for (size_t value = 0; value < width; ++value) {
    expand->column_names.push_back(unpivot.value_columns[value]);
    expand->column_types.push_back(value_types[value]);
  }
  for (size_t index = 0; index < items.size(); ++index) {
    const sql::UnpivotColumns& item = unpivot.sets[index];
    std::vector<BoundExpressionPtr> projection;
    for (idx_t column : ids)
      projection.push_back(BoundExpression::makeColumn(column, scope[column].type));
    projection.push_back(BoundExpression::makeConstant(
        Value::string(item.alias.empty() ? unpivotItemName(item) : item.alias)));
    for (size_t value = 0; value < width; ++value) {
      projection.push_back(
          ExpressionBinder::castTo(std::move(items[index][value]), value_types[value]));
    }
    expand->rows.push_back(std::move(projection));
  }
  expand->children.push_back(std::move(input));
  if (unpivot.include_nulls)
    return expand;

  // EXCLUDE NULLS keeps the rows with a value.
  std::vector<BoundExpressionPtr> present;
  for (size_t value = 0; value < width; ++value) {
    idx_t column = ids.size() + 1 + value;
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(BoundExpression::makeColumn(column, value_types[value]));
    present.push_back(ExpressionBinder::bindBuiltin("isnotnull", std::move(arguments)));
  }
  BoundExpressionPtr condition = std::move(present[0]);
  for (size_t value = 1; value < present.size(); ++value) {
    auto either = std::make_unique<BoundExpression>();
    either->kind = BoundExpressionKind::kOr;
    either->type = DataType::boolean();
    either->children.push_back(std::move(condition));
    either->children.push_back(std::move(present[value]));
    condition = std::move(either);
  }
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = expand->column_names;
  filter->column_types = expand->column_types;
  filter->expressions.push_back(std::move(condition));
  filter->children.push_back(std::move(expand));
  return filter;
}

}  // namespace sluice
