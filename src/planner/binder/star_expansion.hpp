// src/planner/binder/star_expansion.hpp
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

//! The scope columns a star names.
struct StarColumns {
  std::vector<idx_t> columns;  // positions in the scope, EXCEPT ones left out
  //! Some column matched before EXCEPT; false means `t` names no relation (or nothing is
  //! visible).
  bool any = false;
};

//! Hidden columns (a scan's _metadata) are left out; a USING / NATURAL join side's own copy of
//! a join column only counts for `t.*`.
StarColumns starColumns(const sql::StarExpr& star, const Scope& scope);

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
