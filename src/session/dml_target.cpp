// src/session/dml_target.cpp
#include "session/dml_target.hpp"

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/window_binder.hpp"
#include "sql/printer.hpp"
#include "storage/delta/actions.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

DmlTarget resolveDmlTarget(const std::vector<std::string>& name, CatalogSession& session,
                           std::string_view command) {
  sql::TableTarget table;
  table.name = name;
  DeltaTarget resolved = resolveDeltaTarget(table, session, command);
  // Rows a row filter hides are not the statement's to change; until DML applies the filter
  // to what it reads, it refuses such tables rather than change rows the reader cannot see.
  if (resolved.entry && !resolved.entry->row_filter.empty() && command != "INSERT") {
    throwError(ErrorClass::NOT_SUPPORTED,
               "{} of the table {}, which has a row filter, is not supported yet.", command,
               resolved.entry->name.quoted());
  }
  DmlTarget target;
  target.location = resolved.location;
  target.display_name =
      resolved.entry ? resolved.entry->name.quoted() : fmt::format("delta.`{}`", resolved.location);
  target.snapshot = std::make_shared<const delta::Snapshot>(delta::openSnapshot(target.location));
  return target;
}

Scope targetScope(const DmlTarget& target, const std::vector<std::string>& name,
                  const std::string& alias) {
  Scope scope;
  std::string qualifier = alias.empty() ? name.back() : alias;
  for (const StructField& field : target.schema())
    scope.push_back(ScopeColumn{qualifier, field.name, field.type});
  return scope;
}

size_t resolveTargetColumn(const std::vector<std::string>& column, sql::SourcePosition position,
                           const Scope& scope, const BindContext& context,
                           const sql::Statement& statement) {
  sql::ColumnRefExpr reference(position);
  reference.name = column;
  BoundExpressionPtr bound;
  try {
    bound = ExpressionBinder(context, statement, scope).bind(reference);
  } catch (Error& error) {
    throw error.withLocation(statement.locate(position));
  }
  if (bound->kind != BoundExpressionKind::kColumn) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("Only top-level columns can be assigned; {} is not one.",
                            quoteNameParts(column)))
        .withLocation(statement.locate(position));
  }
  return bound->column_index;
}

void refuseSubqueries(const sql::Expr& expr, const sql::Statement& statement,
                      std::string_view operation) {
  if (expr.is<sql::InSubqueryExpr>() || expr.is<sql::ExistsExpr>() ||
      expr.is<sql::ScalarSubqueryExpr>()) {
    throw Error(ErrorClass::DELTA_UNSUPPORTED_SUBQUERY,
                fmt::format("Subqueries are not supported in the {} (condition = '{}').", operation,
                            sql::printExpression(expr)))
        .withLocation(statement.locate(expr.position));
  }
  sql::forEachChild(expr,
                    [&](const sql::Expr& child) { refuseSubqueries(child, statement, operation); });
}

BoundExpressionPtr bindCondition(const sql::Expr& condition, const Scope& scope,
                                 const BindContext& context, const sql::Statement& statement) {
  AggregateBinder::checkWhere(condition, statement);
  WindowBinder::checkWhere(condition, statement);
  BoundExpressionPtr bound = ExpressionBinder(context, statement, scope).bind(condition);
  if (bound->type.id() == TypeId::kBoolean)
    return bound;
  if (bound->type.isVoid() || bound->type.id() == TypeId::kString)
    return ExpressionBinder::castTo(std::move(bound), DataType::boolean());
  std::string name = ExpressionBinder::autoName(condition);
  throw Error(ErrorClass::DATATYPE_MISMATCH, "FILTER_NOT_BOOLEAN",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: Filter expression "
                          "\"{}\" of type \"{}\" is not a boolean.",
                          name, name, bound->type.sql()))
      .withLocation(statement.locate(condition.position));
}

BoundExpressionPtr storeAssignmentCast(BoundExpressionPtr value, const StructField& column,
                                       const std::string& table_name) {
  if (value->type == column.type)
    return value;
  if (!canStoreAssign(value->type, column.type)) {
    throw Error(
        ErrorClass::INCOMPATIBLE_DATA_FOR_TABLE, "CANNOT_SAFELY_CAST",
        fmt::format("Cannot write incompatible data for the table {}: Cannot safely "
                    "cast {} \"{}\" to \"{}\".",
                    table_name, quoteName(column.name), value->type.sql(), column.type.sql()));
  }
  return ExpressionBinder::castTo(std::move(value), column.type);
}

