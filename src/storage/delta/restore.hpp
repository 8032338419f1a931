// src/storage/delta/restore.hpp
//
// RESTORE TABLE t TO VERSION / TIMESTAMP AS OF: one commit that makes the table's live files,
// metadata and schema those of an earlier version again. Files live now but not then are
// removed, files live then but not now are added back (both with dataChange); the protocol is
// never lowered. The commit is Delta's RESTORE, with its operationMetrics.
#pragma once

#include <cstdint>
#include <string>

#include "storage/delta/table_reader.hpp"

namespace sluice::delta {

struct RestoreResult {
  int64_t version = -1;  // the committed version
  int64_t table_size_after_restore = 0;
  int64_t num_of_files_after_restore = 0;
  int64_t num_removed_files = 0;
  int64_t num_restored_files = 0;
  int64_t removed_files_size = 0;
  int64_t restored_files_size = 0;
};

//! Restores the table at `table_path` to the version `to` names.
//! DELTA_CANNOT_RESTORE_TABLE_VERSION for a version past the latest or before the earliest
//! that can be rebuilt, DELTA_CANNOT_RESTORE_TIMESTAMP_GREATER for a timestamp after the
//! latest commit, as Delta's RESTORE raises them.
RestoreResult restoreTable(const std::string& table_path, const TimeTravel& to);

}  // namespace sluice::delta
