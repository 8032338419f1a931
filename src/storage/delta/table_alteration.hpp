// src/storage/delta/table_alteration.hpp
//
// ALTER TABLE's changes of a Delta table's metadata. Each is one commit read at the snapshot
// the statement looked at (a concurrent change of the metadata then conflicts), with Delta's
// operation name and operationParameters: SET TBLPROPERTIES (which may raise the protocol),
// UNSET TBLPROPERTIES, ADD COLUMNS at a position, CHANGE COLUMN for a column's type (type
// widening), comment or nullability, and with column mapping RENAME COLUMN and DROP COLUMNS,
// which change the schema alone. Column names arrive resolved: spelled as the schema spells
// them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

//! Sets table properties (validated as Delta validates them); delta.minReaderVersion,
//! delta.minWriterVersion and delta.feature.* change the protocol and are not stored.
//! Returns the committed version.
int64_t setTableProperties(const Snapshot& snapshot,
                           const std::map<std::string, std::string>& properties);

//! Removes table properties. A key the table lacks is DELTA_UNSET_NON_EXISTENT_PROPERTY
//! (naming `table`) unless `if_exists`. Returns the committed version.
int64_t unsetTableProperties(const Snapshot& snapshot, const std::vector<std::string>& keys,
                             bool if_exists, const std::string& table);

//! A column ALTER TABLE ADD COLUMNS adds: at the end, FIRST, or AFTER an existing column.
struct AddedField {
  StructField field;
  bool first = false;
  std::optional<std::string> after;
};

//! Adds nullable columns. Returns the committed version.
int64_t addColumnsAt(const Snapshot& snapshot, const std::vector<AddedField>& columns);

//! Whether `to` differs from `from` in the collations of its strings alone (not those of map
//! keys), a change ALTER COLUMN makes without rewriting a file.
bool isCollationChange(const DataType& from, const DataType& to);

//! Commits `changed` as the new definition of the top-level column `column`: its type (equal,
//! a widening the table allows, or a collation change), comment and nullability. Returns the
//! committed version.
int64_t changeColumn(const Snapshot& snapshot, const std::string& column,
                     const StructField& changed);

//! Renames the top-level column `column` of a table with column mapping (its files keep the
//! physical name); partition columns are renamed too. Returns the committed version.
int64_t renameColumn(const Snapshot& snapshot, const std::string& column,
                     const std::string& new_name);

//! ALTER TABLE ... CLUSTER BY: makes `columns` the table's clustering columns (none: CLUSTER
//! BY NONE), as Delta does: a partitioned table is refused
//! (DELTA_ALTER_TABLE_CLUSTER_BY_ON_PARTITIONED_TABLE_NOT_ALLOWED), the columns are checked
//! as CREATE TABLE checks them, a table not yet clustered gains the clustering feature, and
//! the files stay as they are (OPTIMIZE clusters them). One commit, operation CLUSTER BY;
//! NONE on a table that is not clustered commits nothing (returns -1).
int64_t setClusteringColumns(const Snapshot& snapshot, const std::vector<std::string>& columns);

//! Drops top-level columns of a table with column mapping: they leave the schema, their
//! values stay in the files until rewritten. DELTA_UNSUPPORTED_DROP_PARTITION_COLUMN /
//! _CLUSTERING_COLUMN for partition and clustering columns,
//! DELTA_DROP_COLUMN_ON_SINGLE_FIELD_SCHEMA when no column would be left. Returns the
//! committed version.
int64_t dropColumns(const Snapshot& snapshot, const std::vector<std::string>& columns);

}  // namespace sluice::delta
