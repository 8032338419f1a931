// src/common/vector/buffer.hpp
//
// Reference-counted, 64-byte aligned, zero-initialized memory for vector data and validity.
// Sharing a buffer between vectors is how slices and projections avoid copies.
#pragma once

#include <cstdint>
#include <memory>

#include "common/types/data_type.hpp"

namespace sluice {

class Buffer {
 public:
  static std::shared_ptr<Buffer> allocate(idx_t size);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  idx_t size() const { return size_; }

 private:
  Buffer(uint8_t* data, idx_t size) : data_(data), size_(size) {}

  uint8_t* data_;
  idx_t size_;
};

using BufferPtr = std::shared_ptr<Buffer>;

//! Bump-allocated storage for the bytes of strings longer than StringView's inline 12.
//! Chunks never move, so views into them stay valid while the heap lives.
class StringHeap {
 public:
  char* allocate(idx_t size);

 private:
  static constexpr idx_t kChunkSize = 64 * 1024;

  std::vector<std::unique_ptr<char[]>> chunks_;
  char* cursor_ = nullptr;
  idx_t remaining_ = 0;
};

}  // namespace sluice
