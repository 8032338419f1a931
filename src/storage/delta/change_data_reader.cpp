// src/storage/delta/change_data_reader.cpp
#include "storage/delta/change_data_reader.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <variant>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

namespace {

std::vector<uint64_t> deletedRowsOf(const std::optional<Json>& descriptor, const AddFile& file,
                                    const std::string& table_path) {
  if (!descriptor)
    return {};
  std::string data_file = resolveDataPath(table_path, file.path);
  return loadDeletionVector(parseDeletionVectorDescriptor(*descriptor, data_file), table_path);
}

//! The positions in `a` and not in `b` (both ascending).
std::vector<uint64_t> positionsMissingFrom(const std::vector<uint64_t>& a,
                                           const std::vector<uint64_t>& b) {
  std::vector<uint64_t> difference;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(difference));
  return difference;
}

//! The changes of a commit without cdc actions: its data-changing adds are inserts and its
//! data-changing removes deletes.
void addFileActionChanges(const std::vector<Action>& actions, const std::string& table_path,
                          ChangeFile commit, std::vector<ChangeFile>& out) {
  std::map<std::string, const AddFile*> added;
  for (const Action& action : actions) {
    if (const auto* add = std::get_if<AddFile>(&action); add && add->data_change)
      added[decodeUriPath(add->path)] = add;
  }
  std::map<std::string, const AddFile*> unpaired = added;
  for (const Action& action : actions) {
    const auto* remove = std::get_if<RemoveFile>(&action);
    if (!remove || !remove->data_change)
      continue;
    auto same_file = added.find(decodeUriPath(remove->path));
    if (same_file != added.end()) {
      // The file stays with another deletion vector: only the rows it newly deletes (or
      // restores) changed.
      const AddFile& add = *same_file->second;
      unpaired.erase(same_file->first);
      std::vector<uint64_t> before = deletedRowsOf(remove->deletion_vector, add, table_path);
      std::vector<uint64_t> after = deletedRowsOf(add.deletion_vector, add, table_path);
      ChangeFile change = commit;
      change.file = add;
      change.file.deletion_vector.reset();
      std::vector<uint64_t> deleted = positionsMissingFrom(after, before);
      std::vector<uint64_t> restored = positionsMissingFrom(before, after);
      if (!deleted.empty()) {
        change.change_type = "delete";
        change.only_rows = std::move(deleted);
        out.push_back(change);
      }
      if (!restored.empty()) {
        change.change_type = "insert";
        change.only_rows = std::move(restored);
        out.push_back(change);
      }
      continue;
    }
    ChangeFile change = commit;
    change.file.path = remove->path;
    change.file.partition_values = remove->partition_values.value_or(PartitionValues{});
    change.file.size = remove->size.value_or(0);
    change.file.deletion_vector = remove->deletion_vector;
    change.change_type = "delete";
    out.push_back(std::move(change));
  }
  for (const Action& action : actions) {
    const auto* add = std::get_if<AddFile>(&action);
    if (!add || !add->data_change || !unpaired.count(decodeUriPath(add->path)))
      continue;
    ChangeFile change = commit;
    change.file = *add;
    change.change_type = "insert";
    out.push_back(std::move(change));
  }
}

[[noreturn]] void throwMissingChangeData(int64_t start_version, int64_t end_version,
                                         int64_t version) {
  throw Error(ErrorClass::DELTA_MISSING_CHANGE_DATA,
              fmt::format("Error getting change data for range [{} , {}] as change data was "
                          "not recorded for version [{}]. If you've enabled change data feed "
                          "on this table, use `DESCRIBE HISTORY` to see when it was first "
                          "enabled. Otherwise, to start recording change data, use `ALTER "
                          "TABLE table_name SET TBLPROPERTIES "
                          "(delta.enableChangeDataFeed=true)`.",
                          start_version, end_version, version));
}

[[noreturn]] void throwStartAfterLatest(int64_t start, int64_t latest) {
  throw Error(ErrorClass::DELTA_CDC_START_VERSION_AFTER_LATEST,
              fmt::format("Provided start version ({}) for reading change data is invalid. Start "
                          "version cannot be greater than the latest version of the table ({}).",
                          start, latest));
}

}  // namespace

