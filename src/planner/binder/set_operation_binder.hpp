// src/planner/binder/set_operation_binder.hpp
//
// Binds UNION / INTERSECT / EXCEPT (MINUS) [ALL | DISTINCT]: checks that both inputs have as
// many columns, widens each column to the inputs' common type as Spark's
// WidenSetOperationTypes does (with ANSI mode's string promotion), refuses columns that have
// none with Spark's errors, and plans the operation (planner/logical/set_operation_plan.hpp).
// The output takes the first input's column names.
#pragma once

#include <functional>
#include <string>

#include "planner/logical/logical_operator.hpp"
#include "sql/ast/query.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

//! Binds one input of a set operation.
using QueryBodyBinder = std::function<LogicalOperatorPtr(const sql::QueryBody& body)>;

LogicalOperatorPtr bindSetOperation(const sql::SetOperationBody& body,
                                    const QueryBodyBinder& bind_input,
                                    const sql::Statement& statement);

//! `input` with its columns cast to `types` (a projection only where a type changes).
LogicalOperatorPtr castColumns(LogicalOperatorPtr input, const std::vector<DataType>& types);

//! Raises UNSUPPORTED_FEATURE.SET_OPERATION_ON_VARIANT_TYPE when a column of `types` holds a
//! VARIANT: deduplicating (DISTINCT, UNION, INTERSECT, EXCEPT) compares whole rows, and Spark
//! does not compare variants.
void refuseVariantDeduplication(const std::vector<std::string>& names,
                                const std::vector<DataType>& types, const sql::Statement& statement,
                                sql::SourcePosition position);

//! "first", "second", "third", then "4th", "5th"... as Spark writes ordinals in messages.
std::string ordinalNumber(size_t number);

}  // namespace sluice
