// src/storage/delta/snapshot.hpp
//
// The state of a Delta table at one version, rebuilt by replaying the log (PROTOCOL.md,
// "Action Reconciliation"): the newest complete checkpoint not after the version (of any
// naming, see checkpoint.hpp), then every later commit in order. The latest protocol and metaData
// win, files are keyed by path (an add cancels a tombstone and a remove cancels an add), txn keeps
// the newest version per appId, domainMetadata the newest per domain (removed ones drop out).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"
#include "storage/delta/column_mapping.hpp"
#include "storage/delta/log_store.hpp"

namespace sluice::delta {

//! The domain holding a clustered table's clustering columns.
inline constexpr const char* kClusteringDomain = "delta.clustering";

struct Snapshot {
  std::string table_path;
  int64_t version = -1;
  //! The commit time of `version` in milliseconds (see commit_timestamps.hpp).
  int64_t timestamp = 0;
  //! The checkpoint the replay started from, if any.
  std::optional<int64_t> checkpoint_version;

  Protocol protocol;
  Metadata metadata;
  //! The top-level columns of metadata.schema_string.
  std::vector<StructField> schema;
  //! How the columns are stored in data files (column mapping).
  ColumnMapping column_mapping;
  //! Live files and unexpired tombstones, keyed by decoded path.
  std::map<std::string, AddFile> files;
  std::map<std::string, RemoveFile> tombstones;
  std::map<std::string, SetTransaction> transactions;
  std::map<std::string, DomainMetadata> domains;

  //! The columns of CLUSTER BY, from the delta.clustering domain; empty when not clustered.
  std::vector<std::string> clusteringColumns() const;
  //! The table's columns that are stored in the data files (all but partition columns).
  std::vector<StructField> dataSchema() const;
  //! The version of the last txn of `app_id`, if it ever committed one.
  std::optional<int64_t> transactionVersion(const std::string& app_id) const;
  int64_t sizeInBytes() const;
};

//! Replays actions into a snapshot being built (exposed for checkpoints and tests).
class LogReplay {
 public:
  explicit LogReplay(Snapshot& snapshot) : snapshot_(snapshot) {}
  void apply(const Action& action);
  bool sawProtocol() const { return saw_protocol_; }
  bool sawMetadata() const { return saw_metadata_; }

 private:
  Snapshot& snapshot_;
  bool saw_protocol_ = false;
  bool saw_metadata_ = false;
};

//! The snapshot at `version` (latest when absent). DELTA_MISSING_DELTA_TABLE when there is no
//! log, DELTA_VERSION_NOT_FOUND when the version cannot be rebuilt, DELTA_VERSIONS_NOT_CONTIGUOUS
//! for a gap in the commits, DELTA_STATE_RECOVER_ERROR without protocol or metaData.
Snapshot loadSnapshot(const LogStore& store, std::optional<int64_t> version = std::nullopt);
//! As loadSnapshot, from a listing already taken.
Snapshot loadSnapshot(const LogStore& store, const LogListing& listing,
                      std::optional<int64_t> version);

//! The earliest version a snapshot can be rebuilt at: 0 when commit 0 exists, else the oldest
//! complete checkpoint.
int64_t earliestRecreatableVersion(const LogListing& listing);

}  // namespace sluice::delta
