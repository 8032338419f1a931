// src/exec/window/window_in_memory.hpp
//
// Window functions over rows that are all in memory: spreads the rows over hash buckets of the
// PARTITION BY keys (a partition never spans two buckets), and then, one task per bucket on
// every core, sorts the bucket once by (partition keys, order keys) packed into a few words per
// row, finds its partitions and peer groups by comparing neighbours, and computes each function
// over it, reading only the columns the functions use. The output is the input batches
// themselves, each followed by the functions' values for its rows: in no particular order, and
// without copying the input columns.
#pragma once

#include <string>
#include <vector>

#include "exec/physical/sort_key.hpp"
#include "planner/expression/bound_window.hpp"

namespace sluice {

//! hashes[i] = the hash of row i's PARTITION BY keys (the columns `partition`): the rows of one
//! window partition share it.
void hashPartitionKeys(const Batch& batch, const std::vector<idx_t>& partition,
                       std::vector<uint64_t>& hashes);

class InMemoryWindow {
 public:
  //! `types` are the output's: the input's `input_width` columns, then one per function.
  InMemoryWindow(std::vector<DataType> types, idx_t input_width, std::vector<idx_t> partition,
                 std::vector<SortKey> order, std::vector<BoundWindowFunction> functions);

  //! Every input batch with the functions' values beside its columns. Runs its passes on every
  //! core: not to be called from a task of the scheduler.
  std::vector<Batch> evaluate(std::vector<Batch> input) const;

  const std::vector<idx_t>& partitionColumns() const { return partition_; }
  //! The keys and functions, for EXPLAIN.
  std::string describe() const;

 private:
  struct Plan;
  //! Lays the rows out by bucket with their sort keys packed into kWords words (0: keys are
  //! compared in the input), sorts and evaluates every bucket, and leaves the functions' values
  //! in `plan`.
  template <size_t kWords>
  void sortAndEvaluate(Plan& plan) const;

  std::vector<DataType> types_;
  idx_t input_width_;
  std::vector<idx_t> partition_;
  std::vector<SortKey> order_;
  std::vector<BoundWindowFunction> functions_;
};

}  // namespace sluice
