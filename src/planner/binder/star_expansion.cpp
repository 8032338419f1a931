// src/planner/binder/star_expansion.cpp
#include "planner/binder/star_expansion.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

namespace {

//! Spark's toSQLId: each part in backquotes, a backquote doubled.
std::string sqlId(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) {
    if (!out.empty())
      out += '.';
    out += '`';
    for (char c : part) {
      if (c == '`')
        out += '`';
      out += c;
    }
    out += '`';
  }
  return out;
}

}  // namespace

StarColumns starColumns(const sql::StarExpr& star, const Scope& scope) {
  StarColumns result;
  for (idx_t index = 0; index < scope.size(); ++index) {
    const ScopeColumn& column = scope[index];
    if (column.hidden || (column.qualified_only && star.qualifier.empty()))
      continue;
    if (!star.qualifier.empty() && !sameIdentifier(star.qualifier.back(), column.qualifier))
      continue;
    result.any = true;
    bool excluded = false;
    for (const std::vector<std::string>& except : star.except_columns)
      excluded = excluded || sameIdentifier(except.back(), column.name);
    if (!excluded)
      result.columns.push_back(index);
  }
  return result;
}

std::vector<StructStarField> expandStructStar(const sql::StarExpr& star, ExpressionBinder& binder,
                                              const Scope& scope, const sql::Statement& statement) {
  SourceLocation location = statement.locate(star.position);
  sql::ColumnRefExpr target(star.position);
  target.name = star.qualifier;
  BoundExpressionPtr bound;
  try {
    bound = binder.bind(target);
  } catch (const Error& error) {
    if (error.errorClass() != ErrorClass::UNRESOLVED_COLUMN)
      throw;
    std::string columns;
    for (const ScopeColumn& column : scope) {
      if (column.hidden)
        continue;
      columns += columns.empty() ? "" : ", ";
      columns += sqlId({column.name});
    }
    throw Error(ErrorClass::CANNOT_RESOLVE_STAR_EXPAND,
                fmt::format("Cannot resolve {}.* given input columns {}. Please check that the "
                            "specified table or struct exists and is accessible in the input "
                            "columns.",
                            sqlId(star.qualifier), columns))
        .withLocation(location);
  }
  if (bound->type.id() != TypeId::kStruct) {
    throw Error(ErrorClass::CANNOT_RESOLVE_STAR_EXPAND,
                fmt::format("Can only star expand struct data types. Attribute: `List({})`.",
                            fmt::join(star.qualifier, ", ")))
        .withLocation(location);
  }
  std::vector<StructStarField> fields;
  for (const StructField& field : bound->type.fields()) {
    bool excluded = false;
    for (const std::vector<std::string>& except : star.except_columns)
      excluded = excluded || sameIdentifier(except.back(), field.name);
    if (excluded)
      continue;
    auto reference = std::make_unique<sql::ColumnRefExpr>(star.position);
    reference->name = star.qualifier;
    reference->name.push_back(field.name);
    fields.push_back(StructStarField{field.name, std::move(reference)});
  }
  return fields;
}

}  // namespace sluice
