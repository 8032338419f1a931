// src/storage/file/local_file.cpp
//
// POSIX implementations of the local file writer and reader.
#include "storage/file/local_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/error/error.hpp"

namespace sluice {

namespace {

[[noreturn]] void throwIoError(const char* action, const std::string& path, int error) {
  throwError(ErrorClass::IO_ERROR, "Cannot {} {}: {}", action, path, std::strerror(error));
}

}  // namespace

LocalFileWriter::LocalFileWriter(std::string path, size_t buffer_size)
    : path_(std::move(path)), buffer_size_(buffer_size) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throwIoError("create", path_, errno);
  buffer_.reserve(buffer_size_);
}

LocalFileWriter::~LocalFileWriter() {
  if (fd_ >= 0)
    ::close(fd_);
}

void LocalFileWriter::flushBuffer() {
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t written = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      throwIoError("write", path_, errno);
    }
    done += static_cast<size_t>(written);
  }
  buffer_.clear();
}

void LocalFileWriter::write(const void* data, size_t size) {
  if (fd_ < 0)
    throwError(ErrorClass::INTERNAL_ERROR, "write to closed file {}", path_);
  position_ += size;
  if (buffer_.size() + size > buffer_size_)
    flushBuffer();
  if (size >= buffer_size_) {
    buffer_.assign(static_cast<const char*>(data), size);
    flushBuffer();
    return;
  }
  buffer_.append(static_cast<const char*>(data), size);
}

void LocalFileWriter::close(bool sync) {
  if (fd_ < 0)
    return;
  flushBuffer();
  if (sync && ::fsync(fd_) != 0)
    throwIoError("sync", path_, errno);
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0)
    throwIoError("close", path_, errno);
}

LocalFileReader::LocalFileReader(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    throwIoError("open", path_, errno);
  struct stat info;
  if (::fstat(fd_, &info) != 0) {
    int error = errno;
    ::close(fd_);
    fd_ = -1;
    throwIoError("stat", path_, error);
  }
  size_ = static_cast<uint64_t>(info.st_size);
}

LocalFileReader::~LocalFileReader() {
  if (fd_ >= 0)
    ::close(fd_);
}

void LocalFileReader::readAt(uint64_t offset, size_t size, void* out) const {
  size_t done = 0;
  while (done < size) {
    ssize_t got = ::pread(fd_, static_cast<char*>(out) + done, size - done,
                          static_cast<off_t>(offset + done));
    if (got < 0) {
      if (errno == EINTR)
        continue;
      throwIoError("read", path_, errno);
    }
    if (got == 0) {
      throwError(ErrorClass::IO_ERROR, "Cannot read {}: the file ends at byte {}", path_,
                 offset + done);
    }
    done += static_cast<size_t>(got);
  }
}

}  // namespace sluice
