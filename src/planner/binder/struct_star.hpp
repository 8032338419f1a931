// src/planner/binder/struct_star.hpp
//
// `q.*` whose qualifier names no relation in scope: Spark expands it as a STRUCT column, or a
// field of one (`s.inner.*`), into its fields, each named by its field name (Star.expand).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "sql/ast/expression.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

class ExpressionBinder;

//! One field of the expansion: its name and the reference `q.field` that reads it.
struct StructStarField {
  std::string name;
  std::unique_ptr<sql::ColumnRefExpr> reference;
};

//! The fields of the struct that `star`'s qualifier names, in order, without the EXCEPT ones,
//! for the caller to bind as it binds any reference. Raises CANNOT_RESOLVE_STAR_EXPAND, naming
//! the scope's columns, when the qualifier names no column (Spark's class), or a column that
//! is not a struct (Spark's legacy "Can only star expand struct data types").
std::vector<StructStarField> expandStructStar(const sql::StarExpr& star, ExpressionBinder& binder,
                                              const Scope& scope, const sql::Statement& statement);

}  // namespace sluice
