// src/planner/binder/json_binder.hpp
//
// The parts of JSON functions that need the SQL layer: from_json's schema, parsed from its DDL
// text (or a folded schema_of_json) when the call is bound, and Databricks' `json:path`
// operator, whose path the parser already split into steps.
#pragma once

#include <vector>

#include "planner/expression/bound_expression.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

//! Replaces from_json's schema argument (index 1) by a NULL constant of the schema's type,
//! which is how the function receives it. Raises INVALID_SCHEMA for a schema that is not a
//! constant string, and the type parser's error for text that is no type.
void bindFromJsonSchema(const sql::FunctionCallExpr& call,
                        std::vector<BoundExpressionPtr>& arguments, const ExecContext& context);

//! `base:path` as a STRING: get_json_object's evaluation with Databricks' name matching
//! (identifiers case-insensitive, ['name'] exact). `base` must be a STRING.
BoundExpressionPtr bindJsonPathOperator(const sql::JsonPathExpr& expr, BoundExpressionPtr base);

}  // namespace sluice
