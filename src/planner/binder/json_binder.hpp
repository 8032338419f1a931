// src/planner/binder/json_binder.hpp
//
// The parts of JSON, CSV and VARIANT functions that need the SQL layer: from_json's and
// from_csv's schema and variant_get's target type, parsed from their DDL text (or a folded
// schema_of_json / schema_of_csv) when the call is bound, and Databricks' `json:path` operator,
// whose path the parser already split into steps.
#pragma once

#include <vector>

#include "planner/expression/bound_expression.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

//! Replaces the schema argument `index` (from_json's and from_csv's second, variant_get's
//! third) by a NULL constant of the schema's type, which is how the function receives it.
//! Raises INVALID_SCHEMA for a schema that is not a constant string (or not a struct when
//! `struct_only`, as from_csv's), and the type parser's error for text that is no type.
void bindSchemaArgument(const sql::FunctionCallExpr& call, size_t index,
                        std::vector<BoundExpressionPtr>& arguments, const ExecContext& context,
                        bool struct_only = false);

//! `base:path`: over a STRING, get_json_object's evaluation with Databricks' name matching
//! (identifiers case-insensitive, ['name'] exact), a STRING; over a VARIANT, variant_get of the
//! path with every name exact, a VARIANT.
BoundExpressionPtr bindJsonPathOperator(const sql::JsonPathExpr& expr, BoundExpressionPtr base);

}  // namespace sluice
