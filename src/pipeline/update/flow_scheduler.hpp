// src/pipeline/update/flow_scheduler.hpp
//
// Runs the flows of an update in dependency order, independent ones at the same time: a flow
// starts once every flow it waits for has ended, on one of a few threads of its own. Their
// queries share the process's TaskScheduler, which runs one parallel loop at a time, so that
// two flows overlap where one of them is not using every core (reading files, encoding
// Parquet, committing to the Delta log) and never oversubscribe the cores.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace sluice {

//! Runs run(0) ... run(count - 1), each once, with at most `parallelism` at a time; run(i)
//! starts after every run(j) for j in waits_for[i] has returned. Among the flows ready to
//! start, the lowest index goes first. When a run throws, no further run starts, the running
//! ones are waited for, and the first exception is rethrown. `waits_for` must have no cycle.
void runInDependencyOrder(size_t count, const std::vector<std::vector<size_t>>& waits_for,
                          size_t parallelism, const std::function<void(size_t)>& run);

}  // namespace sluice
