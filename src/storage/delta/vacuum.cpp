// src/storage/delta/vacuum.cpp
//
// Deleting files no retained version of a Delta table needs.

#include "storage/delta/vacuum.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

namespace fs = std::filesystem;

namespace {

int64_t modificationMillis(const fs::path& path) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0)
    return INT64_MAX;  // vanished: nothing to delete
  return static_cast<int64_t>(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1'000'000;
}

bool isPartitionFolder(const std::string& name, const std::vector<std::string>& partition_columns) {
  auto equals = name.find('=');
  if (equals == std::string::npos)
    return false;
  std::string column = name.substr(0, equals);
  return std::find(partition_columns.begin(), partition_columns.end(), column) !=
         partition_columns.end();
}

//! Hidden entries are Delta's own (_delta_log, _change_data) or temporary ('.' files); a
//! partition folder of a column whose name starts with '_' is data.
bool isHidden(const std::string& name, const std::vector<std::string>& partition_columns) {
  if (name.empty())
    return true;
  if (name[0] != '_' && name[0] != '.')
    return false;
  return !isPartitionFolder(name, partition_columns);
}

struct Candidates {
  std::vector<std::string> files;
  std::vector<fs::path> folders;  // children before their parents
};

void collect(const fs::path& root, const fs::path& folder, int64_t cutoff,
             const std::set<std::string>& keep, const std::vector<std::string>& partition_columns,
             Candidates& candidates) {
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    std::string name = entry.path().filename().string();
    if (isHidden(name, partition_columns))
      continue;
    if (entry.is_directory()) {
      collect(root, entry.path(), cutoff, keep, partition_columns, candidates);
      candidates.folders.push_back(entry.path());
      continue;
    }
    std::string relative = entry.path().lexically_relative(root).string();
    if (keep.count(relative))
      continue;
    if (modificationMillis(entry.path()) >= cutoff)
      continue;
    candidates.files.push_back(relative);
  }
}

}  // namespace

VacuumResult vacuum(const std::string& table_path, const VacuumOptions& options) {
  LogStore store(table_path);
  Snapshot snapshot = loadSnapshot(store);
  checkWriteSupported(snapshot.protocol, snapshot.metadata, store.tablePath());
  int64_t configured = deletedFileRetentionMillis(snapshot.metadata);
  int64_t retention = configured;
  if (options.retain_hours) {
    if (*options.retain_hours < 0) {
      throw Error(ErrorClass::INVALID_ARGUMENT,
                  fmt::format("Retention for VACUUM can't be less than 0 hours."));
    }
    retention = static_cast<int64_t>(std::llround(*options.retain_hours * kMillisPerHour));
  }
  if (options.retention_check && retention < configured) {
    int64_t hours = (configured + kMillisPerHour - 1) / kMillisPerHour;
    throw Error(ErrorClass::INVALID_ARGUMENT,
                fmt::format("Are you sure you would like to vacuum files with such a low "
                            "retention period? If you have writers that are currently writing "
                            "to this table, there is a risk that you may corrupt the state of "
                            "your Delta table. If you are certain that there are no operations "
                            "being performed on this table, turn off the retention duration "
                            "check. If you are not sure, please use a value not less than "
                            "\"{} hours\".",
                            hours));
  }
  int64_t now = options.now_ms.value_or(epochMillis());
  int64_t cutoff = now - retention;

  fs::path root(store.tablePath());
  std::set<std::string> keep;
  // A file's deletion vector file lives as long as the file does.
  auto keep_deletion_vector = [&](const std::optional<Json>& descriptor, const std::string& path) {
    if (!descriptor)
      return;
    DeletionVectorDescriptor parsed = parseDeletionVectorDescriptor(*descriptor, path);
    if (parsed.storage_type == 'i')
      return;
    fs::path file(deletionVectorFilePath(parsed, store.tablePath()));
    keep.insert(file.lexically_relative(root).string());
  };
  for (const auto& [path, add] : snapshot.files) {
    keep.insert(path);
    keep_deletion_vector(add.deletion_vector, path);
  }
  for (const auto& [path, remove] : snapshot.tombstones) {
    if (remove.deletion_timestamp.value_or(0) > cutoff) {
      keep.insert(path);
      keep_deletion_vector(remove.deletion_vector, path);
    }
  }
  Candidates candidates;
  collect(root, root, cutoff, keep, snapshot.metadata.partition_columns, candidates);
  std::sort(candidates.files.begin(), candidates.files.end());

  VacuumResult result;
  result.retention_ms = retention;
  result.files = candidates.files;
  if (options.dry_run)
    return result;
  for (const std::string& file : candidates.files) {
    std::error_code error;
    fs::remove(root / file, error);
    if (error) {
      throwError(ErrorClass::IO_ERROR, "Cannot delete {}/{}: {}", store.tablePath(), file,
                 error.message());
    }
  }
  // Partition folders left empty go too, deepest first.
  for (const fs::path& folder : candidates.folders) {
    std::error_code error;
    if (fs::is_empty(folder, error) && !error)
      fs::remove(folder, error);
  }
  return result;
}

}  // namespace sluice::delta
