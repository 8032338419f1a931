// src/exec/physical/physical_window.hpp
//
// Window functions: a breaker that gathers all of its input, spreads the rows over hash
// buckets of the PARTITION BY keys (a partition never spans two buckets), and then, one task
// per bucket on every core, sorts the bucket by (partition keys, order keys), copies it into
// contiguous columns and computes each function over it. The output is every input column
// followed by one column per function, bucket after bucket: in no particular order.
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
  std::string details() const override;

 private:
  struct RowReference {
    uint32_t batch;
    uint32_t row;
  };
  //! Sorts, evaluates and cuts into output batches the rows of one bucket.
  std::vector<Batch> processBucket(const std::vector<Batch>& input,
                                   std::vector<RowReference>& rows) const;

  idx_t input_width_;
  std::vector<idx_t> partition_;
  std::vector<SortKey> order_;
  std::vector<BoundWindowFunction> functions_;
};

}  // namespace sluice
