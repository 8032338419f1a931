// src/exec/physical/physical_sort.hpp
//
// ORDER BY / SORT BY: every row of the input, in key order.
// Rows that tie on every key keep the order of the source.
#pragma once

#include "exec/physical/materializing_breaker.hpp"
#include "exec/physical/sort_key.hpp"

namespace sluice {

class PhysicalSort : public MaterializingBreaker {
 public:
  PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys);

 protected:
  std::vector<Batch> produce(std::vector<Batch> input) const override;
  std::string details() const override;

 private:
  std::vector<SortKey> keys_;
};

}  // namespace sluice
