// src/storage/delta/snapshot.cpp
//
// Log replay: checkpoint + commits -> Snapshot.

#include "storage/delta/snapshot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/checkpoint.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/schema_json.hpp"

namespace sluice::delta {

namespace {

bool hasAllCommits(const LogListing& listing, int64_t first, int64_t last) {
  if (first > last)
    return true;
  auto begin = std::lower_bound(listing.commits.begin(), listing.commits.end(), first);
  auto end = std::upper_bound(listing.commits.begin(), listing.commits.end(), last);
  return end - begin == last - first + 1;
}

[[noreturn]] void throwVersionNotFound(int64_t version, int64_t earliest, int64_t latest) {
  throw Error(ErrorClass::DELTA_VERSION_NOT_FOUND,
              fmt::format("Cannot time travel Delta table to version {}. Available versions: "
                          "[{}, {}].",
                          version, earliest, latest));
}

}  // namespace

std::vector<std::string> Snapshot::clusteringColumns() const {
  auto it = domains.find(kClusteringDomain);
  if (it == domains.end())
    return {};
  std::vector<std::string> columns;
  Json json = Json::parse(it->second.configuration, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object())
    return {};
  auto list = json.find("clusteringColumns");
  if (list == json.end() || !list->is_array())
    return {};
  // Spark writes each column as its path of name parts ([["a"], ["s", "b"]]); the protocol's
  // example shows plain names. Both are read.
  for (const Json& column : *list) {
    if (column.is_string()) {
      columns.push_back(column.get<std::string>());
    } else if (column.is_array()) {
      std::string name;
      for (const Json& part : column) {
        if (!part.is_string())
          continue;
        if (!name.empty())
          name += '.';
        name += part.get<std::string>();
      }
      columns.push_back(name);
    }
  }
  // With column mapping the domain names columns by physical name.
  if (column_mapping.enabled()) {
    for (std::string& column : columns) {
      for (const StructField& field : schema) {
        if (column_mapping.physicalName(field.name) == column)
          column = field.name;
      }
    }
  }
  return columns;
}

std::vector<StructField> Snapshot::dataSchema() const {
  std::vector<StructField> fields;
  for (const StructField& field : schema) {
    bool is_partition =
        std::find(metadata.partition_columns.begin(), metadata.partition_columns.end(),
                  field.name) != metadata.partition_columns.end();
    if (!is_partition)
      fields.push_back(field);
  }
  return fields;
}

std::optional<int64_t> Snapshot::transactionVersion(const std::string& app_id) const {
  auto it = transactions.find(app_id);
  if (it == transactions.end())
    return std::nullopt;
  return it->second.version;
}

int64_t Snapshot::sizeInBytes() const {
  // The sizes come from the log as written: a damaged log can make them sum past int64.
  int64_t total = 0;
  for (const auto& [path, add] : files) {
    if (__builtin_add_overflow(total, add.size, &total)) {
      return add.size > 0 ? INT64_MAX : INT64_MIN;
    }
  }
  return total;
}

void LogReplay::apply(const Action& action) {
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, Protocol>) {
          snapshot_.protocol = value;
          saw_protocol_ = true;
        } else if constexpr (std::is_same_v<T, Metadata>) {
          snapshot_.metadata = value;
          saw_metadata_ = true;
        } else if constexpr (std::is_same_v<T, AddFile>) {
          std::string key = decodeUriPath(value.path);
          snapshot_.tombstones.erase(key);
          snapshot_.files[key] = value;
        } else if constexpr (std::is_same_v<T, RemoveFile>) {
          std::string key = decodeUriPath(value.path);
          // A file is keyed by its path and deletion vector: the remove of its old deletion
          // vector does not remove the add of its new one, in whichever order they come.
          auto live = snapshot_.files.find(key);
          if (live != snapshot_.files.end() &&
              sameDeletionVector(live->second.deletion_vector, value.deletion_vector)) {
            snapshot_.files.erase(live);
          }
          snapshot_.tombstones[key] = value;
        } else if constexpr (std::is_same_v<T, SetTransaction>) {
          snapshot_.transactions[value.app_id] = value;
        } else if constexpr (std::is_same_v<T, DomainMetadata>) {
          if (value.removed) {
            snapshot_.domains.erase(value.domain);
          } else {
            snapshot_.domains[value.domain] = value;
          }
        }
        // commitInfo describes one commit and is not part of the table state; checkpointMetadata
        // and sidecar belong to checkpoints and take no part in the replay.
      },
      action);
}

