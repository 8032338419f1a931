// src/storage/delta/restore.cpp
#include "storage/delta/restore.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "common/types/value_text.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/transaction.hpp"

namespace sluice::delta {

namespace {

//! Whether `files` holds `file` as it is: the same path with the same deletion vector.
bool holds(const std::map<std::string, AddFile>& files, const std::string& path,
           const AddFile& file) {
  auto found = files.find(path);
  return found != files.end() &&
         sameDeletionVector(found->second.deletion_vector, file.deletion_vector);
}

std::string utcText(int64_t millis) {
  return formatTimestampNtz(millis * 1000);
}

//! Refuses a restore whose files VACUUM has deleted: committing it would leave a version that
//! cannot be read. As Delta, names up to 100 missing files.
void checkRestoredFilesExist(const std::string& table_path, const std::vector<Action>& actions,
                             int64_t version) {
  std::vector<std::string> missing;
  for (const Action& action : actions) {
    const auto* add = std::get_if<AddFile>(&action);
    if (add && !std::filesystem::exists(resolveDataPath(table_path, add->path)))
      missing.push_back(decodeUriPath(add->path));
  }
  if (missing.empty())
    return;
  if (missing.size() > 100)
    missing.resize(100);
  throwError(ErrorClass::DELTA_CANNOT_RESTORE_TABLE_VERSION,
             "Cannot restore table to version {}: not all its files are available in the file "
             "system (VACUUM may have deleted them). Missing files (at most 100): {}. Restore "
             "a more recent version or timestamp.",
             version, fmt::join(missing, ", "));
}

}  // namespace

RestoreResult restoreTable(const std::string& table_path, const TimeTravel& to) {
  LogStore store(table_path);
  LogListing listing = store.list();
  Snapshot latest = loadSnapshot(store, listing, std::nullopt);
  checkWriteSupported(latest.protocol, latest.metadata, table_path);
  std::optional<int64_t> version = to.version;
  if (to.timestamp_ms) {
    if (*to.timestamp_ms > latest.timestamp) {
      throwError(ErrorClass::DELTA_CANNOT_RESTORE_TIMESTAMP_GREATER,
                 "Cannot restore table to timestamp ({}) as it is after the latest version "
                 "available. Please use a timestamp before ({})",
                 utcText(*to.timestamp_ms), utcText(latest.timestamp));
    }
    version = versionAtTimestamp(store, *to.timestamp_ms);
  }
  int64_t earliest = earliestRecreatableVersion(listing);
  if (!version || *version > latest.version || *version < earliest) {
    throwError(ErrorClass::DELTA_CANNOT_RESTORE_TABLE_VERSION,
               "Cannot restore table to version {}. Available versions: [{}, {}].",
               version.value_or(-1), earliest, latest.version);
  }
  Snapshot target = loadSnapshot(store, listing, version);
  checkReadSupported(target.protocol, target.metadata, table_path);

  int64_t now = epochMillis();
  RestoreResult result;
  CommitPlan plan;
  plan.read_version = latest.version;
  plan.read_whole_table = true;
  // The protocol keeps every feature the table has now; the metadata is the old version's.
  Protocol protocol = unionOfProtocols(latest.protocol, target.protocol);
  if (!(protocol == latest.protocol))
    plan.actions.emplace_back(protocol);
  if (!(target.metadata == latest.metadata))
    plan.actions.emplace_back(target.metadata);
  for (const auto& [path, file] : latest.files) {
    if (holds(target.files, path, file))
      continue;
    plan.actions.emplace_back(removeOf(file, now, /*data_change=*/true));
    plan.read_files.insert(path);
    result.num_removed_files += 1;
    result.removed_files_size += file.size;
  }
  for (const auto& [path, file] : target.files) {
    result.num_of_files_after_restore += 1;
    result.table_size_after_restore += file.size;
    if (holds(latest.files, path, file))
      continue;
    AddFile add = file;
    add.data_change = true;
    plan.actions.emplace_back(std::move(add));
    result.num_restored_files += 1;
    result.restored_files_size += file.size;
  }
  checkRestoredFilesExist(table_path, plan.actions, *version);
  plan.checkpoint_interval = checkpointInterval(target.metadata);
  Json parameters = Json::object();
  if (to.timestamp_ms)
    parameters["timestamp"] = utcText(*to.timestamp_ms);
  else
    parameters["version"] = std::to_string(*version);
  Json metrics = {
      {"numRestoredFiles", std::to_string(result.num_restored_files)},
      {"removedFilesSize", std::to_string(result.removed_files_size)},
      {"numRemovedFiles", std::to_string(result.num_removed_files)},
      {"restoredFilesSize", std::to_string(result.restored_files_size)},
      {"numOfFilesAfterRestore", std::to_string(result.num_of_files_after_restore)},
      {"tableSizeAfterRestore", std::to_string(result.table_size_after_restore)},
  };
  describeOperation(plan, "RESTORE", std::move(parameters), isolationLevel(target.metadata), false,
                    std::move(metrics));
  result.version = commitTransaction(store, std::move(plan)).version;
  return result;
}

}  // namespace sluice::delta
