// src/storage/delta/commit_timestamps.cpp
//
// Commit timestamps and TIMESTAMP AS OF.

#include "storage/delta/commit_timestamps.hpp"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

namespace {

std::string formatMillis(int64_t millis) {
  return formatTimestamp(millis * 1000, TimeZone::utc());
}

}  // namespace

int64_t commitTimestamp(const LogStore& store, const LogListing& listing, int64_t version) {
  if (std::binary_search(listing.commits.begin(), listing.commits.end(), version)) {
    return store.commitModificationTime(version);
  }
  const CheckpointFiles* checkpoint = listing.checkpointAtOrBefore(version);
  if (!checkpoint || checkpoint->version != version)
    return 0;
  struct stat info;
  std::string path = store.logFilePath(checkpoint->names.front());
  if (::stat(path.c_str(), &info) != 0)
    return 0;
  return static_cast<int64_t>(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1'000'000;
}

std::vector<CommitTimestamp> commitTimestamps(const LogStore& store, const LogListing& listing,
                                              int64_t first_version) {
  std::vector<CommitTimestamp> timestamps;
  for (int64_t version : listing.commits) {
    if (version < first_version)
      continue;
    int64_t timestamp = store.commitModificationTime(version);
    if (!timestamps.empty() && timestamp <= timestamps.back().timestamp) {
      timestamp = timestamps.back().timestamp + 1;
    }
    timestamps.push_back({version, timestamp});
  }
  return timestamps;
}

std::optional<int64_t> firstVersionAtOrAfter(const LogStore& store, const LogListing& listing,
                                             int64_t timestamp_ms) {
  for (const CommitTimestamp& commit :
       commitTimestamps(store, listing, earliestRecreatableVersion(listing))) {
    if (commit.timestamp >= timestamp_ms)
      return commit.version;
  }
  return std::nullopt;
}

int64_t versionAtTimestamp(const LogStore& store, int64_t timestamp_ms) {
  LogListing listing = store.list();
  if (listing.empty()) {
    throw Error(ErrorClass::DELTA_MISSING_DELTA_TABLE,
                fmt::format("`{}` is not a Delta table.", store.tablePath()));
  }
  std::vector<CommitTimestamp> timestamps =
      commitTimestamps(store, listing, earliestRecreatableVersion(listing));
  if (timestamps.empty()) {
    throw Error(ErrorClass::DELTA_LOG_FILE_NOT_FOUND,
                fmt::format("The Delta log at {} has no commit files.", store.logPath()));
  }
  if (timestamp_ms < timestamps.front().timestamp) {
    throw Error(ErrorClass::DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION,
                fmt::format("The provided timestamp ({}) is before the earliest version "
                            "available to this table ({}). Please use a timestamp after {}.",
                            formatMillis(timestamp_ms), formatMillis(timestamps.front().timestamp),
                            formatMillis(timestamps.front().timestamp)));
  }
  if (timestamp_ms > timestamps.back().timestamp) {
    throw Error(ErrorClass::DELTA_TIMESTAMP_GREATER_THAN_COMMIT,
                fmt::format("The provided timestamp ({}) is after the latest version available "
                            "to this table ({}). Please use a timestamp before or at {}.",
                            formatMillis(timestamp_ms), formatMillis(timestamps.back().timestamp),
                            formatMillis(timestamps.back().timestamp)));
  }
  auto after = std::upper_bound(
      timestamps.begin(), timestamps.end(), timestamp_ms,
      [](int64_t value, const CommitTimestamp& commit) { return value < commit.timestamp; });
  return std::prev(after)->version;
}

}  // namespace sluice::delta