int64_t earliestRecreatableVersion(const LogListing& listing) {
  if (listing.empty())
    return -1;
  // Commit 0 and every complete checkpoint can be loaded on their own; later versions also
  // need the commits after them, which loadSnapshot checks.
  if (!listing.commits.empty() && listing.commits.front() == 0)
    return 0;
  if (!listing.checkpoints.empty())
    return listing.checkpoints.front().version;
  return listing.commits.front();
}

Snapshot loadSnapshot(const LogStore& store, std::optional<int64_t> version) {
  return loadSnapshot(store, store.list(), version);
}

Snapshot loadSnapshot(const LogStore& store, const LogListing& listing,
                      std::optional<int64_t> version) {
  if (listing.empty()) {
    throw Error(ErrorClass::DELTA_MISSING_DELTA_TABLE,
                fmt::format("`{}` is not a Delta table.", store.tablePath()));
  }
  int64_t latest = listing.latestVersion();
  int64_t target = version.value_or(latest);
  int64_t earliest = earliestRecreatableVersion(listing);
  if (target > latest || target < earliest)
    throwVersionNotFound(target, earliest, latest);

  // The newest complete checkpoint not after the target, else replay from version 0.
  const CheckpointFiles* checkpoint = listing.checkpointAtOrBefore(target);
  std::optional<int64_t> checkpoint_version;
  if (checkpoint)
    checkpoint_version = checkpoint->version;
  int64_t first_commit = checkpoint ? checkpoint->version + 1 : 0;
  if (!hasAllCommits(listing, first_commit, target)) {
    bool has_commit_zero = !listing.commits.empty() && listing.commits.front() == 0;
    if (!checkpoint && !has_commit_zero) {
      // A multi-part checkpoint that lacks a part is never read; say so when it is what
      // the replay would have started from.
      for (const std::string& name : listing.incomplete_checkpoints) {
        int64_t incomplete_version = std::stoll(name.substr(0, 20));
        if (incomplete_version <= target) {
          throw Error(ErrorClass::DELTA_MISSING_PART_FILES,
                      fmt::format("Couldn't find all part files of the checkpoint version: {}. "
                                  "The Delta log at {} has {} of a multi-part checkpoint but "
                                  "not all its parts, and no commit 0.",
                                  incomplete_version, store.logPath(), name));
        }
      }
      throwVersionNotFound(target, earliest, latest);
    }
    std::vector<int64_t> present;
    for (int64_t commit : listing.commits) {
      if (commit >= first_commit && commit <= target)
        present.push_back(commit);
    }
    throw Error(ErrorClass::DELTA_VERSIONS_NOT_CONTIGUOUS,
                fmt::format("Versions ({}) of the Delta log at {} are not contiguous: rebuilding "
                            "version {} needs every commit from {}.",
                            fmt::join(present, ", "), store.logPath(), target, first_commit));
  }

  Snapshot snapshot;
  snapshot.table_path = store.tablePath();
  snapshot.version = target;
  snapshot.checkpoint_version = checkpoint_version;
  LogReplay replay(snapshot);
  if (checkpoint) {
    for (const Action& action : readCheckpoint(store, *checkpoint))
      replay.apply(action);
  }
  for (int64_t commit = first_commit; commit <= target; ++commit) {
    for (const Action& action : store.readCommit(commit))
      replay.apply(action);
  }
  if (!replay.sawProtocol() || !replay.sawMetadata()) {
    throw Error(
        ErrorClass::DELTA_STATE_RECOVER_ERROR,
        fmt::format("The {} of the Delta table at {} could not be recovered while "
                    "reconstructing version {}. Did you manually delete files in the "
                    "_delta_log directory?",
                    replay.sawProtocol() ? "metadata" : "protocol", store.tablePath(), target));
  }
  snapshot.schema =
      schemaFromJson(snapshot.metadata.schema_string, "the metaData of " + store.logPath());
  snapshot.column_mapping = ColumnMapping::of(snapshot.metadata);
  snapshot.timestamp = commitTimestamp(store, listing, target);
  return snapshot;
}

}  // namespace sluice::delta
