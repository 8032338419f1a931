// src/sql/ast/statement.cpp
//
// Statement text, locations and structural equality.
#include "sql/ast/statement.hpp"

namespace sluice::sql {

Statement::~Statement() = default;

std::string_view Statement::text() const {
  if (!source)
    return {};
  return source->slice(position.offset, end_offset);
}

SourceLocation Statement::locate(SourcePosition at) const {
  if (!source)
    return SourceLocation{"", at.line, at.column, ""};
  return source->locate(at);
}

bool QueryStatement::equals(const Statement& other) const {
  return other.kind() == kKind && equalQueries(query, other.as<QueryStatement>().query);
}

bool SetStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetStatement>();
  return form == o.form && key == o.key && value == o.value;
}

bool SetTimeZoneStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetTimeZoneStatement>();
  return local == o.local && zone == o.zone && equalExprs(interval, o.interval);
}

bool CreateViewStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<CreateViewStatement>();
  return or_replace == o.or_replace && temporary == o.temporary &&
         if_not_exists == o.if_not_exists && name == o.name && columns == o.columns &&
         comment == o.comment && properties == o.properties && equalQueries(query, o.query);
}

bool DropViewStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<DropViewStatement>();
  return if_exists == o.if_exists && name == o.name;
}

bool ExplainStatement::equals(const Statement& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ExplainStatement>();
  if (mode != o.mode || (statement == nullptr) != (o.statement == nullptr))
    return false;
  return statement == nullptr || statement->equals(*o.statement);
}

}  // namespace sluice::sql
