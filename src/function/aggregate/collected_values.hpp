// src/function/aggregate/collected_values.hpp
//
// The state of an aggregate that keeps every value of its group (collect_list, percentile): a
// list of chunks of fixed-width values allocated in the heap the operator passes to update and
// combineWithHeap. Appending never moves a value; copying a list into another (combining)
// leaves the source intact, as window frames combine one node into many targets. All-zero bytes
// are the empty list.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "common/vector/buffer.hpp"

namespace sluice {

//! A run of values, followed in memory by `capacity` values of the list's width.
struct CollectedChunk {
  CollectedChunk* next;
  uint32_t size;
  uint32_t capacity;

  uint8_t* values() { return reinterpret_cast<uint8_t*>(this) + sizeof(CollectedChunk); }
  const uint8_t* values() const {
    return reinterpret_cast<const uint8_t*>(this) + sizeof(CollectedChunk);
  }
};
static_assert(sizeof(CollectedChunk) == 16, "values start 16-byte aligned after the header");

struct CollectedValues {
  CollectedChunk* head;
  CollectedChunk* tail;
  uint64_t count;

  //! Appends the `width` bytes at `value`.
  void append(const uint8_t* value, idx_t width, StringHeap& heap) {
    if (tail == nullptr || tail->size == tail->capacity) {
      // Chunks grow with the list: a long list has few chunks, a short one wastes little.
      auto capacity = static_cast<uint32_t>(std::clamp<uint64_t>(count, 4, 1024));
      char* bytes = heap.allocate(sizeof(CollectedChunk) + capacity * width + 15);
      auto address = (reinterpret_cast<uintptr_t>(bytes) + 15) & ~uintptr_t{15};
      auto* chunk = reinterpret_cast<CollectedChunk*>(address);
      *chunk = CollectedChunk{nullptr, 0, capacity};
      if (tail == nullptr) {
        head = chunk;
      } else {
        tail->next = chunk;
      }
      tail = chunk;
    }
    if (width > 0)
      std::memcpy(tail->values() + tail->size * width, value, width);
    ++tail->size;
    ++count;
  }

  //! Appends a copy of every value of `other`, in order.
  void appendAll(const CollectedValues& other, idx_t width, StringHeap& heap) {
    for (const CollectedChunk* chunk = other.head; chunk != nullptr; chunk = chunk->next) {
      for (uint32_t index = 0; index < chunk->size; ++index)
        append(chunk->values() + index * width, width, heap);
    }
  }

  //! The values, read as T, in order, in place of what `out` held.
  template <typename T>
  void copyTo(std::vector<T>& out) const {
    out.clear();
    out.reserve(count);
    forEach(sizeof(T), [&](const uint8_t* bytes) {
      T value;
      std::memcpy(&value, bytes, sizeof(T));
      out.push_back(value);
    });
  }

  //! Calls visit(const uint8_t* value) for every value, in order.
  template <typename Visit>
  void forEach(idx_t width, Visit&& visit) const {
    for (const CollectedChunk* chunk = head; chunk != nullptr; chunk = chunk->next) {
      for (uint32_t index = 0; index < chunk->size; ++index)
        visit(chunk->values() + index * width);
    }
  }
};

//! combineWithHeap of an aggregate whose state at `offset` is a CollectedValues of `width`-byte
//! values: each source's list appended to its target's.
inline void combineCollectedValues(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
                                   idx_t offset, idx_t width, StringHeap& heap) {
  for (idx_t i = 0; i < count; ++i) {
    auto& target = *reinterpret_cast<CollectedValues*>(targets[i] + offset);
    target.appendAll(*reinterpret_cast<const CollectedValues*>(sources[i] + offset), width, heap);
  }
}

}  // namespace sluice