BoundExpressionPtr notMatching(BoundExpressionPtr condition) {
  auto coalesce = std::make_unique<BoundExpression>();
  coalesce->kind = BoundExpressionKind::kCoalesce;
  coalesce->type = DataType::boolean();
  coalesce->children.push_back(std::move(condition));
  coalesce->children.push_back(BoundExpression::makeConstant(Value::boolean(false)));
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(coalesce));
  return ExpressionBinder::bindBuiltin("not", std::move(arguments));
}

BoundExpressionPtr requireTrue(BoundExpressionPtr condition, ErrorClass error_class,
                               std::string message) {
  BoundScalarFunction check;
  check.name = "require_true";
  check.argument_types = {DataType::boolean()};
  check.return_type = DataType::boolean();
  check.deterministic = false;  // never folded: it must see every row
  check.kernel = [error_class, message](const ExecContext&, const ArgumentVectors& arguments,
                                        const RowSet& rows, Vector& result) {
    forEachRow(rows, [&](idx_t row) {
      if (!isTrue(*arguments[0], row))
        throw Error(error_class, message);
      result.mutableData<bool>()[row] = true;
    });
  };
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(condition));
  return BoundExpression::makeCall(std::move(check), std::move(arguments));
}

bool recordsChanges(const DmlTarget& target) {
  return delta::changeDataFeedEnabled(target.snapshot->metadata);
}

bool deletesByVector(const DmlTarget& target) {
  return delta::writesDeletionVectors(target.snapshot->protocol, target.snapshot->metadata);
}

BoundExpressionPtr changeKindWhere(BoundExpressionPtr condition, const char* kind) {
  auto choice = std::make_unique<BoundExpression>();
  choice->kind = BoundExpressionKind::kCase;
  choice->type = DataType::string();
  choice->has_else = true;
  choice->children.push_back(std::move(condition));
  choice->children.push_back(BoundExpression::makeConstant(Value::string(kind)));
  choice->children.push_back(BoundExpression::makeConstant(Value::null(DataType::string())));
  return choice;
}

std::vector<BoundExpressionPtr> readRowImage(const DmlTarget& target) {
  std::vector<BoundExpressionPtr> image;
  for (size_t column = 0; column < target.schema().size(); ++column)
    image.push_back(BoundExpression::makeColumn(column, target.schema()[column].type));
  return image;
}

void appendChangeColumns(LogicalOperator& project, const DmlTarget& target, BoundExpressionPtr kind,
                         std::vector<BoundExpressionPtr> old_image) {
  const std::vector<StructField>& schema = target.schema();
  SLUICE_CHECK_EQ(old_image.size(), schema.size());
  project.column_names.push_back("__change_kind");
  project.column_types.push_back(DataType::string());
  project.expressions.push_back(std::move(kind));
  for (size_t column = 0; column < schema.size(); ++column) {
    project.column_names.push_back("__before_" + schema[column].name);
    project.column_types.push_back(schema[column].type);
    project.expressions.push_back(std::move(old_image[column]));
  }
}

LogicalOperatorPtr withChangeKind(LogicalOperatorPtr rows, const DmlTarget& target,
                                  BoundExpressionPtr kind,
                                  std::vector<BoundExpressionPtr> old_image) {
  const std::vector<StructField>& schema = target.schema();
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (size_t column = 0; column < schema.size(); ++column) {
    project->column_names.push_back(schema[column].name);
    project->column_types.push_back(schema[column].type);
    project->expressions.push_back(BoundExpression::makeColumn(column, schema[column].type));
  }
  appendChangeColumns(*project, target, std::move(kind), std::move(old_image));
  project->children.push_back(std::move(rows));
  return project;
}

std::string predicateParameter(const std::vector<const sql::Expr*>& conditions) {
  delta::Json list = delta::Json::array();
  for (const sql::Expr* condition : conditions)
    list.push_back(sql::printExpression(*condition));
  return delta::dumpJson(list);
}

}  // namespace sluice
