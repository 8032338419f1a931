// src/exec/physical/physical_union.hpp
//
// UNION ALL: the rows of every child. It plays no role of its own in a chain: the chain
// builder (exec/chain/operator_chain.hpp) gives each child a chain of its own that ends in the
// operators above the union and its sink, so every child feeds the parent's sink directly and
// the children's chains can run at the same time.
#pragma once

#include "exec/physical/physical_operator.hpp"

namespace sluice {

class PhysicalUnion : public PhysicalOperator {
 public:
  explicit PhysicalUnion(std::vector<DataType> types)
      : PhysicalOperator("Union", std::move(types)) {}
};

}  // namespace sluice
