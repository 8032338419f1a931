// src/exec/pipeline/pipeline.hpp
//
// A physical plan cut into pipelines at its breakers. Each pipeline runs a source, a chain of
// streaming operators and a sink; a breaker is the sink of the pipeline below it and the
// source of the one above it, so the pipeline above can start only when the one below has
// finished.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "exec/physical/physical_operator.hpp"

namespace sluice {

struct Pipeline {
  const PhysicalOperator* source = nullptr;
  std::vector<const PhysicalOperator*> operators;  // in the order data flows through them
  const PhysicalOperator* sink = nullptr;
  //! Added to the index of every morsel of the source: under a union, it puts each child's
  //! rows after the previous child's (exec/physical/physical_union.hpp).
  uint64_t index_base = 0;
  //! Where the next union down puts the number of its child in the morsel index.
  int index_shift = 56;
};

//! The pipelines of a plan whose root is a sink, ordered so that each pipeline comes after
//! every pipeline it reads from; the root's pipeline is last. The pipelines of a union's
//! children, which share their operators above the union and their sink, come one after the
//! other.
std::vector<Pipeline> buildPipelines(const PhysicalOperator& root);

//! The pipelines as text, one a line: "Range -> Filter -> Project -> Result".
std::string describePipelines(const std::vector<Pipeline>& pipelines);

}  // namespace sluice
