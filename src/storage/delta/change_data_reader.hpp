// src/storage/delta/change_data_reader.hpp
//
// The change data feed of a Delta table (PROTOCOL.md, "Reader Requirements for AddCDCFile"):
// what each commit of a range of versions changed, as files to read. A commit with cdc
// actions is read from its change data files alone (each row has its `_change_type`);
// otherwise the rows of the files it added with dataChange=true are inserts and those of the
// files it removed with dataChange=true are deletes. A file whose deletion vector a commit
// replaced (removed and added again under the same path) contributes only the rows the new
// deletion vector deletes (deletes) or restores (inserts). Every commit of the range must
// have been written with delta.enableChangeDataFeed (DELTA_MISSING_CHANGE_DATA).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"
#include "storage/delta/column_mapping.hpp"

namespace sluice::delta {

struct Snapshot;

//! One file of the changes of one commit.
struct ChangeFile {
  //! The file to read, with the partition values of its rows; the rows its deletion vector
  //! deletes are not read.
  AddFile file;
  //! The `_change_type` of every row; nullopt for a change data file, whose rows hold it.
  std::optional<std::string> change_type;
  //! Only these row positions of the file, ascending; nullopt: every row.
  std::optional<std::vector<uint64_t>> only_rows;
  int64_t version = 0;
  //! The commit's time, milliseconds since the epoch.
  int64_t timestamp_ms = 0;
};

struct ChangeRange {
  std::string table_path;
  int64_t start_version = 0;
  int64_t end_version = 0;
  //! The table's columns at the end version, which every change is read in.
  std::vector<StructField> schema;
  std::vector<std::string> partition_columns;
  //! How the files store the columns, at the end version.
  ColumnMapping column_mapping;
  //! In commit order, then in the order of each commit's actions.
  std::vector<ChangeFile> files;
};

//! A bound of a range of changes: a version, or a time (milliseconds since the epoch).
struct ChangeBound {
  std::optional<int64_t> version;
  std::optional<int64_t> timestamp_ms;
};

//! The versions a range of changes covers: the first commit at or after `start` and the last
//! at or before `end` (the latest when `end` is absent, or when it is a later version).
//! DELTA_CDC_START_VERSION_AFTER_LATEST / DELTA_TIMESTAMP_GREATER_THAN_COMMIT when the start
//! is after the latest commit, DELTA_INVALID_CDC_RANGE when the end is before the start.
std::pair<int64_t, int64_t> changeVersionRange(const std::string& table_path,
                                               const ChangeBound& start,
                                               const std::optional<ChangeBound>& end);

//! The changes commits `start_version` to `end_version` (both included) made.
ChangeRange changesBetween(const std::string& table_path, int64_t start_version,
                           int64_t end_version);

//! The table as it stands at `snapshot`, every row an insert of its version: where a stream of
//! the change feed starts, as Delta's streaming source starts from a snapshot.
//! DELTA_MISSING_CHANGE_DATA when the version was not written with the change feed on.
ChangeRange snapshotAsInserts(const Snapshot& snapshot);

}  // namespace sluice::delta
