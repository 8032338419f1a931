// src/exec/chain/plan_executor.cpp
#include "exec/chain/plan_executor.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <vector>

#include "exec/chain/operator_chain.hpp"
#include "exec/physical/physical_result_collector.hpp"
#include "function/partition_state.hpp"

namespace sluice {

namespace {

using SinkStates = std::map<const PhysicalOperator*, std::unique_ptr<GlobalSinkState>>;

// One thread's run of a chain: its local states and the push of batches through the chain.
// Its states are made with a context of its own, which points at the task's partition state.
class ChainTask {
 public:
  ChainTask(const ExecContext& context, const OperatorChain& chain, GlobalSourceState& source_state,
            GlobalSinkState& sink_state, const SinkStates& sink_states, uint64_t partition_base)
      : context_(context),
        chain_(chain),
        source_state_(source_state),
        sink_state_(sink_state),
        partition_base_(partition_base) {
    context_.partition = &partition_state_;
    local_source_ = chain.source->makeLocalSourceState(context_, source_state);
    for (const PhysicalOperator* op : chain.operators) {
      auto own = sink_states.find(op);
      operator_states_.push_back(own == sink_states.end()
                                     ? op->makeOperatorState(context_)
                                     : op->makeOperatorStateOver(context_, *own->second));
    }
    local_sink_ = chain.sink->makeLocalSinkState(context_, sink_state);
  }

  //! Runs until the source runs dry or the sink is full. `finished_from` is the first of the
  //! sink's chains (in order, `position` being this one's) whose rows filled the sink: the
  //! chains from it on stop, the ones before it still give their rows, which come first.
  void run(std::atomic<size_t>& finished_from, size_t position) {
    Morsel morsel;
    while (finished_from.load(std::memory_order_relaxed) > position &&
           chain_.source->getData(context_, morsel, source_state_, *local_source_)) {
      enterPartition(partition_base_ + morsel.partition);
      if (push(0, morsel.batch, chain_.index_base + morsel.index) == SinkResult::kFinished) {
        markFinished(finished_from, position);
      }
    }
  }

  //! Pushes the rows operator `index` emits after all input (makeFinalSourceState) onward;
  //! their partitions are numbered from `partition_base`.
  void runFinal(size_t index, GlobalSourceState& final_state, uint64_t partition_base,
                std::atomic<size_t>& finished_from, size_t position) {
    const PhysicalOperator& op = *chain_.operators[index];
    Morsel morsel;
    while (finished_from.load(std::memory_order_relaxed) > position &&
           op.getFinalData(context_, morsel, final_state, *operator_states_[index])) {
      enterPartition(partition_base + morsel.partition);
      if (push(index + 1, morsel.batch, chain_.index_base + morsel.index) ==
          SinkResult::kFinished) {
        markFinished(finished_from, position);
      }
    }
  }

  void combine() { chain_.sink->combine(context_, sink_state_, *local_sink_); }

 private:
  // Partitions past 2^31 (a range of more than 4 * 10^12 rows) wrap around.
  void enterPartition(uint64_t partition) {
    partition_state_.enter(static_cast<uint32_t>(partition & PartitionState::kMaxPartition));
  }

  static void markFinished(std::atomic<size_t>& finished_from, size_t position) {
    size_t current = finished_from.load();
    while (current > position && !finished_from.compare_exchange_weak(current, position)) {
    }
  }

  // Pushes `input` through the operators from `from` on and into the sink.
  SinkResult push(size_t from, Batch& input, uint64_t index) {
    if (from == chain_.operators.size()) {
      Morsel morsel{std::move(input), index};
      return chain_.sink->sink(context_, morsel, sink_state_, *local_sink_);
    }
    const PhysicalOperator& op = *chain_.operators[from];
    while (true) {
      Batch output;
      OperatorResult result = op.execute(context_, input, output, *operator_states_[from]);
      if (output.num_rows > 0 && push(from + 1, output, index) == SinkResult::kFinished)
        return SinkResult::kFinished;
      if (result == OperatorResult::kNeedMoreInput)
        return SinkResult::kNeedMoreInput;
    }
  }

