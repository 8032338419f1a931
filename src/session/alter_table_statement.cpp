// src/session/alter_table_statement.cpp
//
// ALTER TABLE on a Delta table, and the statements that show what it changes:
//   ALTER TABLE t SET / UNSET TBLPROPERTIES, ADD COLUMNS, ALTER COLUMN (TYPE, COMMENT,
//     DROP NOT NULL): one Delta commit each (storage/delta/table_alteration.hpp).
//   ALTER TABLE t RENAME COLUMN / DROP COLUMNS: schema changes of a table with column mapping
//     (delta.columnMapping.mode = 'name' or 'id'); without it they fail as Delta fails.
//   ALTER TABLE t RENAME TO u: the catalog entry (and a managed table's folder) move.
//   ALTER TABLE t CLUSTER BY (c, ...) | NONE: the clustering columns change (liquid
//     clustering); files are clustered by the next OPTIMIZE.
//   SHOW TBLPROPERTIES t [('key')] -> key, value: the table's configuration with the
//     protocol's versions and features, as Delta lists them, sorted by key.
//   SHOW COLUMNS IN t -> col_name.
// A pipeline's tables (streaming tables, materialized views) are changed by their pipeline's
// definitions, not by ALTER TABLE.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "session/catalog_statements.hpp"
#include "session/dml_target.hpp"
#include "session/result_rows_builder.hpp"
#include "storage/delta/table_alteration.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"
#include "storage/delta/type_widening.hpp"

namespace sluice {

namespace {

using Action = sql::AlterTableStatement::Action;
using ColumnChange = sql::AlterTableStatement::ColumnChange;

//! The table an ALTER TABLE changes, at its latest version.
struct AlteredTable {
  DeltaTarget target;
  DmlTarget table;
  //! As Delta names a table in messages: spark_catalog.default.t, or delta.`/path`.
  std::string plain_name;
};

AlteredTable resolveAlteredTable(const std::vector<std::string>& name, CatalogSession& session) {
  sql::TableTarget written;
  written.name = name;
  AlteredTable altered{resolveDeltaTarget(written, session, "ALTER TABLE"), {}, {}};
  const std::optional<TableEntry>& entry = altered.target.entry;
  if (entry && entry->kind != TableKind::kManagedTable) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "ALTER TABLE cannot change the {} {}: it belongs to a pipeline, whose definition "
               "of it is changed instead.",
               tableKindName(entry->kind), entry->name.quoted());
  }
  altered.table.location = altered.target.location;
  altered.table.display_name =
      entry ? entry->name.quoted() : fmt::format("delta.`{}`", altered.target.location);
  altered.plain_name =
      entry ? entry->name.toString() : fmt::format("delta.`{}`", altered.target.location);
  altered.table.snapshot =
      std::make_shared<const delta::Snapshot>(delta::openSnapshot(altered.target.location));
  const delta::Snapshot& snapshot = *altered.table.snapshot;
  delta::checkWriteSupported(snapshot.protocol, snapshot.metadata, altered.target.location);
  return altered;
}

//! The table's column that `column` names (case-insensitively): UNRESOLVED_COLUMN with
//! suggestions when there is none.
const StructField& resolveColumn(const std::string& column, const AlteredTable& altered,
                                 const sql::AlterTableStatement& alter, CatalogSession& session) {
  Scope scope = targetScope(altered.table, alter.name, "");
  size_t index =
      resolveTargetColumn({column}, alter.action_position, scope, session.bindContext(), alter);
  return altered.table.schema()[index];
}

const StructField* findColumn(const std::string& column, const AlteredTable& altered) {
  for (const StructField& field : altered.table.schema()) {
    if (sameIdentifier(field.name, column))
      return &field;
  }
  return nullptr;
}

//! Keeps the catalog entry's properties equal to the table's after a change of them.
void recordProperties(const AlteredTable& altered, CatalogSession& session) {
  if (!altered.target.entry)
    return;
  TableEntry entry = *altered.target.entry;
  entry.properties = delta::openSnapshot(altered.target.location).metadata.configuration;
  session.catalog().createTable(entry, /*replace=*/true);
}

//! Delta's advice where an operation needs column mapping.
std::string columnMappingAdvice() {
  return "Please enable Column Mapping on your Delta table with mapping mode 'name': ALTER "
         "TABLE table_name SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name'). If your "
         "table is not on the required protocol version it will be upgraded. Column mapping "
         "requires at least protocol (2, 5).";
}

void renameColumn(const sql::AlterTableStatement& alter, const AlteredTable& altered,
                  CatalogSession& session) {
  const StructField& column = resolveColumn(alter.columns[0], altered, alter, session);
  const delta::Snapshot& snapshot = *altered.table.snapshot;
  if (!snapshot.column_mapping.enabled()) {
    throwError(ErrorClass::DELTA_UNSUPPORTED_RENAME_COLUMN,
               "Column rename is not supported for your Delta table. {}", columnMappingAdvice());
  }
  const std::string& new_name = alter.new_name;
  const StructField* existing = findColumn(new_name, altered);
  if (existing && existing != &column) {
    throwError(ErrorClass::FIELD_ALREADY_EXISTS,
               "Cannot rename column, because {} already exists in {}.", quoteName(new_name),
               altered.table.display_name);
  }
  delta::renameColumn(snapshot, column.name, new_name);
}

