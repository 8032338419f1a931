// src/catalog/catalog_entry.cpp
//
// Qualified table names and the spelling of table kinds.
#include "catalog/catalog_entry.hpp"

#include <fmt/format.h>

namespace sluice {

std::string QualifiedTableName::toString() const {
  return fmt::format("{}.{}.{}", catalog, schema, table);
}

std::string QualifiedTableName::quoted() const {
  return quoteNameParts({catalog, schema, table});
}

std::string_view tableKindName(TableKind kind) {
  switch (kind) {
    case TableKind::kManagedTable:
      return "MANAGED";
    case TableKind::kStreamingTable:
      return "STREAMING_TABLE";
    case TableKind::kMaterializedView:
      return "MATERIALIZED_VIEW";
    case TableKind::kView:
      return "VIEW";
  }
  return "MANAGED";
}

std::optional<TableKind> parseTableKind(std::string_view name) {
  for (TableKind kind : {TableKind::kManagedTable, TableKind::kStreamingTable,
                         TableKind::kMaterializedView, TableKind::kView}) {
    if (tableKindName(kind) == name)
      return kind;
  }
  return std::nullopt;
}

}  // namespace sluice
