// src/exec/aggregate/page_memory.hpp
//
// Large zeroed memory straight from the kernel, for the hash tables' rows and slot arrays:
// mappings of whole 2 MiB pages, aligned to 2 MiB. Fresh mappings read as zero, so rows need
// no clearing before first use. A table with millions of groups touches hundreds of megabytes
// exactly once, so how its pages come in matters:
//   - Memory whose first touch is a read (a slot array, probed before it is written) is
//     populated for writing at once. A read of an untouched page maps the shared zero page,
//     and the write that follows must replace it and flush the TLB of every core running the
//     process: an interrupt to each, costly under virtualization (half of a 10 M-group
//     aggregate's time went there).
//   - No transparent huge pages are asked for. Under a hypervisor that takes back its guests'
//     free memory (free page reporting, as in Firecracker micro-VMs), a fresh process builds
//     each huge page out of reclaimed blocks that fault in host memory while they are zeroed:
//     touching 512 MiB took 1.2 s with huge pages against 0.16 s with 4 KiB pages, which come
//     from the free memory at hand first. On bare metal huge pages save a little; here they
//     cost several times more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice {

//! How memory is first touched: written (rows) or read before it is written (slot arrays).
enum class FirstTouch { kWrite, kRead };

class PageMemory {
 public:
  PageMemory() = default;
  //! At least `bytes` zeroed bytes (a multiple of 2 MiB).
  explicit PageMemory(size_t bytes, FirstTouch first_touch = FirstTouch::kWrite);
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

//! Bump allocation of zeroed memory out of 2 MiB PageMemory slabs; freed all at once. What it
//! hands out is populated for writing first (64 KiB at a time, so a small table does not pay
//! for a whole slab): the hash aggregate reads a new row's states before it writes them.
class PageArena {
 public:
  static constexpr size_t kSlabSize = size_t{2} << 20;

  //! `bytes` zeroed bytes aligned to 16, never handed out before.
  uint8_t* allocate(size_t bytes);

 private:
  std::vector<PageMemory> slabs_;
  uint8_t* cursor_ = nullptr;
  size_t remaining_ = 0;
  uint8_t* populated_end_ = nullptr;  // of the last slab
};

}  // namespace sluice
