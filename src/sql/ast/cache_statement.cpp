// src/sql/ast/cache_statement.cpp
#include "sql/ast/cache_statement.hpp"

namespace sluice::sql {

bool CacheTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CacheTableStatement>();
  return lazy == o.lazy && name == o.name && options == o.options && equalQueries(query, o.query);
}

bool UncacheTableStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<UncacheTableStatement>();
  return if_exists == o.if_exists && name == o.name;
}

bool RefreshStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<RefreshStatement>();
  return name == o.name && path == o.path;
}

QueryPtr selectAllFrom(const std::vector<std::string>& name, SourcePosition at) {
  auto body = std::make_unique<SelectBody>(at);
  SelectItem item;
  item.position = at;
  item.expr = std::make_unique<StarExpr>(at);
  body->items.push_back(std::move(item));
  auto table = std::make_unique<NamedTableRef>(at);
  table->name = name;
  body->from.push_back(std::move(table));
  auto query = std::make_unique<Query>(at);
  query->body = std::move(body);
  return query;
}

}  // namespace sluice::sql
