// src/storage/file/local_file.hpp
//
// Files on the local disk: a sequential writer that tracks its position, and a positioned
// reader (pread) safe to share between threads. Failures raise IO_ERROR naming the path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sluice {

class LocalFileWriter {
 public:
  //! Bytes buffered between writes to the file by default.
  static constexpr size_t kDefaultBufferSize = size_t{1} << 20;

  //! Creates (or truncates) `path`; writes reach it `buffer_size` bytes at a time.
  explicit LocalFileWriter(std::string path, size_t buffer_size = kDefaultBufferSize);
  ~LocalFileWriter();
  LocalFileWriter(const LocalFileWriter&) = delete;
  LocalFileWriter& operator=(const LocalFileWriter&) = delete;

  void write(const void* data, size_t size);
  //! Bytes written so far.
  uint64_t position() const { return position_; }
  //! Flushes and closes; with `sync`, also waits for the data to reach the disk.
  void close(bool sync = false);
  const std::string& path() const { return path_; }

 private:
  void flushBuffer();

  std::string path_;
  int fd_ = -1;
  uint64_t position_ = 0;
  size_t buffer_size_;
  std::string buffer_;
};

class LocalFileReader {
 public:
  explicit LocalFileReader(std::string path);
  ~LocalFileReader();
  LocalFileReader(const LocalFileReader&) = delete;
  LocalFileReader& operator=(const LocalFileReader&) = delete;

  uint64_t size() const { return size_; }
  //! Reads exactly `size` bytes at `offset`; a short read (the file shrank) is an IO_ERROR.
  void readAt(uint64_t offset, size_t size, void* out) const;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

}  // namespace sluice
