// src/storage/delta/appended_files.cpp
#include "storage/delta/appended_files.hpp"

#include <variant>

#include "storage/delta/log_store.hpp"

namespace sluice::delta {

AppendedFiles filesAppendedBetween(const std::string& table_path, int64_t from_version,
                                   int64_t to_version, bool skip_change_commits) {
  LogStore store(table_path);
  AppendedFiles appended;
  for (int64_t version = from_version; version <= to_version; ++version) {
    std::vector<Action> actions = store.readCommit(version);
    bool removes_data = false;
    for (const Action& action : actions) {
      if (const auto* remove = std::get_if<RemoveFile>(&action))
        removes_data |= remove->data_change;
    }
    if (removes_data) {
      if (!appended.first_change_version)
        appended.first_change_version = version;
      if (skip_change_commits)
        continue;
    }
    for (const Action& action : actions) {
      if (const auto* add = std::get_if<AddFile>(&action); add != nullptr && add->data_change)
        appended.files.push_back(*add);
    }
  }
  return appended;
}

}  // namespace sluice::delta
