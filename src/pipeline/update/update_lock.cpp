// src/pipeline/update/update_lock.cpp
#include "pipeline/update/update_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice {

UpdateLock::UpdateLock(const std::string& folder, const std::string& pipeline_name,
                       const std::string& update_id) {
  std::filesystem::create_directories(folder);
  std::string path = (std::filesystem::path(folder) / "update.lock").string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throwError(ErrorClass::IO_ERROR, "Cannot open the pipeline's lock file {}: {}.", path,
               std::strerror(errno));
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char holder[256] = {};
    ssize_t length = ::pread(fd_, holder, sizeof(holder) - 1, 0);
    std::string running = length > 0 ? std::string(holder, static_cast<size_t>(length)) : "";
    ::close(fd_);
    fd_ = -1;
    throw Error(ErrorClass::PIPELINE_UPDATE_ALREADY_RUNNING,
                fmt::format("The pipeline '{}' is running an update already ({}); one update runs "
                            "at a time. Wait for it to end, or stop it.",
                            pipeline_name, running.empty() ? "another process" : running));
  }
  std::string holder = fmt::format("update {}, process {}", update_id, ::getpid());
  if (::ftruncate(fd_, 0) == 0)
    (void)!::pwrite(fd_, holder.data(), holder.size(), 0);
}

UpdateLock::~UpdateLock() {
  if (fd_ >= 0) {
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
}

}  // namespace sluice
