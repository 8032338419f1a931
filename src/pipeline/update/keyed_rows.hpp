// src/pipeline/update/keyed_rows.hpp
//
// Replacing the rows of some keys in a Delta table, as an AUTO CDC batch changes its state and
// its target without rewriting what it does not touch. findKeyedRows reads the table once, on
// every core, and returns the rows whose key is in a ChangeKeySet with their files and
// positions; files and row groups whose statistics rule out the range of the keys' first
// column are not read. replaceKeyedRows then commits, in one version, the deletion of chosen
// rows and the append of their replacements: by deletion vector where the table has them
// (delta.enableDeletionVectors), else by rewriting the files that hold deleted rows without
// them (copy-on-write).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/update/change_keys.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

struct KeyedRow {
  //! The row's file (an index into KeyedRows::files) and its position in that file.
  uint32_t file = 0;
  uint64_t position = 0;
  //! The row's values in the table's columns (empty when not asked for).
  std::vector<Value> values;
};

struct KeyedRows {
  //! The files of the rows, as their add actions name them.
  std::vector<std::string> files;
  std::vector<KeyedRow> rows;

  //! Appends `other`'s rows (their files renumbered).
  void append(KeyedRows other);
  //! The positions of the rows for which `deleted(row)` holds, by file.
  template <typename Predicate>
  std::map<std::string, std::vector<uint64_t>> positionsOf(Predicate deleted) const {
    std::map<std::string, std::vector<uint64_t>> positions;
    for (const KeyedRow& row : rows) {
      if (deleted(row))
        positions[files[row.file]].push_back(row.position);
    }
    return positions;
  }
};

struct KeyedRowsRequest {
  //! The key columns' indexes in the table's schema, in the key set's order.
  std::vector<size_t> key_columns;
  //! The keys to find; null: every row.
  const ChangeKeySet* keys = nullptr;
  //! Also the rows whose first key column is NULL (bookkeeping rows of the state table).
  bool with_null_keys = false;
  //! Box each found row's values; otherwise only their identity is returned.
  bool with_values = true;
};

//! The indexes in `schema` of the columns named `names` (case-insensitively), when each exists
//! with the type of the same position of `types`.
std::optional<std::vector<size_t>> keyColumnIndexes(const std::vector<StructField>& schema,
                                                    const std::vector<std::string>& names,
                                                    const std::vector<DataType>& types);

//! The rows of `snapshot` that `request` asks for, in no particular order.
KeyedRows findKeyedRows(const delta::Snapshot& snapshot, const KeyedRowsRequest& request);

//! Writes boxed `rows` (in `writer`'s columns) through `writer`.
void writeBoxedRows(delta::DeltaTableWriter& writer, const std::vector<std::vector<Value>>& rows);

//! Commits to the table at `location`, read as `snapshot`, the deletion of the rows `deleted`
//! (positions by add path, files of `snapshot`) and the append of `rows` (in the table's
//! columns), with the txn, operation and definition of `options` (whose mode and read
//! version this sets).
delta::TableWriteResult replaceKeyedRows(const std::string& location,
                                         const delta::Snapshot& snapshot,
                                         std::map<std::string, std::vector<uint64_t>> deleted,
                                         const std::vector<std::vector<Value>>& rows,
                                         delta::TableWriteOptions options);

}  // namespace sluice
