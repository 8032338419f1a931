// src/storage/delta/schema_evolution.hpp
//
// Adds columns to a Delta table's schema in a commit of its own (a metaData action, Delta's
// ADD COLUMNS): the files already written lack them and read them as NULL. Only additions are
// made here; any other difference is the caller's to refuse. Other changes of the schema
// alone (type widening, ALTER TABLE) commit through the same commitMetadataChange.
#pragma once

#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

//! Commits `columns` (names new to the table) at the end of the table's schema; returns the
//! committed version. Nothing is committed when `columns` is empty (returns -1).
int64_t addColumns(const std::string& table_path, const std::vector<StructField>& columns);

//! `metadata` with `columns` appended to its schema as written (so that field metadata sluice
//! does not model stays), each new column given a column mapping id and physical name when
//! the table maps columns.
Metadata withColumnsAdded(const Metadata& metadata, const std::vector<StructField>& columns);

//! `snapshot` as it reads with `metadata` (its table's, changed) in place: its schema and
//! column mapping follow the new metadata; its files stay.
Snapshot withMetadata(Snapshot snapshot, Metadata metadata);

//! Commits a change of `snapshot`'s table's schema alone: `metadata`, preceded by `protocol`
//! when it differs from the table's, recorded as `operation` on the named columns. Returns
//! the committed version.
int64_t commitSchemaChange(const Snapshot& snapshot, const Metadata& metadata,
                           const Protocol& protocol, const std::string& operation,
                           const std::vector<std::string>& columns);

//! Commits a change of the table's metadata alone, read at `snapshot`: `metadata`, preceded
//! by `protocol` when it differs from the table's, as `operation` with `parameters`
//! (commitInfo.operationParameters). Returns the committed version.
int64_t commitMetadataChange(const Snapshot& snapshot, const Metadata& metadata,
                             const Protocol& protocol, const std::string& operation,
                             Json parameters);

}  // namespace sluice::delta
