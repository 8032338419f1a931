// src/planner/binder/pivot_binder.cpp
//
// PIVOT, as Spark's ResolvePivot. When every aggregate gives a number or a boolean, Spark's
// PivotFirst plan: the aggregates are computed once per group of the input columns that are
// neither pivot columns nor read by the aggregates (the other columns) and pivot value, and each
// value's result is then picked into its column (first(...) FILTER of the one row per group and
// value; NULL for a value without rows):
//
//   input -> Aggregate(other columns, pivot columns; aggregates)
//         -> Project(other columns, pivot columns, aggregate expressions)
//         -> Aggregate(other columns; first(result) FILTER (pivot <=> v) for each v and result)
//
// Otherwise each aggregate is computed once per pivot value, its calls filtered to the rows
// whose pivot columns are <=> the value, and gives its result over no rows for a value without
// rows:
//
//   input -> Aggregate(other columns; agg FILTER (pivot <=> v) for each value v and agg)
//         -> Project(other columns, one column per value and aggregate)
//
// Columns are named after the value (its alias, or the value as a string), and with several
// aggregates `value_aggregate`.
#include <algorithm>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_function.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! The first column named outside an aggregate call of `expr`, or null.
const sql::Expr* pivotColumnOutsideAggregates(const sql::Expr& expr) {
  if (AggregateBinder::isAggregateCall(expr))
    return nullptr;
  if (expr.is<sql::ColumnRefExpr>())
    return &expr;
  const sql::Expr* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = pivotColumnOutsideAggregates(child);
  });
  return found;
}

void collectPivotColumnRefs(const sql::Expr& expr, std::vector<const sql::Expr*>& refs) {
  if (expr.is<sql::ColumnRefExpr>())
    refs.push_back(&expr);
  sql::forEachChild(expr, [&](const sql::Expr& child) { collectPivotColumnRefs(child, refs); });
}

//! Whether `function` gives NULL over no rows (sum, min, avg, ...): a value without rows then
//! reads NULL already. The empty state is zeroed memory, as the aggregate operators start it.
bool nullOverNoRows(const AggregateFunction& function) {
  auto state = std::make_unique<uint8_t[]>(std::max<idx_t>(function.stateSize(), 16));
  uint8_t* states = state.get();
  Vector result(function.returnType(), 1);
  function.finalize(&states, 1, 0, result, 0);
  return result.isNull(0);
}

//! The result types of Spark's PivotFirst: numbers and booleans.
bool pivotsFirst(const DataType& type) {
  return type.isNumeric() || type.id() == TypeId::kBoolean;
}

}  // namespace

BoundExpressionPtr AggregateBinder::pivotValueCondition(
    const std::vector<BoundExpressionPtr>& columns, const std::vector<Value>& value) const {
  std::vector<BoundExpressionPtr> conditions;
  for (size_t index = 0; index < columns.size(); ++index) {
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(copyExpression(*columns[index]));
    arguments.push_back(BoundExpression::makeConstant(value[index]));
    conditions.push_back(callBuiltin("<=>", std::move(arguments)));
  }
  return combineConjuncts(std::move(conditions));
}

