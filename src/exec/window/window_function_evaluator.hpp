// src/exec/window/window_function_evaluator.hpp
//
// Computes one window function over a sorted run (whole partitions, each in order): the
// ranking functions from the partition and peer bounds, lag / lead and the value functions by
// gathering rows, aggregates over the whole partition once per partition and over other
// frames with a segment tree.
#pragma once

#include "common/vector/vector.hpp"
#include "exec/window/window_frames.hpp"
#include "planner/expression/bound_window.hpp"

namespace sluice {

//! Writes function(run row i) into result[i] for each of the run's `count` rows. `run` holds
//! the operator's input columns, contiguous; `keys` the RANGE key (null when not needed).
void evaluateWindowFunction(const BoundWindowFunction& function, const Batch& run, idx_t count,
                            const WindowRunLayout& layout, const RangeKeys* keys, Vector& result);

}  // namespace sluice
