// src/exec/physical/physical_limit.hpp
//
// LIMIT n OFFSET m: keeps the rows after the first m, up to n of them, in source order. Once
// the threads hold m + n rows between them the chain below stops pulling input.
#pragma once

#include "exec/physical/materializing_breaker.hpp"

namespace sluice {

class PhysicalLimit : public MaterializingBreaker {
 public:
  //! `limit` < 0: no limit (OFFSET alone).
  PhysicalLimit(std::vector<DataType> types, int64_t limit, int64_t offset);

 protected:
  std::vector<Batch> produce(std::vector<Batch> input) const override;
  bool hasEnoughRows(uint64_t rows_collected) const override;
  std::string details() const override;

 private:
  int64_t limit_;
  int64_t offset_;
};

}  // namespace sluice
