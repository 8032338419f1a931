// src/sql/ast/dml_statement.cpp
#include "sql/ast/dml_statement.hpp"

#include <algorithm>

namespace sluice::sql {

bool PartitionValue::equals(const PartitionValue& other) const {
  return column == other.column && equalExprs(value, other.value);
}

bool Assignment::equals(const Assignment& other) const {
  return column == other.column && equalExprs(value, other.value);
}

bool InsertStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<InsertStatement>();
  return overwrite == o.overwrite && target == o.target &&
         std::equal(partition.begin(), partition.end(), o.partition.begin(), o.partition.end(),
                    [](const PartitionValue& a, const PartitionValue& b) { return a.equals(b); }) &&
         columns == o.columns && by_name == o.by_name &&
         equalExprs(replace_where, o.replace_where) && equalQueries(query, o.query);
}

bool DeleteStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DeleteStatement>();
  return target == o.target && alias == o.alias && equalExprs(condition, o.condition);
}

bool UpdateStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<UpdateStatement>();
  return target == o.target && alias == o.alias &&
         std::equal(assignments.begin(), assignments.end(), o.assignments.begin(),
                    o.assignments.end(),
                    [](const Assignment& a, const Assignment& b) { return a.equals(b); }) &&
         equalExprs(condition, o.condition);
}

bool MergeClause::equals(const MergeClause& other) const {
  return kind == other.kind && action == other.action && equalExprs(condition, other.condition) &&
         std::equal(assignments.begin(), assignments.end(), other.assignments.begin(),
                    other.assignments.end(),
                    [](const Assignment& a, const Assignment& b) { return a.equals(b); });
}

bool MergeStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<MergeStatement>();
  return schema_evolution == o.schema_evolution && target == o.target && alias == o.alias &&
         source->equals(*o.source) && equalExprs(condition, o.condition) &&
         std::equal(clauses.begin(), clauses.end(), o.clauses.begin(), o.clauses.end(),
                    [](const MergeClause& a, const MergeClause& b) { return a.equals(b); });
}

}  // namespace sluice::sql
