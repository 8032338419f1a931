// src/common/fs/file_lock.cpp
#include "common/fs/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "common/error/error.hpp"

namespace sluice {

std::optional<FileLock> FileLock::tryLock(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throwError(ErrorClass::IO_ERROR, "Cannot open the lock file {}: {}.", path,
               std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  return FileLock(fd);
}

FileLock::FileLock(FileLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileLock::~FileLock() {
  if (fd_ >= 0) {
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
}

void FileLock::describeHolder(const std::string& text) {
  if (::ftruncate(fd_, 0) == 0)
    (void)!::pwrite(fd_, text.data(), text.size(), 0);
}

std::string lockHolder(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return "";
  char text[256] = {};
  ssize_t length = ::pread(fd, text, sizeof(text) - 1, 0);
  ::close(fd);
  return length > 0 ? std::string(text, static_cast<size_t>(length)) : "";
}

}  // namespace sluice
