// src/exec/chain/plan_executor.hpp
//
// Runs a physical plan: its chains one after another, each on as many threads as its
// source has morsels for (at most one per core). Every thread pulls morsels from the shared
// source state, pushes each through the operators into its own sink state, and merges that
// into the shared sink state when the source runs dry; the sink is finalized once all threads
// are done.
#pragma once

#include <memory>
#include <vector>

#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/physical_operator.hpp"

namespace sluice {

class PlanExecutor {
 public:
  PlanExecutor(const ExecContext& context, TaskScheduler& scheduler)
      : context_(context), scheduler_(scheduler) {}

  //! Runs the plan under `root`, a PhysicalResultCollector, and returns its rows in order.
  std::vector<Batch> run(const PhysicalOperator& root);
  //! Runs the plan under `root`, a sink of any kind, and returns its finalized state.
  std::unique_ptr<GlobalSinkState> execute(const PhysicalOperator& root);

 private:
  const ExecContext& context_;
  TaskScheduler& scheduler_;
};

}  // namespace sluice
