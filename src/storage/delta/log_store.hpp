// src/storage/delta/log_store.hpp
//
// The _delta_log folder of one table on the local disk: listing its commits and checkpoints,
// reading them, and adding a commit atomically. A commit is put-if-absent: its bytes go to a
// hidden temp file in _delta_log, which is then link(2)ed to the final name; link fails with
// EEXIST when another writer got there first, so no commit is ever overwritten and a reader
// never sees a partial one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"

namespace sluice::delta {

struct LogListing {
  std::vector<int64_t> commits;                // versions with a NNN.json, ascending
  std::vector<int64_t> classic_checkpoints;    // versions with a NNN.checkpoint.parquet
  std::vector<std::string> other_checkpoints;  // multi-part and UUID-named (not read)

  bool empty() const { return commits.empty() && classic_checkpoints.empty(); }
  //! The newest version the listing shows.
  int64_t latestVersion() const;
};

//! The content of _delta_log/_last_checkpoint.
struct LastCheckpoint {
  int64_t version = 0;
  int64_t size = 0;  // actions in the checkpoint
  std::optional<int64_t> size_in_bytes;
  std::optional<int64_t> num_of_add_files;
  std::optional<int64_t> parts;
};

class LogStore {
 public:
  explicit LogStore(std::string table_path);

  const std::string& tablePath() const { return table_path_; }
  const std::string& logPath() const { return log_path_; }
  std::string commitPath(int64_t version) const;
  std::string checkpointPath(int64_t version) const;

  //! Lists _delta_log; an absent folder lists as empty.
  LogListing list() const;

  //! The actions of commit `version`; DELTA_LOG_FILE_NOT_FOUND when it is missing,
  //! FAILED_READ_FILE (naming file and line) when it is malformed.
  std::vector<Action> readCommit(int64_t version) const;
  //! The commit file's modification time in milliseconds.
  int64_t commitModificationTime(int64_t version) const;

  //! Creates commit `version` with `content` unless it exists; returns false if it does.
  bool putCommit(int64_t version, const std::string& content) const;
  //! Writes `_delta_log/<name>` by writing a temp file and renaming it over the old one.
  void replaceFile(const std::string& name, const std::string& content) const;
  //! A fresh hidden path in _delta_log for a file written elsewhere and then installed.
  std::string newTempPath() const;
  //! Renames `temp_path` to `_delta_log/<name>`, replacing any file of that name.
  void installFile(const std::string& temp_path, const std::string& name) const;

  std::optional<LastCheckpoint> readLastCheckpoint() const;
  void writeLastCheckpoint(const LastCheckpoint& last) const;

 private:
  void ensureLogFolder() const;
  std::string writeTempFile(const std::string& content) const;

  std::string table_path_;
  std::string log_path_;
};

//! Whether `table_path` holds a Delta table (a _delta_log folder).
bool tableExists(const std::string& table_path);

//! Reads a whole file; IO_ERROR naming it on failure.
std::string readWholeFile(const std::string& path);

}  // namespace sluice::delta
