// src/exec/sort/sorted_run_merge.cpp
#include "exec/sort/sorted_run_merge.hpp"

#include <algorithm>

#include "exec/sort/row_gather.hpp"

namespace sluice {

SortedRunMerge::SortedRunMerge(std::vector<SortedRunSource> runs, std::vector<SortKey> keys,
                               const std::vector<DataType>& types, idx_t output_width)
    : comparator_(std::move(keys), types),
      output_types_(types.begin(), types.begin() + static_cast<std::ptrdiff_t>(output_width)) {
  for (SortedRunSource& run : runs) {
    cursors_.push_back({std::move(run), nullptr, 0});
    if (advance(cursors_.back()))
      heap_.push_back(cursors_.size() - 1);
  }
  std::make_heap(heap_.begin(), heap_.end(), [this](size_t a, size_t b) { return after(a, b); });
}

bool SortedRunMerge::advance(Cursor& cursor) {
  auto batch = std::make_shared<Batch>();
  while (cursor.source(*batch)) {
    if (batch->num_rows > 0) {
      cursor.batch = std::move(batch);
      cursor.row = 0;
      cursor.held = kNotHeld;
      return true;
    }
  }
  cursor.batch.reset();
  return false;
}

bool SortedRunMerge::after(size_t a, size_t b) const {
  const Cursor& left = cursors_[a];
  const Cursor& right = cursors_[b];
  return comparator_.compare(*left.batch, left.row, *right.batch, right.row) > 0;
}

uint32_t SortedRunMerge::holdBatch(Cursor& cursor) {
  if (cursor.held == kNotHeld) {
    cursor.held = static_cast<uint32_t>(held_.size());
    held_.push_back(cursor.batch);
  }
  return cursor.held;
}

bool SortedRunMerge::next(Batch& output) {
  if (heap_.empty())
    return false;
  auto heap_order = [this](size_t a, size_t b) { return after(a, b); };
  std::vector<Pick> picks;
  picks.reserve(kVectorSize);
  held_.clear();
  for (Cursor& cursor : cursors_)
    cursor.held = kNotHeld;
  while (picks.size() < kVectorSize && !heap_.empty()) {
    size_t top = heap_.front();
    Cursor& cursor = cursors_[top];
    picks.push_back({holdBatch(cursor), static_cast<uint32_t>(cursor.row)});
    std::pop_heap(heap_.begin(), heap_.end(), heap_order);
    heap_.pop_back();
    if (++cursor.row < cursor.batch->num_rows || advance(cursor)) {
      heap_.push_back(top);
      std::push_heap(heap_.begin(), heap_.end(), heap_order);
    }
  }
  output =
      gatherPickedRows(output_types_, picks.data(), static_cast<idx_t>(picks.size()),
                       [this](const Pick& pick) -> const Batch& { return *held_[pick.batch]; });
  held_.clear();
  return true;
}

}  // namespace sluice
