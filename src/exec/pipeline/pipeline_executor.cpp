// src/exec/pipeline/pipeline_executor.cpp
#include "exec/pipeline/pipeline_executor.hpp"

#include <algorithm>
#include <atomic>
#include <map>

#include "exec/physical/physical_result_collector.hpp"
#include "exec/pipeline/pipeline.hpp"

namespace sluice {

namespace {

using SinkStates = std::map<const PhysicalOperator*, std::unique_ptr<GlobalSinkState>>;

// One thread's run of a pipeline: its local states and the push of batches through the chain.
class PipelineTask {
 public:
  PipelineTask(const ExecContext& context, const Pipeline& pipeline,
               GlobalSourceState& source_state, GlobalSinkState& sink_state,
               const SinkStates& sink_states)
      : context_(context),
        pipeline_(pipeline),
        source_state_(source_state),
        sink_state_(sink_state) {
    local_source_ = pipeline.source->makeLocalSourceState(context, source_state);
    for (const PhysicalOperator* op : pipeline.operators) {
      auto own = sink_states.find(op);
      operator_states_.push_back(own == sink_states.end()
                                     ? op->makeOperatorState(context)
                                     : op->makeOperatorStateOver(context, *own->second));
    }
    local_sink_ = pipeline.sink->makeLocalSinkState(context, sink_state);
  }

  void run(std::atomic<bool>& finished) {
    Morsel morsel;
    while (!finished.load(std::memory_order_relaxed) &&
           pipeline_.source->getData(context_, morsel, source_state_, *local_source_)) {
      if (push(0, morsel.batch, morsel.index) == SinkResult::kFinished) finished = true;
    }
  }

  //! Pushes the rows operator `index` emits after all input (makeFinalSourceState) onward.
  void runFinal(size_t index, GlobalSourceState& final_state, std::atomic<bool>& finished) {
    const PhysicalOperator& op = *pipeline_.operators[index];
    Morsel morsel;
    while (!finished.load(std::memory_order_relaxed) &&
           op.getFinalData(context_, morsel, final_state, *operator_states_[index])) {
      if (push(index + 1, morsel.batch, morsel.index) == SinkResult::kFinished)
        finished = true;
    }
  }

  void combine() { pipeline_.sink->combine(context_, sink_state_, *local_sink_); }

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
      if (result == OperatorResult::kNeedMoreInput) return SinkResult::kNeedMoreInput;
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
  SinkStates sink_states;
  for (const Pipeline& pipeline : pipelines) {
    auto& sink_state = sink_states[pipeline.sink];
    sink_state = pipeline.sink->makeGlobalSinkState(context_);
    auto own = sink_states.find(pipeline.source);
    std::unique_ptr<GlobalSourceState> source_state = pipeline.source->makeGlobalSourceState(
        context_, own == sink_states.end() ? nullptr : own->second.get());
    size_t threads = std::clamp<size_t>(source_state->maxThreads(), 1, scheduler_.threadCount());
    std::atomic<bool> finished{false};
    std::vector<std::unique_ptr<PipelineTask>> tasks(threads);
    scheduler_.parallelFor(threads, [&](size_t task) {
      tasks[task] = std::make_unique<PipelineTask>(context_, pipeline, *source_state, *sink_state,
                                                   sink_states);
      tasks[task]->run(finished);
    });
    // Operators with rows of their own to emit once all input has passed through them.
    for (size_t index = 0; index < pipeline.operators.size() && !finished; ++index) {
      const PhysicalOperator* op = pipeline.operators[index];
      auto own_state = sink_states.find(op);
      std::unique_ptr<GlobalSourceState> final_state = op->makeFinalSourceState(
          context_, own_state == sink_states.end() ? nullptr : own_state->second.get());
      if (!final_state)
        continue;
      size_t final_threads = std::clamp<size_t>(final_state->maxThreads(), 1, threads);
      scheduler_.parallelFor(final_threads, [&](size_t task) {
        tasks[task]->runFinal(index, *final_state, finished);
      });
    }
    scheduler_.parallelFor(threads, [&](size_t task) { tasks[task]->combine(); });
    pipeline.sink->finalize(context_, *sink_state);
  }
  return std::move(sink_states[&root]);
}

}  // namespace sluice
