// src/exec/aggregate/page_memory.cpp
#include "exec/aggregate/page_memory.hpp"

#include <sys/mman.h>

#include <new>
#include <utility>

namespace sluice {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;

size_t roundUp(size_t value, size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

PageMemory::PageMemory(size_t bytes) {
  size_ = roundUp(bytes == 0 ? 1 : bytes, kHugePage);
  // Map one huge page more than asked, then unmap the unaligned ends: huge pages need a 2 MiB
  // aligned range.
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
  madvise(data_, size_, MADV_HUGEPAGE);  // a hint: without huge pages the memory works all the same
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
  }
  uint8_t* result = cursor_;
  cursor_ += bytes;
  remaining_ -= bytes;
  return result;
}

}  // namespace sluice