void dropColumns(const sql::AlterTableStatement& alter, const AlteredTable& altered,
                 CatalogSession& session) {
  std::vector<std::string> dropped;
  for (const std::string& column : alter.columns) {
    if (const StructField* field = findColumn(column, altered)) {
      if (std::find(dropped.begin(), dropped.end(), field->name) == dropped.end())
        dropped.push_back(field->name);
    } else if (!alter.if_exists) {
      resolveColumn(column, altered, alter, session);  // raises UNRESOLVED_COLUMN
    }
  }
  if (dropped.empty())
    return;
  if (!altered.table.snapshot->column_mapping.enabled()) {
    throwError(ErrorClass::DELTA_UNSUPPORTED_DROP_COLUMN,
               "DROP COLUMN is not supported for your Delta table. {}", columnMappingAdvice());
  }
  delta::dropColumns(*altered.table.snapshot, dropped);
}

void addColumns(const sql::AlterTableStatement& alter, const AlteredTable& altered,
                CatalogSession& session) {
  std::vector<delta::AddedField> added;
  std::set<std::string> names;
  for (const StructField& field : altered.table.schema())
    names.insert(foldIdentifier(field.name));
  for (const sql::AddedColumn& column : alter.added) {
    if (column.not_null) {
      throwError(ErrorClass::DELTA_OPERATION_NOT_ALLOWED,
                 "Operation not allowed: `NOT NULL in ALTER TABLE ADD COLUMNS` is not supported "
                 "for Delta tables");
    }
    if (!names.insert(foldIdentifier(column.name)).second) {
      throwError(ErrorClass::COLUMN_ALREADY_EXISTS,
                 "The column {} already exists. Choose another name or rename the existing "
                 "column.",
                 quoteName(column.name));
    }
    delta::AddedField field;
    field.field = StructField{column.name, column.type, true, column.comment.value_or("")};
    field.first = column.first;
    if (column.after) {
      // A column added earlier in the same statement may be the anchor of a later one.
      const StructField* anchor = findColumn(*column.after, altered);
      const sql::AddedColumn* earlier = nullptr;
      for (const sql::AddedColumn& other : alter.added) {
        if (&other == &column)
          break;
        if (sameIdentifier(other.name, *column.after))
          earlier = &other;
      }
      if (anchor == nullptr && earlier == nullptr)
        resolveColumn(*column.after, altered, alter, session);  // raises UNRESOLVED_COLUMN
      field.after = anchor ? anchor->name : earlier->name;
    }
    added.push_back(std::move(field));
  }
  delta::addColumnsAt(*altered.table.snapshot, added);
}

void alterColumn(const sql::AlterTableStatement& alter, const AlteredTable& altered,
                 CatalogSession& session) {
  const StructField& column = resolveColumn(alter.columns[0], altered, alter, session);
  StructField changed = column;
  auto refuseChange = [&](const StructField& to) {
    auto describe = [](const StructField& field) {
      return field.type.sql() + (field.nullable ? "" : " NOT NULL");
    };
    throwError(ErrorClass::DELTA_UNSUPPORTED_ALTER_TABLE_CHANGE_COL_OP,
               "ALTER TABLE ALTER COLUMN is not supported for changing column {} from {} to {}",
               quoteName(column.name), describe(column), describe(to));
  };
  switch (alter.change) {
    case ColumnChange::kType: {
      changed.type = *alter.type;
      if (changed.type == column.type || delta::isCollationChange(column.type, changed.type))
        break;
      // Delta widens a column's type only where the table allows type widening.
      std::string enabled;
      const auto& configuration = altered.table.snapshot->metadata.configuration;
      if (auto it = configuration.find("delta.enableTypeWidening"); it != configuration.end())
        enabled = it->second;
      if (enabled != "true" || !delta::isSupportedTypeChange(column.type, changed.type))
        refuseChange(changed);
      break;
    }
    case ColumnChange::kComment:
      changed.comment = *alter.comment;
      break;
    case ColumnChange::kSetNotNull:
      changed.nullable = false;
      if (column.nullable)
        refuseChange(changed);
      break;
    case ColumnChange::kDropNotNull:
      changed.nullable = true;
      break;
  }
  delta::changeColumn(*altered.table.snapshot, column.name, changed);
}

