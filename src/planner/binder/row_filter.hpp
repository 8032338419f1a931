// src/planner/binder/row_filter.hpp
//
// Row filters (WITH ROW FILTER f ON (a, b)): a read of the table outside the pipeline that owns
// it keeps only the rows where the SQL function f, called on the filter columns, is TRUE
// (FALSE and NULL drop the row), as on Databricks. The catalog keeps a table's filter as the
// text of that call with the function's name qualified (TableEntry::row_filter), so that any
// reader finds the same function whatever its current schema.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_entry.hpp"
#include "common/types/data_type.hpp"
#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! A row filter: the function's name and the columns passed to it, in order.
struct RowFilterCall {
  std::vector<std::string> function;
  std::vector<std::string> columns;
};

//! The catalog's text of a filter: `c`.`s`.`f`(`a`, `b`).
std::string rowFilterText(const QualifiedTableName& function,
                          const std::vector<std::string>& columns);
//! The call `text` (rowFilterText) names; INTERNAL_ERROR when it is not one.
RowFilterCall parseRowFilterText(const std::string& text, const QualifiedTableName& table);

//! The filter's predicate over a relation of `columns` (the table's, in order; the
//! predicate's column references index them). Raises
//! ROW_COLUMN_ACCESS.ASSIGNED_ROW_FILTER_FUNCTION_NOT_FOUND / _DUPLICATE_COLUMN_NAME /
//! _WRONG_NUMBER_OF_COLUMNS, and
//! QUERIED_TABLE_INCOMPATIBLE_WITH_ROW_LEVEL_SECURITY_POLICY.ARGUMENT_NOT_FOUND_IN_TARGET_TABLE /
//! INCOMPATIBLE_COLUMN_TYPES / NON_BOOLEAN_RETURN_TYPE when the function and the table do not
//! fit together. `table` names the table in messages.
BoundExpressionPtr bindRowFilter(const RowFilterCall& filter,
                                 const std::vector<std::string>& column_names,
                                 const std::vector<DataType>& column_types,
                                 const BindContext& context, const std::string& table);

//! `scan` (every column of `table`, in the table's order) keeping only the rows the table's
//! row filter lets through; `scan` itself when the table has none.
LogicalOperatorPtr applyRowFilter(LogicalOperatorPtr scan, const TableEntry& table,
                                  const BindContext& context);

}  // namespace sluice
