// src/exec/physical/physical_window.hpp
//
// Window functions: a breaker that gathers all of its input, spreads the rows over hash
// buckets of the PARTITION BY keys (a partition never spans two buckets), and then, one task
// per bucket on every core, sorts the bucket once by (partition keys, order keys) packed into a
// few words per row, finds its partitions and peer groups by comparing neighbours, and computes
// each function over it, reading only the columns the functions use. The output is the input
// batches themselves, each followed by the functions' values for its rows: in no particular
// order, and without copying the input columns.
#pragma once

#include "exec/physical/materializing_breaker.hpp"
#include "exec/physical/sort_key.hpp"
#include "planner/expression/bound_window.hpp"

namespace sluice {

class PhysicalWindow : public MaterializingBreaker {
 public:
  PhysicalWindow(std::vector<DataType> types, idx_t input_width, std::vector<idx_t> partition,
                 std::vector<SortKey> order, std::vector<BoundWindowFunction> functions);

 protected:
  std::vector<Batch> produce(std::vector<Batch> input) const override;
  //! The output batches are independent: the chain above takes them on every core.
  bool hasParallelOutput() const override { return true; }
  std::string details() const override;

 private:
  struct Plan;
  //! Lays the rows out by bucket with their sort keys packed into kWords words (0: keys are
  //! compared in the input), sorts and evaluates every bucket, and leaves the functions' values
  //! in `plan`.
  template <size_t kWords>
  void sortAndEvaluate(Plan& plan) const;

  idx_t input_width_;
  std::vector<idx_t> partition_;
  std::vector<SortKey> order_;
  std::vector<BoundWindowFunction> functions_;
};

}  // namespace sluice
