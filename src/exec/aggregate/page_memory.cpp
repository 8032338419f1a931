// src/exec/aggregate/page_memory.cpp
#include "exec/aggregate/page_memory.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <new>
#include <utility>

namespace sluice {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kPopulateStep = size_t{64} << 10;

size_t roundUp(size_t value, size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

//! Faults in [data, data + size) writable, without the zero page. A hint (Linux 5.14 and later):
//! where the kernel declines it the memory works all the same.
void populateForWriting(uint8_t* data, size_t size) {
#ifdef MADV_POPULATE_WRITE
  madvise(data, size, MADV_POPULATE_WRITE);
#else
  (void)data;
  (void)size;
#endif
}

}  // namespace

PageMemory::PageMemory(size_t bytes, FirstTouch first_touch) {
  size_ = roundUp(bytes == 0 ? 1 : bytes, kHugePage);
  // Whole huge pages, 2 MiB aligned, for a kernel that backs them with huge pages unasked
  // (transparent huge pages "always"): map one huge page more than asked, then unmap the
  // unaligned ends.
  size_t mapped = size_ + kHugePage;
  void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    throw std::bad_alloc();
  auto begin = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = roundUp(begin, kHugePage);
  if (aligned > begin)
    munmap(raw, aligned - begin);
  uintptr_t end = begin + mapped;
  if (end > aligned + size_)
    munmap(reinterpret_cast<void*>(aligned + size_), end - (aligned + size_));
  data_ = reinterpret_cast<uint8_t*>(aligned);
  if (first_touch == FirstTouch::kRead)
    populateForWriting(data_, size_);
}

PageMemory::~PageMemory() {
  if (data_ != nullptr)
    munmap(data_, size_);
}

PageMemory::PageMemory(PageMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

PageMemory& PageMemory::operator=(PageMemory&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr)
      munmap(data_, size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

uint8_t* PageArena::allocate(size_t bytes) {
  bytes = roundUp(bytes, 16);
  if (bytes > remaining_) {
    slabs_.emplace_back(bytes > kSlabSize ? bytes : kSlabSize);
    cursor_ = slabs_.back().data();
    remaining_ = slabs_.back().size();
    populated_end_ = cursor_;
  }
  uint8_t* result = cursor_;
  cursor_ += bytes;
  remaining_ -= bytes;
  if (cursor_ > populated_end_) {
    uint8_t* end = std::min(populated_end_ + roundUp(cursor_ - populated_end_, kPopulateStep),
                            cursor_ + remaining_);
    populateForWriting(populated_end_, end - populated_end_);
    populated_end_ = end;
  }
  return result;
}

}  // namespace sluice
