// src/exec/physical/ordered_batches.hpp
//
// Batches collected by many threads, put back in the order of the source: by morsel index,
// then by the order in which one thread produced the batches of one morsel.
#pragma once

#include <algorithm>
#include <mutex>
#include <vector>

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class OrderedBatches {
 public:
  void add(Morsel& morsel) {
    if (morsel.batch.num_rows == 0)
      return;
    entries_.push_back({morsel.index, entries_.size(), std::move(morsel.batch)});
  }
  //! Moves `other`'s batches in (under a lock, from many threads).
  void merge(OrderedBatches& other) {
    std::lock_guard lock(mutex_);
    for (Entry& entry : other.entries_)
      entries_.push_back(std::move(entry));
    other.entries_.clear();
  }
  //! The batches in source order; the collection is left empty.
  std::vector<Batch> takeInOrder() {
    std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
      return a.index != b.index ? a.index < b.index : a.sequence < b.sequence;
    });
    std::vector<Batch> batches;
    batches.reserve(entries_.size());
    for (Entry& entry : entries_)
      batches.push_back(std::move(entry.batch));
    entries_.clear();
    return batches;
  }

 private:
  struct Entry {
    uint64_t index;
    size_t sequence;  // within one thread's collection
    Batch batch;
  };
  std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace sluice
