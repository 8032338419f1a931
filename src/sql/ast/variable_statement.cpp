// src/sql/ast/variable_statement.cpp
#include "sql/ast/variable_statement.hpp"

namespace sluice::sql {

bool DeclareVariableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DeclareVariableStatement>();
  return or_replace == o.or_replace && names == o.names && type == o.type &&
         equalQueries(default_query, o.default_query);
}

bool SetVariableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetVariableStatement>();
  return names == o.names && row_form == o.row_form && to_default == o.to_default &&
         equalQueries(query, o.query);
}

bool DropVariableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropVariableStatement>();
  return if_exists == o.if_exists && name == o.name;
}

}  // namespace sluice::sql
