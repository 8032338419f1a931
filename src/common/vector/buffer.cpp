#include "common/vector/buffer.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

namespace sluice {

namespace {
constexpr idx_t kAlignment = 64;
}

BufferPtr Buffer::allocate(idx_t size) {
  idx_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0)
    rounded = kAlignment;
  auto* data = static_cast<uint8_t*>(std::aligned_alloc(kAlignment, rounded));
  if (data == nullptr)
    throw std::bad_alloc();
  std::memset(data, 0, rounded);
  return BufferPtr(new Buffer(data, size));
}

Buffer::~Buffer() {
  std::free(data_);
}

char* StringHeap::allocate(idx_t size) {
  if (size > remaining_) {
    idx_t chunk_size = size > kChunkSize ? size : kChunkSize;
    // Not zeroed: every byte is written before a view points at it, and a chunk's untouched
    // pages then cost nothing (a vector of a few short strings used to clear 64 KB).
    chunks_.push_back(std::make_unique_for_overwrite<char[]>(chunk_size));
    cursor_ = chunks_.back().get();
    remaining_ = chunk_size;
  }
  char* result = cursor_;
  cursor_ += size;
  remaining_ -= size;
  return result;
}

}  // namespace sluice
