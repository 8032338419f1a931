// src/sql/ast/catalog_statement.cpp
//
// Structural equality of the catalog statements.
#include "sql/ast/catalog_statement.hpp"

namespace sluice::sql {

bool DropTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropTableStatement>();
  return if_exists == o.if_exists && name == o.name;
}

bool CreateSchemaStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateSchemaStatement>();
  return if_not_exists == o.if_not_exists && name == o.name && comment == o.comment &&
         properties == o.properties;
}

bool DropSchemaStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropSchemaStatement>();
  return if_exists == o.if_exists && name == o.name && cascade == o.cascade;
}

bool ShowTablesStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ShowTablesStatement>();
  return schema == o.schema && pattern == o.pattern;
}

bool ShowSchemasStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ShowSchemasStatement>();
  return catalog == o.catalog && pattern == o.pattern;
}

bool ShowCatalogsStatement::equals(const Statement& other) const {
  return other.kind() == kKind && pattern == other.as<ShowCatalogsStatement>().pattern;
}

bool ShowFunctionsStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& show = other.as<ShowFunctionsStatement>();
  return scope == show.scope && schema == show.schema && pattern == show.pattern;
}

bool DescribeFunctionStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& describe = other.as<DescribeFunctionStatement>();
  return extended == describe.extended && name == describe.name;
}

bool DescribeTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DescribeTableStatement>();
  return extended == o.extended && name == o.name;
}

bool DescribeSchemaStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DescribeSchemaStatement>();
  return extended == o.extended && name == o.name;
}

bool DescribeHistoryStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DescribeHistoryStatement>();
  return target == o.target && limit == o.limit;
}

bool DescribeDetailStatement::equals(const Statement& other) const {
  return other.kind() == kKind && target == other.as<DescribeDetailStatement>().target;
}

bool VacuumStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<VacuumStatement>();
  return target == o.target && retain_hours == o.retain_hours && dry_run == o.dry_run;
}

bool OptimizeStatement::equals(const Statement& other) const {
  return other.kind() == kKind && target == other.as<OptimizeStatement>().target &&
         purge == other.as<OptimizeStatement>().purge;
}

bool AlterTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<AlterTableStatement>();
  return name == o.name && action == o.action && if_exists == o.if_exists &&
         properties == o.properties && keys == o.keys && added == o.added && columns == o.columns &&
         new_name == o.new_name && new_table == o.new_table && change == o.change &&
         type == o.type && comment == o.comment;
}

bool ShowTblPropertiesStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ShowTblPropertiesStatement>();
  return name == o.name && key == o.key;
}

bool ShowColumnsStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ShowColumnsStatement>();
  return name == o.name && schema == o.schema;
}

bool ShowCreateTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  return name == other.as<ShowCreateTableStatement>().name;
}

bool RestoreStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<RestoreStatement>();
  return name == o.name && to.equals(o.to);
}

}  // namespace sluice::sql
