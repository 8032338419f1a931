// src/exec/chain/operator_chain.hpp
//
// A physical plan cut into operator chains at its breakers. Each chain runs a source, a
// sequence of streaming operators and a sink; a breaker is the sink of the chain below it and
// the source of the one above it, so the chain above can start only when the one below has
// finished. ("Pipeline" is kept for the user's declarative pipelines, src/pipeline.)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "exec/physical/physical_operator.hpp"

namespace sluice {

struct OperatorChain {
  const PhysicalOperator* source = nullptr;
  std::vector<const PhysicalOperator*> operators;  // in the order data flows through them
  const PhysicalOperator* sink = nullptr;
  //! Added to the index of every morsel of the source: under a union, it puts each child's
  //! rows after the previous child's (exec/physical/physical_union.hpp).
  uint64_t index_base = 0;
  //! Where the next union down puts the number of its child in the morsel index.
  int index_shift = 56;
};

//! The chains of a plan whose root is a sink, ordered so that each chain comes after
//! every chain it reads from; the root's chain is last. The chains of a union's
//! children, which share their operators above the union and their sink, come one after the
//! other.
std::vector<OperatorChain> buildOperatorChains(const PhysicalOperator& root);

//! The chains as text, one a line: "Range -> Filter -> Project -> Result".
std::string describeOperatorChains(const std::vector<OperatorChain>& chains);

}  // namespace sluice
