// src/pipeline/update/keyed_rows.hpp
//
// Replacing the rows of some keys in a Delta table, as an AUTO CDC batch changes its state and
// its target without rewriting what it does not touch. findKeyedRows reads the table once, on
// every core, and returns the rows whose key is in a ChangeKeySet with their files and
// positions; files and row groups whose statistics rule out the range of the keys' first
// column are not read. A KeyedReplacement then commits, in one version, the deletion of chosen
// rows and the append of their replacements: by deletion vector where the table has them
// (delta.enableDeletionVectors), else by rewriting the files that hold deleted rows without
// them (copy-on-write).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
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

//! One commit to the table at `location` that deletes rows of the snapshot it read and
//! appends rows, both given in parts (a batch applied a slice of its keys at a time): by
//! deletion vector where the table has them, else the files holding deleted rows are
//! rewritten without them when the commit is made. New rows are written as they come.
class KeyedReplacement {
 public:
  //! `snapshot` is the table as read, null when it does not exist yet (`options.definition`
  //! then creates it); `options` gives the txn, operation and definition, and this sets the
  //! mode, the read version and what the commit removes.
  KeyedReplacement(const std::string& location, const delta::Snapshot* snapshot,
                   delta::TableWriteOptions options);

  //! Deletes rows of the snapshot (positions by add path).
  void deleteRows(const std::map<std::string, std::vector<uint64_t>>& positions);
  //! Appends rows in the table's columns.
  void append(const std::vector<std::vector<Value>>& rows);
  delta::TableWriteResult commit();

 private:
  const delta::Snapshot* snapshot_;
  std::shared_ptr<delta::RowDeletions> vectors_;           // with deletion vectors
  std::map<std::string, std::vector<uint64_t>> rewrites_;  // otherwise
  std::unique_ptr<delta::DeltaTableWriter> writer_;
};

}  // namespace sluice
