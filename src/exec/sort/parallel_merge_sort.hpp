// src/exec/sort/parallel_merge_sort.hpp
//
// Sorts a vector on every core: one slice per thread sorted with std::sort, then rounds of
// pairwise merges in which each merge is cut into as many independent pieces as there are
// threads for it (merge path: the place where piece p starts in both inputs is found by a
// binary search on the diagonal of the output). `less` must be a strict total order, so that
// the result does not depend on how the work was cut.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "exec/parallel/task_scheduler.hpp"

namespace sluice {

namespace detail {

//! How many elements of `a` come before output position `diagonal` of merge(a, b).
template <typename T, typename Less>
size_t mergePathSplit(const T* a, size_t a_size, const T* b, size_t b_size, size_t diagonal,
                      const Less& less) {
  size_t low = diagonal > b_size ? diagonal - b_size : 0;
  size_t high = std::min(diagonal, a_size);
  while (low < high) {
    size_t take_a = low + (high - low) / 2;
    size_t take_b = diagonal - take_a - 1;
    // Ties go to `a` first, as std::merge takes them.
    if (less(b[take_b], a[take_a])) {
      high = take_a;
    } else {
      low = take_a + 1;
    }
  }
  return low;
}

}  // namespace detail

template <typename T, typename Less>
void parallelMergeSort(std::vector<T>& items, const Less& less) {
  TaskScheduler& scheduler = TaskScheduler::shared();
  size_t threads = scheduler.threadCount();
  // Small inputs are not worth the tasks.
  constexpr size_t kMinPerThread = 1 << 14;
  size_t slices = std::clamp<size_t>(items.size() / kMinPerThread, 1, threads);
  if (slices == 1) {
    std::sort(items.begin(), items.end(), less);
    return;
  }
  std::vector<size_t> bounds(slices + 1);
  for (size_t slice = 0; slice <= slices; ++slice)
    bounds[slice] = items.size() * slice / slices;
  scheduler.parallelFor(slices, [&](size_t slice) {
    std::sort(items.begin() + static_cast<std::ptrdiff_t>(bounds[slice]),
              items.begin() + static_cast<std::ptrdiff_t>(bounds[slice + 1]), less);
  });
  std::vector<T> scratch(items.size());
  std::vector<T>* from = &items;
  std::vector<T>* to = &scratch;
  while (bounds.size() > 2) {
    size_t runs = bounds.size() - 1;
    size_t pairs = runs / 2;
    size_t pieces = std::max<size_t>(threads / std::max<size_t>(pairs, 1), 1);
    scheduler.parallelFor(pairs * pieces, [&](size_t task) {
      size_t pair = task / pieces;
      size_t piece = task % pieces;
      const T* a = from->data() + bounds[2 * pair];
      size_t a_size = bounds[2 * pair + 1] - bounds[2 * pair];
      const T* b = from->data() + bounds[2 * pair + 1];
      size_t b_size = bounds[2 * pair + 2] - bounds[2 * pair + 1];
      size_t total = a_size + b_size;
      size_t start = total * piece / pieces;
      size_t end = total * (piece + 1) / pieces;
      size_t a_start = detail::mergePathSplit(a, a_size, b, b_size, start, less);
      size_t a_end = detail::mergePathSplit(a, a_size, b, b_size, end, less);
      std::merge(a + a_start, a + a_end, b + (start - a_start), b + (end - a_end),
                 to->data() + bounds[2 * pair] + start, less);
    });
    // An odd run at the end moves over as it is.
    if (runs % 2 == 1) {
      std::copy(from->begin() + static_cast<std::ptrdiff_t>(bounds[runs - 1]), from->end(),
                to->begin() + static_cast<std::ptrdiff_t>(bounds[runs - 1]));
    }
    std::vector<size_t> merged;
    for (size_t run = 0; run < runs; run += 2)
      merged.push_back(bounds[run]);
    merged.push_back(bounds[runs]);
    bounds = std::move(merged);
    std::swap(from, to);
  }
  if (from != &items)
    items = std::move(*from);
}

}  // namespace sluice
