// src/exec/pipeline/pipeline_executor.cpp
#include "exec/pipeline/pipeline_executor.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <vector>

#include "exec/physical/physical_result_collector.hpp"
#include "exec/pipeline/pipeline.hpp"

namespace sluice {

namespace {

// One thread's run of a pipeline: its local states and the push of batches through the chain.
class PipelineTask {
 public:
  PipelineTask(const ExecContext& context, const Pipeline& pipeline,
               GlobalSourceState& source_state, GlobalSinkState& sink_state)
      : context_(context),
        pipeline_(pipeline),
        source_state_(source_state),
        sink_state_(sink_state) {
    local_source_ = pipeline.source->makeLocalSourceState(context, source_state);
    for (const PhysicalOperator* op : pipeline.operators)
      operator_states_.push_back(op->makeOperatorState(context));
    local_sink_ = pipeline.sink->makeLocalSinkState(context, sink_state);
  }

  //! Runs until the source runs dry or the sink is full. `finished_from` is the first of the
  //! sink's pipelines (in order, `position` being this one's) whose rows filled the sink: the
  //! pipelines from it on stop, the ones before it still give their rows, which come first.
  void run(std::atomic<size_t>& finished_from, size_t position) {
    Morsel morsel;
    while (finished_from.load(std::memory_order_relaxed) > position &&
           pipeline_.source->getData(context_, morsel, source_state_, *local_source_)) {
      if (push(0, morsel.batch, pipeline_.index_base + morsel.index) == SinkResult::kFinished) {
        size_t current = finished_from.load();
        while (current > position && !finished_from.compare_exchange_weak(current, position)) {
        }
      }
    }
    pipeline_.sink->combine(context_, sink_state_, *local_sink_);
  }

 private:
  // Pushes `input` through the operators from `from` on and into the sink.
  SinkResult push(size_t from, Batch& input, uint64_t index) {
    if (from == pipeline_.operators.size()) {
      Morsel morsel{std::move(input), index};
      return pipeline_.sink->sink(context_, morsel, sink_state_, *local_sink_);
    }
    const PhysicalOperator& op = *pipeline_.operators[from];
    while (true) {
      Batch output;
      OperatorResult result = op.execute(context_, input, output, *operator_states_[from]);
      if (output.num_rows > 0 && push(from + 1, output, index) == SinkResult::kFinished)
        return SinkResult::kFinished;
      if (result == OperatorResult::kNeedMoreInput)
        return SinkResult::kNeedMoreInput;
    }
  }

  const ExecContext& context_;
  const Pipeline& pipeline_;
  GlobalSourceState& source_state_;
  GlobalSinkState& sink_state_;
  std::unique_ptr<LocalSourceState> local_source_;
  std::vector<std::unique_ptr<OperatorState>> operator_states_;
  std::unique_ptr<LocalSinkState> local_sink_;
};

}  // namespace

std::vector<Batch> PipelineExecutor::run(const PhysicalOperator& root) {
  std::unique_ptr<GlobalSinkState> result = execute(root);
  return PhysicalResultCollector::takeBatches(*result);
}

std::unique_ptr<GlobalSinkState> PipelineExecutor::execute(const PhysicalOperator& root) {
  std::vector<Pipeline> pipelines = buildPipelines(root);
  // The sink states live until the end: a breaker's state is read by the pipeline above.
  std::map<const PhysicalOperator*, std::unique_ptr<GlobalSinkState>> sink_states;
  for (size_t first = 0; first < pipelines.size();) {
    // The pipelines of one sink (the children of a union) run together: each thread starts
    // on a different one and moves on to the next when its source runs dry.
    size_t end = first + 1;
    while (end < pipelines.size() && pipelines[end].sink == pipelines[first].sink)
      ++end;
    const PhysicalOperator* sink = pipelines[first].sink;
    auto& sink_state = sink_states[sink];
    sink_state = sink->makeGlobalSinkState(context_);
    size_t count = end - first;
    std::vector<std::unique_ptr<GlobalSourceState>> source_states;
    std::vector<size_t> thread_limits;
    size_t threads = 0;
    for (size_t index = first; index < end; ++index) {
      auto own = sink_states.find(pipelines[index].source);
      source_states.push_back(pipelines[index].source->makeGlobalSourceState(
          context_, own == sink_states.end() ? nullptr : own->second.get()));
      thread_limits.push_back(
          std::clamp<size_t>(source_states.back()->maxThreads(), 1, scheduler_.threadCount()));
      threads += thread_limits.back();
    }
    threads = std::min(threads, scheduler_.threadCount());
    std::vector<std::atomic<size_t>> joined(count);
    std::atomic<size_t> finished_from{count};
    scheduler_.parallelFor(threads, [&](size_t thread) {
      for (size_t step = 0; step < count; ++step) {
        size_t which = (thread + step) % count;
        // A source that serves fewer threads than there are gets no more than it can serve.
        if (joined[which].fetch_add(1) >= thread_limits[which])
          continue;
        PipelineTask task(context_, pipelines[first + which], *source_states[which], *sink_state);
        task.run(finished_from, which);
      }
    });
    sink->finalize(context_, *sink_state);
    first = end;
  }
  return std::move(sink_states[&root]);
}

}  // namespace sluice
