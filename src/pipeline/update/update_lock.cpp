// src/pipeline/update/update_lock.cpp
#include "pipeline/update/update_lock.hpp"

#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice {

UpdateLock::UpdateLock(const std::string& folder, const std::string& pipeline_name,
                       const std::string& update_id) {
  std::filesystem::create_directories(folder);
  std::string path = (std::filesystem::path(folder) / "update.lock").string();
  lock_ = FileLock::tryLock(path);
  if (!lock_) {
    std::string running = lockHolder(path);
    throw Error(ErrorClass::PIPELINE_UPDATE_ALREADY_RUNNING,
                fmt::format("The pipeline '{}' is running an update already ({}); one update runs "
                            "at a time. Wait for it to end, or stop it.",
                            pipeline_name, running.empty() ? "another process" : running));
  }
  lock_->describeHolder(fmt::format("update {}, process {}", update_id, ::getpid()));
}

}  // namespace sluice
