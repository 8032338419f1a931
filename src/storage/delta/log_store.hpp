// src/storage/delta/log_store.hpp
//
// The _delta_log folder of one table on the local disk: listing its commits and checkpoints,
// reading them, and adding a commit atomically. A commit is put-if-absent: its bytes go to a
// hidden temp file in _delta_log, which is then link(2)ed to the final name; link fails with
// EEXIST when another writer got there first, so no commit is ever overwritten and a reader
// never sees a partial one.
//
// The listing knows the three checkpoint namings of PROTOCOL.md ("Checkpoint Naming Scheme"):
// classic (NNN.checkpoint.parquet), multi-part (NNN.checkpoint.PPPPPPPPPP.TTTTTTTTTT.parquet,
// part of total, usable only when every part is there) and UUID-named v2
// (NNN.checkpoint.<uuid>.json / .parquet). Empty checkpoint files are left out, as Delta leaves
// them out. _last_checkpoint is only a hint for other engines: snapshots are found by listing,
// so a stale or damaged one never changes what is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! One complete checkpoint: its file, or every part of a multi-part one.
struct CheckpointFiles {
  //! In Delta's order of preference among checkpoints of one version (the last wins).
  enum class Kind { kClassic, kMultiPart, kUuidNamed };

  int64_t version = 0;
  Kind kind = Kind::kClassic;
  //! File names in _delta_log; the parts of a multi-part checkpoint in part order.
  std::vector<std::string> names;
};

struct LogListing {
  std::vector<int64_t> commits;  // versions with a NNN.json, ascending
  //! Complete checkpoints, ascending by version and, within one version, by preference.
  std::vector<CheckpointFiles> checkpoints;
  //! The files of multi-part checkpoints that lack a part; they are never read.
  std::vector<std::string> incomplete_checkpoints;

  bool empty() const { return commits.empty() && checkpoints.empty(); }
  //! The newest version the listing shows.
  int64_t latestVersion() const;
  //! The checkpoint to start a replay of `version` from: the newest version not after it, and
  //! of that version the one Delta prefers (UUID-named, then multi-part with more parts, then
  //! classic). nullptr when there is none.
  const CheckpointFiles* checkpointAtOrBefore(int64_t version) const;
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
  //! The classic checkpoint file of `version`.
  std::string checkpointPath(int64_t version) const;
  //! `name` in _delta_log.
  std::string logFilePath(const std::string& name) const;
  //! _delta_log/_sidecars.
  std::string sidecarFolder() const;

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

  //! _last_checkpoint, or nullopt when it is absent or damaged (not JSON, truncated, without
  //! an integer version): it is a hint, and a damaged hint is no hint.
  std::optional<LastCheckpoint> readLastCheckpoint() const;
  //! Replaces _last_checkpoint with `last`, unless it names a newer checkpoint already.
  void writeLastCheckpoint(const LastCheckpoint& last) const;

 private:
  void ensureLogFolder() const;
  std::string writeTempFile(const std::string& content) const;

  std::string table_path_;
  std::string log_path_;
};

//! Whether `table_path` holds a Delta table (a _delta_log folder).
bool tableExists(const std::string& table_path);
//! Whether the table at `table_path` has a commit: a create killed before its first commit
//! may leave a _delta_log folder without one, which tableExists counts.
bool hasCommits(const std::string& table_path);

//! Reads a whole file; IO_ERROR naming it on failure.
std::string readWholeFile(const std::string& path);

}  // namespace sluice::delta
