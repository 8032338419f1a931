// src/planner/binder/row_filter.cpp

#include "planner/binder/row_filter.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {

namespace {

[[noreturn]] void incompatible(std::string sub_class, const std::string& table,
                               const RowFilterCall& filter, std::string detail) {
  throw Error(ErrorClass::QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY,
              std::move(sub_class),
              fmt::format("For target table {}, the row level security policy named {} is "
                          "implemented by a SQL UDF {}.",
                          table, quoteNameParts(filter.function), detail));
}

}  // namespace

std::string rowFilterText(const QualifiedTableName& function,
                          const std::vector<std::string>& columns) {
  std::vector<std::string> quoted;
  for (const std::string& column : columns)
    quoted.push_back(quoteName(column));
  return fmt::format("{}({})", function.quoted(), fmt::join(quoted, ", "));
}

RowFilterCall parseRowFilterText(const std::string& text, const QualifiedTableName& table) {
  sql::ExprPtr expr = sql::parseExpression(text, table.toString());
  RowFilterCall filter;
  bool well_formed = expr->is<sql::FunctionCallExpr>();
  if (well_formed) {
    const auto& call = expr->as<sql::FunctionCallExpr>();
    filter.function = call.name;
    for (const sql::ExprPtr& argument : call.args) {
      if (!argument->is<sql::ColumnRefExpr>() ||
          argument->as<sql::ColumnRefExpr>().name.size() != 1) {
        well_formed = false;
        break;
      }
      filter.columns.push_back(argument->as<sql::ColumnRefExpr>().name[0]);
    }
  }
  if (!well_formed) {
    throwError(ErrorClass::INTERNAL_ERROR, "The catalog holds a malformed row filter for {}: {}",
               table.quoted(), text);
  }
  return filter;
}

BoundExpressionPtr bindRowFilter(const RowFilterCall& filter,
                                 const std::vector<std::string>& column_names,
                                 const std::vector<DataType>& column_types,
                                 const BindContext& context, const std::string& table) {
  std::optional<SqlFunction> function = findSqlFunction(context, filter.function);
  if (!function) {
    throw Error(ErrorClass::ROW_COLUMN_ACCESS, "ASSIGNED_ROW_FILTER_FUNCTION_NOT_FOUND",
                fmt::format("The row filter of table {} calls the function {}, which does not "
                            "match the name of any SQL user-defined function.",
                            table, quoteNameParts(filter.function)));
  }
  for (size_t i = 0; i < filter.columns.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (sameIdentifier(filter.columns[i], filter.columns[j])) {
        throw Error(ErrorClass::ROW_COLUMN_ACCESS, "ASSIGNED_ROW_FILTER_DUPLICATE_COLUMN_NAME",
                    fmt::format("The row filter of table {} names the column {} twice.", table,
                                quoteName(filter.columns[i])));
      }
    }
  }
  const std::vector<sql::FunctionParameter>& parameters = function->definition->parameters;
  if (parameters.size() != filter.columns.size()) {
    std::vector<std::string> names;
    for (const sql::FunctionParameter& parameter : parameters)
      names.push_back(quoteName(parameter.name));
    throw Error(ErrorClass::ROW_COLUMN_ACCESS, "ASSIGNED_ROW_FILTER_WRONG_NUMBER_OF_COLUMNS",
                fmt::format("The row filter of table {} passes {} column(s) to {}, whose "
                            "arguments are ({}).",
                            table, filter.columns.size(), quoteNameParts(filter.function),
                            fmt::join(names, ", ")));
  }
  std::vector<BoundExpressionPtr> arguments;
  for (size_t i = 0; i < filter.columns.size(); ++i) {
    size_t index = column_names.size();
    for (size_t c = 0; c < column_names.size(); ++c) {
      if (sameIdentifier(column_names[c], filter.columns[i]))
        index = c;
    }
    if (index == column_names.size()) {
      incompatible("ARGUMENT_NOT_FOUND_IN_TARGET_TABLE", table, filter,
                   fmt::format("with arguments not found in the target table: ({})",
                               quoteName(filter.columns[i])));
    }
    if (!canAnsiCast(column_types[index], parameters[i].type)) {
      incompatible("INCOMPATIBLE_COLUMN_TYPES", table, filter,
                   fmt::format("with arguments incompatible with the target table: ({} {} for "
                               "the parameter {} {})",
                               quoteName(column_names[index]), column_types[index].sql(),
                               quoteName(parameters[i].name), parameters[i].type.sql()));
    }
    arguments.push_back(BoundExpression::makeColumn(index, column_types[index]));
  }
  BoundExpressionPtr predicate = bindSqlFunctionCall(context, *function, std::move(arguments), {});
  if (predicate->type.id() != TypeId::kBoolean) {
    incompatible("NON_BOOLEAN_RETURN_TYPE", table, filter,
                 fmt::format("with a non-boolean return type of {}", predicate->type.sql()));
  }
  return predicate;
}

LogicalOperatorPtr applyRowFilter(LogicalOperatorPtr scan, const TableEntry& table,
                                  const BindContext& context) {
  if (table.row_filter.empty())
    return scan;
  RowFilterCall call = parseRowFilterText(table.row_filter, table.name);
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = scan->column_names;
  filter->column_types = scan->column_types;
  filter->expressions.push_back(
      bindRowFilter(call, scan->column_names, scan->column_types, context, table.name.quoted()));
  filter->location = scan->location;
  filter->children.push_back(std::move(scan));
  return filter;
}

}  // namespace sluice
