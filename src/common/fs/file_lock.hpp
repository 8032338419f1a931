// src/common/fs/file_lock.hpp
//
// An exclusive flock(2) on a file, taken without waiting. The kernel drops the lock when its
// process ends, however it ends, so a lock tells a process that is still working from one
// that was killed: what a killed process left behind is found unlocked.
#pragma once

#include <optional>
#include <string>

namespace sluice {

class FileLock {
 public:
  //! Opens (creating it) and locks the file at `path`; nullopt when another process holds
  //! it. IO_ERROR when the file cannot be opened.
  static std::optional<FileLock> tryLock(const std::string& path);

  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

  //! Replaces the file's content by `text` (who holds the lock, for others to report).
  void describeHolder(const std::string& text);

 private:
  explicit FileLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

//! The content of the lock file at `path` (who holds it), or "" when it cannot be read.
std::string lockHolder(const std::string& path);

}  // namespace sluice
