// src/planner/optimizer/size_estimate.hpp
//
// A rough size, in bytes, of what an operator produces, for choosing the build side of a join:
// scans by the size of their files (Delta: the live files' sizes from the log), VALUES and
// range() by their rows, a filter as half its input, a join as its larger input. Only the
// order of two estimates matters, so no statistics are read.
#pragma once

#include "planner/logical/logical_operator.hpp"

namespace sluice {

double estimateSize(const LogicalOperator& plan);

}  // namespace sluice