void renameTable(const sql::AlterTableStatement& alter, CatalogSession& session) {
  Catalog& catalog = session.catalog();
  QualifiedTableName from = catalog.qualify(alter.name);
  std::optional<TableEntry> entry = catalog.findTable(from);
  if (!entry)
    throw tableOrViewNotFound(alter.name);
  if (entry->kind == TableKind::kView) {
    throwError(ErrorClass::EXPECT_TABLE_NOT_VIEW,
               "'ALTER TABLE ... RENAME TO' expects a table but {} is a view. Use ALTER VIEW "
               "instead.",
               from.quoted());
  }
  if (entry->kind != TableKind::kManagedTable) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "ALTER TABLE cannot change the {} {}: it belongs to a pipeline, whose definition "
               "of it is changed instead.",
               tableKindName(entry->kind), from.quoted());
  }
  // A one-part new name stays in the table's schema, as Spark renames.
  std::vector<std::string> parts = alter.new_table;
  if (parts.size() == 1)
    parts = {from.catalog, from.schema, parts[0]};
  QualifiedTableName to = catalog.qualify(parts);
  if (to.catalog != from.catalog || to.schema != from.schema) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "ALTER TABLE ... RENAME TO can only rename a table within its schema ({} to {}).",
               from.quoted(), to.quoted());
  }
  if (catalog.findTable(to))
    throw tableOrViewAlreadyExists({to.catalog, to.schema, to.table});
  TableEntry renamed = *entry;
  renamed.name = to;
  // A managed table's folder is named after the table: it moves with the name, so that a new
  // table of the old name gets a folder of its own.
  if (entry->location == catalog.defaultLocation(from))
    renamed.location = catalog.defaultLocation(to);
  catalog.renameTable(from, renamed);
}

}  // namespace

StatementResult runAlterTable(const sql::AlterTableStatement& alter, CatalogSession& session) {
  if (alter.action == Action::kRenameTable) {
    renameTable(alter, session);
    return {};
  }
  AlteredTable altered = resolveAlteredTable(alter.name, session);
  const delta::Snapshot& snapshot = *altered.table.snapshot;
  switch (alter.action) {
    case Action::kSetProperties: {
      std::map<std::string, std::string> properties;
      for (const sql::Property& property : alter.properties)
        properties[property.key] = *property.value;
      delta::setTableProperties(snapshot, properties);
      recordProperties(altered, session);
      return {};
    }
    case Action::kUnsetProperties:
      delta::unsetTableProperties(snapshot, alter.keys, alter.if_exists, altered.plain_name);
      recordProperties(altered, session);
      return {};
    case Action::kAddColumns:
      addColumns(alter, altered, session);
      return {};
    case Action::kRenameColumn:
      renameColumn(alter, altered, session);
      return {};
    case Action::kDropColumns:
      dropColumns(alter, altered, session);
      return {};
    case Action::kAlterColumn:
      alterColumn(alter, altered, session);
      return {};
    case Action::kClusterBy: {
      std::vector<std::string> columns;
      for (const std::string& column : alter.columns)
        columns.push_back(resolveColumn(column, altered, alter, session).name);
      delta::setClusteringColumns(snapshot, columns);
      return {};
    }
    case Action::kRenameTable:
      break;
  }
  SLUICE_UNREACHABLE("RENAME TO is handled above");
}

StatementResult runShowTblProperties(const sql::ShowTblPropertiesStatement& show,
                                     CatalogSession& session) {
  sql::TableTarget written;
  written.name = show.name;
  DeltaTarget target = resolveDeltaTarget(written, session, "SHOW TBLPROPERTIES");
  delta::Snapshot snapshot = delta::openSnapshot(target.location);
  std::map<std::string, std::string> properties =
      delta::listedProperties(snapshot.protocol, snapshot.metadata);
  ResultRowsBuilder rows({"key", "value"}, {DataType::string(), DataType::string()});
  if (show.key) {
    std::string key = delta::normalizeTablePropertyKey(*show.key);
    auto found = properties.find(key);
    // Feature names are matched in any case, as Delta matches them.
    if (found == properties.end() && key.starts_with("delta.feature.")) {
      found = std::find_if(properties.begin(), properties.end(),
                           [&](const auto& entry) { return sameIdentifier(entry.first, key); });
    }
    std::string table =
        target.entry ? target.entry->name.toString() : fmt::format("delta.`{}`", target.location);
    rows.addRow({Value::string(*show.key),
                 Value::string(
                     found != properties.end()
                         ? found->second
                         : fmt::format("Table {} does not have property: {}", table, *show.key))});
    return rows.finish();
  }
  for (const auto& [key, value] : properties)
    rows.addRow({Value::string(key), Value::string(value)});
  return rows.finish();
}

StatementResult runShowColumns(const sql::ShowColumnsStatement& show, CatalogSession& session) {
  std::vector<std::string> name = show.name;
  if (!show.schema.empty()) {
    name = show.schema;
    name.push_back(show.name.back());
  }
  sql::TableTarget written;
  written.name = name;
  DeltaTarget target = resolveDeltaTarget(written, session, "SHOW COLUMNS");
  delta::Snapshot snapshot = delta::openSnapshot(target.location);
  ResultRowsBuilder rows({"col_name"}, {DataType::string()});
  for (const StructField& field : snapshot.schema)
    rows.addRow({Value::string(field.name)});
  return rows.finish();
}

}  // namespace sluice
