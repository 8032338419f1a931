// src/storage/delta/commit_timestamps.hpp
//
// When each version was committed. As Delta does for tables without in-commit timestamps, a
// commit's time is its log file's modification time; history and time travel use the
// timestamps made strictly increasing (a commit not later than its predecessor counts as one
// millisecond after it), so that TIMESTAMP AS OF always picks one version.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "storage/delta/log_store.hpp"

namespace sluice::delta {

struct CommitTimestamp {
  int64_t version = 0;
  int64_t timestamp = 0;  // milliseconds since the epoch
};

//! The raw commit time of `version` (its commit file's, or else its checkpoint's, mtime).
int64_t commitTimestamp(const LogStore& store, const LogListing& listing, int64_t version);

//! The adjusted timestamps of the versions from `first_version` to the latest, ascending.
std::vector<CommitTimestamp> commitTimestamps(const LogStore& store, const LogListing& listing,
                                              int64_t first_version);

//! The first version (of those that can be recreated) committed at or after `timestamp_ms`;
//! nullopt when the latest commit is earlier. Where a change feed or a stream starts.
std::optional<int64_t> firstVersionAtOrAfter(const LogStore& store, const LogListing& listing,
                                             int64_t timestamp_ms);

//! The latest version committed at or before `timestamp_ms`.
//! DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION before the earliest recreatable commit,
//! DELTA_TIMESTAMP_GREATER_THAN_COMMIT after the latest one.
int64_t versionAtTimestamp(const LogStore& store, int64_t timestamp_ms);

}  // namespace sluice::delta