std::pair<int64_t, int64_t> changeVersionRange(const std::string& table_path,
                                               const ChangeBound& start,
                                               const std::optional<ChangeBound>& end) {
  LogStore store(table_path);
  LogListing listing = store.list();
  if (listing.empty()) {
    throw Error(ErrorClass::DELTA_MISSING_DELTA_TABLE,
                fmt::format("`{}` is not a Delta table.", table_path));
  }
  int64_t latest = listing.latestVersion();
  int64_t first = 0;
  if (start.version) {
    first = *start.version;
    if (first > latest)
      throwStartAfterLatest(first, latest);
  } else {
    std::optional<int64_t> at_or_after = firstVersionAtOrAfter(store, listing, *start.timestamp_ms);
    if (!at_or_after) {
      throw Error(ErrorClass::DELTA_TIMESTAMP_GREATER_THAN_COMMIT,
                  fmt::format("The provided timestamp ({} ms since the epoch) is after the "
                              "latest commit of the table (version {}).",
                              *start.timestamp_ms, latest));
    }
    first = *at_or_after;
  }
  std::vector<CommitTimestamp> timestamps;
  if (end && end->timestamp_ms)
    timestamps = commitTimestamps(store, listing, earliestRecreatableVersion(listing));
  int64_t last = latest;
  if (end && end->version) {
    last = std::min(*end->version, latest);
  } else if (end && end->timestamp_ms) {
    last = -1;
    for (const CommitTimestamp& commit : timestamps) {
      if (commit.timestamp <= *end->timestamp_ms)
        last = commit.version;
    }
  }
  if (last < first) {
    int64_t shown_end = end && end->version ? *end->version : last;
    throw Error(ErrorClass::DELTA_INVALID_CDC_RANGE,
                fmt::format("CDC range from start {} to end {} was invalid. End cannot be before "
                            "start.",
                            first, shown_end));
  }
  return {first, last};
}

ChangeRange changesBetween(const std::string& table_path, int64_t start_version,
                           int64_t end_version) {
  LogStore store(table_path);
  LogListing listing = store.list();
  if (start_version > listing.latestVersion())
    throwStartAfterLatest(start_version, listing.latestVersion());
  // The metadata each commit was written under: the snapshot's at the start, then each
  // commit's own change of it.
  Snapshot at_start = loadSnapshot(store, listing, start_version);
  Metadata metadata = at_start.metadata;
  Protocol protocol = at_start.protocol;
  std::map<int64_t, int64_t> commit_times;
  for (const CommitTimestamp& commit :
       commitTimestamps(store, listing, earliestRecreatableVersion(listing))) {
    commit_times[commit.version] = commit.timestamp;
  }

  ChangeRange range;
  range.table_path = table_path;
  range.start_version = start_version;
  range.end_version = end_version;
  for (int64_t version = start_version; version <= end_version; ++version) {
    std::vector<Action> actions = store.readCommit(version);
    for (const Action& action : actions) {
      if (const auto* changed = std::get_if<Metadata>(&action))
        metadata = *changed;
      if (const auto* changed = std::get_if<Protocol>(&action))
        protocol = *changed;
    }
    if (!changeDataFeedEnabled(metadata))
      throwMissingChangeData(start_version, end_version, version);
    ChangeFile commit;
    commit.version = version;
    auto time = commit_times.find(version);
    commit.timestamp_ms =
        time != commit_times.end() ? time->second : store.commitModificationTime(version);
    bool has_change_files = false;
    for (const Action& action : actions) {
      const auto* cdc = std::get_if<AddCdcFile>(&action);
      if (!cdc)
        continue;
      has_change_files = true;
      ChangeFile change = commit;
      change.file.path = cdc->path;
      change.file.partition_values = cdc->partition_values;
      change.file.size = cdc->size;
      range.files.push_back(std::move(change));
    }
    if (!has_change_files)
      addFileActionChanges(actions, table_path, commit, range.files);
  }
  checkReadSupported(protocol, metadata, table_path);
  range.schema = schemaFromJson(metadata.schema_string, table_path);
  range.partition_columns = metadata.partition_columns;
  range.column_mapping = ColumnMapping::of(metadata);
  return range;
}

ChangeRange snapshotAsInserts(const Snapshot& snapshot) {
  if (!changeDataFeedEnabled(snapshot.metadata))
    throwMissingChangeData(snapshot.version, snapshot.version, snapshot.version);
  ChangeRange range;
  range.table_path = snapshot.table_path;
  range.start_version = snapshot.version;
  range.end_version = snapshot.version;
  range.schema = snapshot.schema;
  range.partition_columns = snapshot.metadata.partition_columns;
  range.column_mapping = snapshot.column_mapping;
  for (const auto& [path, file] : snapshot.files) {
    ChangeFile change;
    change.file = file;
    change.change_type = "insert";
    change.version = snapshot.version;
    change.timestamp_ms = snapshot.timestamp;
    range.files.push_back(std::move(change));
  }
  return range;
}

}  // namespace sluice::delta