LogicalOperatorPtr AggregateBinder::bindPivot(const sql::PivotRef& pivot,
                                              LogicalOperatorPtr input) {
  has_group_by_ = true;
  std::vector<bool> read(scope_.size(), false);
  std::vector<BoundExpressionPtr> columns;
  for (const sql::ExprPtr& column : pivot.columns) {
    BoundExpressionPtr bound = input_binder_.bind(*column);
    if (bound->type.id() == TypeId::kMap) {
      throw Error(ErrorClass::INCOMPARABLE_PIVOT_COLUMN,
                  fmt::format("Invalid pivot column `{}`. Pivot columns must be comparable.",
                              ExpressionBinder::autoName(*column)))
          .withLocation(statement_.locate(column->position));
    }
    if (bound->kind == BoundExpressionKind::kColumn)
      read[bound->column_index] = true;
    columns.push_back(std::move(bound));
  }
  for (const sql::NamedPivotItem& aggregate : pivot.aggregates) {
    const sql::Expr& expr = *aggregate.expr;
    if (const sql::Expr* outside = pivotColumnOutsideAggregates(expr)) {
      throw Error(ErrorClass::MISSING_AGGREGATION,
                  fmt::format("Aggregate expression required for pivot, but '{}' did not appear "
                              "in any aggregate function.",
                              ExpressionBinder::autoName(*outside)))
          .withLocation(statement_.locate(outside->position));
    }
    if (!containsAggregateCall(expr)) {
      throw Error(ErrorClass::MISSING_AGGREGATION,
                  fmt::format("Aggregate expression required for pivot, found '{}'.",
                              ExpressionBinder::autoName(expr)))
          .withLocation(statement_.locate(expr.position));
    }
    std::vector<const sql::Expr*> refs;
    collectPivotColumnRefs(expr, refs);
    for (const sql::Expr* ref : refs) {
      // A name that is no input column (a lambda's parameter) fails, if at all, when the
      // aggregate is bound.
      try {
        BoundExpressionPtr bound = input_binder_.bind(*ref);
        if (bound->kind == BoundExpressionKind::kColumn)
          read[bound->column_index] = true;
      } catch (const Error&) {
      }
    }
  }
  for (idx_t index = 0; index < scope_.size(); ++index) {
    if (!read[index] && !scope_[index].hidden) {
      addGroupKey(BoundExpression::makeColumn(index, scope_[index].type), scope_[index].name,
                  pivot.position);
    }
  }

  // Each value as constants of the pivot columns' types, and the name of its columns.
  std::vector<std::vector<Value>> values;
  std::vector<std::string> value_names;
  for (const sql::NamedPivotItem& item : pivot.values) {
    std::vector<const sql::Expr*> parts;
    if (columns.size() == 1) {
      parts.push_back(item.expr.get());
    } else if (item.expr->is<sql::RowExpr>() &&
               item.expr->as<sql::RowExpr>().fields.size() == columns.size()) {
      for (const sql::ExprPtr& field : item.expr->as<sql::RowExpr>().fields)
        parts.push_back(field.get());
    } else {
      std::string fields;
      for (size_t index = 0; index < columns.size(); ++index) {
        fields += fmt::format("{}{}:{}", index ? "," : "",
                              ExpressionBinder::autoName(*pivot.columns[index]),
                              columns[index]->type.sql());
      }
      BoundExpressionPtr bound = input_binder_.bind(*item.expr);
      throw Error(ErrorClass::PIVOT_VALUE_DATA_TYPE_MISMATCH,
                  fmt::format("Invalid pivot value '{}': value data type {} does not match pivot "
                              "column data type struct<{}>.",
                              ExpressionBinder::autoName(*item.expr), bound->type.sql(), fields))
          .withLocation(statement_.locate(item.expr->position));
    }
    std::vector<Value> value;
    std::vector<std::string> texts;
    for (size_t index = 0; index < parts.size(); ++index) {
      BoundExpressionPtr bound = input_binder_.bind(*parts[index]);
      if (!bound->isFoldable()) {
        throw Error(ErrorClass::NON_LITERAL_PIVOT_VALUES,
                    fmt::format("Literal expressions required for pivot values, found \"{}\".",
                                ExpressionBinder::autoName(*parts[index])))
            .withLocation(statement_.locate(parts[index]->position));
      }
      BoundExpressionPtr cast = ExpressionBinder::castTo(std::move(bound), columns[index]->type);
      std::optional<Value> folded = foldBoundConstant(*cast, context_.exec);
      SLUICE_CHECK(folded.has_value());
      std::optional<Value> text = foldBoundConstant(
          *ExpressionBinder::castTo(BoundExpression::makeConstant(*folded), DataType::string()),
          context_.exec);
      texts.push_back(text && !text->isNull() ? text->getString() : "null");
      value.push_back(std::move(*folded));
    }
    std::string name = texts[0];
    if (columns.size() > 1)
      name = fmt::format("{{{}}}", fmt::join(texts, ", "));
    value_names.push_back(item.alias.empty() ? name : item.alias);
    values.push_back(std::move(value));
  }

  // One column per value and aggregate.
  std::vector<std::string> output_names;
  for (size_t value = 0; value < values.size(); ++value) {
    for (const sql::NamedPivotItem& aggregate : pivot.aggregates) {
      std::string suffix =
          aggregate.alias.empty() ? aggregateColumnName(*aggregate.expr) : aggregate.alias;
      output_names.push_back(pivot.aggregates.size() == 1 ? value_names[value]
                                                          : value_names[value] + "_" + suffix);
    }
  }
  if (LogicalOperatorPtr plan = bindPivotFirst(pivot, input, columns, values, output_names))
    return plan;

  // Otherwise each aggregate call is filtered to the value's rows.
  std::vector<BoundExpressionPtr> outputs;
  bool first_path = true;
  for (size_t value = 0; value < values.size(); ++value) {
    pivot_filter_ = pivotValueCondition(columns, values[value]);
    for (const sql::NamedPivotItem& aggregate : pivot.aggregates) {
      BoundExpressionPtr bound = output_binder_.bind(*aggregate.expr);
      first_path = first_path && pivotsFirst(bound->type);
      outputs.push_back(std::move(bound));
    }
  }
  if (first_path) {
    // A bare aggregate that gives NULL over no rows needs no count of the value's rows.
    sql::FunctionCallExpr count_rows(pivot.position);
    count_rows.name.push_back("count");
    count_rows.args.push_back(std::make_unique<sql::StarExpr>(pivot.position));
    for (size_t output = 0; output < outputs.size(); ++output) {
      const BoundExpression& bound = *outputs[output];
      if (bound.kind == BoundExpressionKind::kColumn && bound.column_index >= group_keys_.size() &&
          nullOverNoRows(*aggregates_[bound.column_index - group_keys_.size()].function))
        continue;
      pivot_filter_ = pivotValueCondition(columns, values[output / pivot.aggregates.size()]);
      std::vector<BoundExpressionPtr> arguments;
      arguments.push_back(bindAggregateCall(count_rows));
      arguments.push_back(BoundExpression::makeConstant(Value::longValue(0)));
      outputs[output] =
          caseWhen(callBuiltin(">", std::move(arguments)), std::move(outputs[output]));
    }
  }
  pivot_filter_ = nullptr;

  auto project = makeOperator(LogicalOperatorKind::kProject);
  auto aggregate = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < group_keys_.size(); ++key) {
    aggregate->column_names.push_back(group_names_[key]);
    aggregate->column_types.push_back(group_keys_[key]->type);
    project->column_names.push_back(group_names_[key]);
    project->column_types.push_back(group_keys_[key]->type);
    project->expressions.push_back(BoundExpression::makeColumn(key, group_keys_[key]->type));
  }
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    aggregate->column_names.push_back(aggregate_names_[index]);
    aggregate->column_types.push_back(aggregates_[index].function->returnType());
  }
  for (size_t output = 0; output < outputs.size(); ++output) {
    project->column_names.push_back(output_names[output]);
    project->column_types.push_back(outputs[output]->type);
    project->expressions.push_back(std::move(outputs[output]));
  }
  aggregate->expressions = std::move(group_keys_);
  aggregate->aggregates = std::move(aggregates_);
  aggregate->children.push_back(std::move(input));
  project->children.push_back(std::move(aggregate));
  return project;
}

