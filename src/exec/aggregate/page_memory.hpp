// src/exec/aggregate/page_memory.hpp
//
// Large zeroed memory straight from the kernel, for the hash aggregate's rows and slot arrays:
// mappings of whole 2 MiB pages, aligned to 2 MiB and marked for transparent huge pages. A
// table with millions of groups touches hundreds of megabytes exactly once; with 4 KiB pages
// every 4 KiB costs a page fault (expensive under virtualization), with huge pages one fault
// serves 2 MiB. Fresh mappings read as zero, so rows need no clearing before first use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice {

class PageMemory {
 public:
  PageMemory() = default;
  //! At least `bytes` zeroed bytes (a multiple of 2 MiB).
  explicit PageMemory(size_t bytes);
  ~PageMemory();
  PageMemory(PageMemory&& other) noexcept;
  PageMemory& operator=(PageMemory&& other) noexcept;
  PageMemory(const PageMemory&) = delete;
  PageMemory& operator=(const PageMemory&) = delete;

  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

//! Bump allocation of zeroed memory out of 2 MiB PageMemory slabs; freed all at once.
class PageArena {
 public:
  static constexpr size_t kSlabSize = size_t{2} << 20;

  //! `bytes` zeroed bytes aligned to 16, never handed out before.
  uint8_t* allocate(size_t bytes);

 private:
  std::vector<PageMemory> slabs_;
  uint8_t* cursor_ = nullptr;
  size_t remaining_ = 0;
};

}  // namespace sluice