  PartitionState partition_state_;
  ExecContext context_;
  const OperatorChain& chain_;
  GlobalSourceState& source_state_;
  GlobalSinkState& sink_state_;
  uint64_t partition_base_;
  std::unique_ptr<LocalSourceState> local_source_;
  std::vector<std::unique_ptr<OperatorState>> operator_states_;
  std::unique_ptr<LocalSinkState> local_sink_;
};

// Operators with rows of their own to emit once all input has passed through them (a FULL
// join's never-matched build rows) push them on through the rest of the chain, in
// partitions numbered from `next_partition` on. An operator above a union is in the chain
// of every child: its final phase runs once (`finished` holds those that ran), after all of
// them.
void runFinalPhases(const OperatorChain& chain, const std::vector<ChainTask*>& tasks,
                    const SinkStates& sink_states, std::atomic<size_t>& finished_from,
                    size_t position, uint64_t& next_partition, TaskScheduler& scheduler,
                    const ExecContext& context, std::set<const PhysicalOperator*>& finished) {
  for (size_t index = 0; index < chain.operators.size(); ++index) {
    if (finished_from.load() <= position || tasks.empty())
      return;
    const PhysicalOperator* op = chain.operators[index];
    if (!finished.insert(op).second)
      continue;
    auto own_state = sink_states.find(op);
    std::unique_ptr<GlobalSourceState> final_state = op->makeFinalSourceState(
        context, own_state == sink_states.end() ? nullptr : own_state->second.get());
    if (!final_state)
      continue;
    uint64_t partition_base = next_partition;
    next_partition += final_state->partitions();
    size_t threads = std::clamp<size_t>(final_state->maxThreads(), 1, tasks.size());
    scheduler.parallelFor(threads, [&](size_t task) {
      tasks[task]->runFinal(index, *final_state, partition_base, finished_from, position);
    });
  }
}

// Where the partitions of each of a sink's chains start: the children of a union one after
// the other, in the union's order (that of their morsel indexes), as Spark numbers a union's
// partitions. Returns the bases and sets `end` to the first number past them all.
std::vector<uint64_t> partitionBases(const std::vector<OperatorChain>& chains, size_t first,
                                     const std::vector<std::unique_ptr<GlobalSourceState>>& sources,
                                     uint64_t& end) {
  std::vector<size_t> order(sources.size());
  for (size_t which = 0; which < order.size(); ++which)
    order[which] = which;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return chains[first + a].index_base < chains[first + b].index_base;
  });
  std::vector<uint64_t> bases(sources.size());
  end = 0;
  for (size_t which : order) {
    bases[which] = end;
    end += sources[which]->partitions();
  }
  return bases;
}

}  // namespace

std::vector<Batch> PlanExecutor::run(const PhysicalOperator& root) {
  std::unique_ptr<GlobalSinkState> result = execute(root);
  return PhysicalResultCollector::takeBatches(*result);
}

std::unique_ptr<GlobalSinkState> PlanExecutor::execute(const PhysicalOperator& root) {
  std::vector<OperatorChain> chains = buildOperatorChains(root);
  // The sink states live until the end: a breaker's state is read by the chain above.
  SinkStates sink_states;
  for (size_t first = 0; first < chains.size();) {
    // The chains of one sink (the children of a union) run together: each thread starts
    // on a different one and moves on to the next when its source runs dry.
    size_t end = first + 1;
    while (end < chains.size() && chains[end].sink == chains[first].sink)
      ++end;
    const PhysicalOperator* sink = chains[first].sink;
    auto& sink_state = sink_states[sink];
    sink_state = sink->makeGlobalSinkState(context_);
    size_t count = end - first;
    std::vector<std::unique_ptr<GlobalSourceState>> source_states;
    std::vector<size_t> thread_limits;
    size_t threads = 0;
    for (size_t index = first; index < end; ++index) {
      auto own = sink_states.find(chains[index].source);
      source_states.push_back(chains[index].source->makeGlobalSourceState(
          context_, own == sink_states.end() ? nullptr : own->second.get()));
      thread_limits.push_back(
          std::clamp<size_t>(source_states.back()->maxThreads(), 1, scheduler_.threadCount()));
      threads += thread_limits.back();
    }
    threads = std::min(threads, scheduler_.threadCount());
    uint64_t next_partition = 0;
    std::vector<uint64_t> partition_bases =
        partitionBases(chains, first, source_states, next_partition);
    // Tasks outlive their run: operators may emit rows after all input (a FULL join's
    // unmatched rows), and each task's local sink state is combined at the end.
    std::vector<std::vector<std::unique_ptr<ChainTask>>> tasks(count);
    for (size_t which = 0; which < count; ++which)
      tasks[which].resize(thread_limits[which]);
    std::vector<std::atomic<size_t>> joined(count);
    std::atomic<size_t> finished_from{count};
    scheduler_.parallelFor(threads, [&](size_t thread) {
      for (size_t step = 0; step < count; ++step) {
        size_t which = (thread + step) % count;
        // A source that serves fewer threads than there are gets no more than it can serve.
        size_t slot = joined[which].fetch_add(1);
        if (slot >= thread_limits[which])
          continue;
        auto& task = tasks[which][slot];
        task = std::make_unique<ChainTask>(context_, chains[first + which], *source_states[which],
                                           *sink_state, sink_states, partition_bases[which]);
        task->run(finished_from, which);
      }
    });
    std::set<const PhysicalOperator*> finished_operators;
    for (size_t which = 0; which < count; ++which) {
      std::vector<ChainTask*> started;
      for (auto& task : tasks[which]) {
        if (task)
          started.push_back(task.get());
      }
      runFinalPhases(chains[first + which], started, sink_states, finished_from, which,
                     next_partition, scheduler_, context_, finished_operators);
    }
    std::vector<ChainTask*> all;
    for (auto& chain_tasks : tasks) {
      for (auto& task : chain_tasks) {
        if (task)
          all.push_back(task.get());
      }
    }
    scheduler_.parallelFor(all.size(), [&](size_t task) { all[task]->combine(); });
    sink->finalize(context_, *sink_state);
    first = end;
  }
  return std::move(sink_states[&root]);
}

}  // namespace sluice