LogicalOperatorPtr AggregateBinder::bindPivotFirst(const sql::PivotRef& pivot,
                                                   LogicalOperatorPtr& input,
                                                   const std::vector<BoundExpressionPtr>& columns,
                                                   const std::vector<std::vector<Value>>& values,
                                                   const std::vector<std::string>& output_names) {
  for (const BoundExpressionPtr& column : columns) {
    if (column->type.isNested())
      return nullptr;
  }
  // The aggregates per group of the other columns and pivot value: the pivot columns are keys.
  size_t other_keys = group_keys_.size();
  for (size_t index = 0; index < columns.size(); ++index) {
    addGroupKey(copyExpression(*columns[index]), fmt::format("pivot_{}", index), pivot.position);
  }
  std::vector<BoundExpressionPtr> results;
  for (const sql::NamedPivotItem& aggregate : pivot.aggregates) {
    BoundExpressionPtr bound = output_binder_.bind(*aggregate.expr);
    if (!pivotsFirst(bound->type)) {
      group_keys_.resize(other_keys);
      group_names_.resize(other_keys);
      aggregates_.clear();
      aggregate_names_.clear();
      return nullptr;
    }
    results.push_back(std::move(bound));
  }
  auto grouped = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < group_keys_.size(); ++key) {
    grouped->column_names.push_back(group_names_[key]);
    grouped->column_types.push_back(group_keys_[key]->type);
  }
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    grouped->column_names.push_back(aggregate_names_[index]);
    grouped->column_types.push_back(aggregates_[index].function->returnType());
  }
  grouped->expressions = std::move(group_keys_);
  grouped->aggregates = std::move(aggregates_);
  grouped->children.push_back(std::move(input));

  // Its rows: the keys, the pivot columns, then the result of each aggregate expression.
  size_t key_count = grouped->expressions.size();
  auto per_value = makeOperator(LogicalOperatorKind::kProject);
  for (size_t key = 0; key < key_count; ++key) {
    per_value->column_names.push_back(grouped->column_names[key]);
    per_value->column_types.push_back(grouped->column_types[key]);
    per_value->expressions.push_back(BoundExpression::makeColumn(key, grouped->column_types[key]));
  }
  for (size_t index = 0; index < results.size(); ++index) {
    per_value->column_names.push_back(fmt::format("pivot_result_{}", index));
    per_value->column_types.push_back(results[index]->type);
    per_value->expressions.push_back(std::move(results[index]));
  }
  per_value->children.push_back(std::move(grouped));

  // Grouped by the other columns, each value's result picked from the one row that holds it (a
  // value without rows gives NULL, as Spark's PivotFirst does).
  std::vector<BoundExpressionPtr> pivot_columns;
  for (size_t index = 0; index < columns.size(); ++index) {
    pivot_columns.push_back(BoundExpression::makeColumn(other_keys + index, columns[index]->type));
  }
  auto pivoted = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < other_keys; ++key) {
    pivoted->column_names.push_back(per_value->column_names[key]);
    pivoted->column_types.push_back(per_value->column_types[key]);
    pivoted->expressions.push_back(BoundExpression::makeColumn(key, per_value->column_types[key]));
  }
  for (size_t value = 0; value < values.size(); ++value) {
    for (size_t index = 0; index < pivot.aggregates.size(); ++index) {
      size_t column = key_count + index;
      BoundAggregate pick = aggregateOverColumn("first", column, per_value->column_types[column],
                                                per_value->column_names[column]);
      pick.filter = pivotValueCondition(pivot_columns, values[value]);
      pivoted->column_names.push_back(output_names[pivoted->aggregates.size()]);
      pivoted->column_types.push_back(pick.function->returnType());
      pivoted->aggregates.push_back(std::move(pick));
    }
  }
  pivoted->children.push_back(std::move(per_value));
  return pivoted;
}

}  // namespace sluice
