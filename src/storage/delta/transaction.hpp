// src/storage/delta/transaction.hpp
//
// Optimistic commits. A transaction read the table at some version and now proposes the
// next one. If another writer took that version first, the winning commits are checked
// against what this transaction read and wrote (Delta's conflict detection): a blind append
// only conflicts with protocol / metadata changes and with a txn of the same application, so
// it retries at the next version; a transaction that read the whole table (an overwrite, a
// DELETE, UPDATE or MERGE) conflicts with concurrent appends that were not blind appends, and
// under Serializable with blind ones too (DELTA_CONCURRENT_APPEND); a transaction that read
// files conflicts with their removal (DELTA_CONCURRENT_DELETE_READ / _DELETE_DELETE). After a
// successful commit every delta.checkpointInterval-th version gets a checkpoint.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"
#include "storage/delta/isolation_level.hpp"
#include "storage/delta/log_store.hpp"

namespace sluice::delta {

struct CommitPlan {
  //! The version the transaction read; -1 when it creates the table.
  int64_t read_version = -1;
  //! Everything but commitInfo, in commit order.
  std::vector<Action> actions;
  CommitInfo commit_info;
  //! The transaction's result depends on every file (overwrite): any concurrent data add
  //! conflicts.
  bool read_whole_table = false;
  //! Decoded paths of the files the transaction read (and removes).
  std::set<std::string> read_files;
  //! Set by describeOperation.
  IsolationLevel isolation_level = IsolationLevel::kWriteSerializable;
  //! The table's delta.checkpointInterval.
  int64_t checkpoint_interval = 10;
};

struct CommitResult {
  int64_t version = -1;
  //! How many times a concurrent commit took the version first.
  int attempts = 1;
  bool checkpoint_written = false;
};

//! Fills the commitInfo fields of the operation `plan` commits, in Spark's order: its name
//! and parameters, the version it read, its isolation level, whether it only appends, its
//! metrics (when it reports any) and the engine. The commit adds the timestamp.
void describeOperation(CommitPlan& plan, std::string_view operation, Json parameters,
                       IsolationLevel isolation_level, bool blind_append,
                       std::optional<Json> metrics);

//! Commits `plan`; throws a DELTA_CONCURRENT_* / DELTA_METADATA_CHANGED /
//! DELTA_PROTOCOL_CHANGED error when a winning commit conflicts.
CommitResult commitTransaction(const LogStore& store, CommitPlan plan);

}  // namespace sluice::delta
