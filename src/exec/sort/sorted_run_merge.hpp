// src/exec/sort/sorted_run_merge.hpp
//
// The last phase of an external sort: a k-way merge of sorted runs (spilled files, or batches
// still in memory) into output batches in key order. A binary heap holds the run whose current
// row comes first on top; the keys end with columns that make every row distinct (the rows'
// places in the source), so the merge is a strict order and ties keep the source order.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "exec/physical/sort_key.hpp"

namespace sluice {

//! Gives a run's batches one after the other; false after the last.
using SortedRunSource = std::function<bool(Batch&)>;

class SortedRunMerge {
 public:
  //! `keys` order the rows of every run, whose columns have `types`; the output has the first
  //! `output_width` of them.
  SortedRunMerge(std::vector<SortedRunSource> runs, std::vector<SortKey> keys,
                 const std::vector<DataType>& types, idx_t output_width);

  //! The next (up to kVectorSize) rows in order; false once every run is used up.
  bool next(Batch& output);

 private:
  static constexpr uint32_t kNotHeld = UINT32_MAX;
  struct Cursor {
    SortedRunSource source;
    std::shared_ptr<const Batch> batch;
    idx_t row = 0;
    uint32_t held = kNotHeld;  // the batch's index in held_
  };
  struct Pick {
    uint32_t batch;  // in held_
    uint32_t row;
  };

  //! Moves `cursor` to its run's next non-empty batch; false when the run is used up.
  bool advance(Cursor& cursor);
  //! Whether cursor a's row comes after cursor b's (the heap's order: the first row on top).
  bool after(size_t a, size_t b) const;
  //! The index in held_ of the cursor's batch, added when the output does not hold it yet.
  uint32_t holdBatch(Cursor& cursor);

  std::vector<Cursor> cursors_;
  std::vector<size_t> heap_;
  RowComparator comparator_;
  std::vector<DataType> output_types_;
  //! The batches the output being built reads from.
  std::vector<std::shared_ptr<const Batch>> held_;
};

}  // namespace sluice
