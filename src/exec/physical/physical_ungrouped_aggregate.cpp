// src/exec/physical/physical_ungrouped_aggregate.cpp
#include "exec/physical/physical_ungrouped_aggregate.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "common/check.hpp"
#include "exec/aggregate/aggregate_call_input.hpp"
#include "exec/aggregate/distinct_rows.hpp"
#include "exec/aggregate/group_keys.hpp"
#include "exec/aggregate/partitioned_group_table.hpp"
#include "exec/expression/expression_evaluator.hpp"

namespace sluice {

namespace {

using DistinctTables = std::vector<std::unique_ptr<PartitionedGroupTable>>;

//! A zeroed row of states (the empty state of every aggregate), aligned to 16.
std::unique_ptr<uint8_t[]> emptyStates(const GroupRowLayout& layout) {
  return std::make_unique<uint8_t[]>(std::max<idx_t>(layout.row_width, 16));
}

}  // namespace

struct PhysicalUngroupedAggregate::SinkState : GlobalSinkState {
  explicit SinkState(const GroupRowLayout& layout) : states(emptyStates(layout)) {}
  std::mutex mutex;
  std::unique_ptr<uint8_t[]> states;
  //! The threads' heaps, which hold the long strings the combined states point to.
  std::vector<std::unique_ptr<StringHeap>> heaps;
  std::vector<DistinctTables> distinct;  // per thread
};

struct PhysicalUngroupedAggregate::ThreadState : LocalSinkState {
  ThreadState(const ExecContext& context, const GroupRowLayout& layout)
      : evaluator(context), states(emptyStates(layout)), heap(std::make_unique<StringHeap>()) {}
  ExpressionEvaluator evaluator;
  std::unique_ptr<uint8_t[]> states;
  std::unique_ptr<StringHeap> heap;
  DistinctTables distinct;
  AggregateCallInput call;
  std::vector<uint64_t> hashes;
  std::vector<uint8_t*> tuples;
};

struct PhysicalUngroupedAggregate::SourceState : GlobalSourceState {
  SourceState(SinkState& sink, bool has_distinct) : sink(sink), has_distinct(has_distinct) {}
  size_t maxThreads() const override { return has_distinct ? RowPartitions::kCount : 1; }
  SinkState& sink;
  bool has_distinct;
  std::atomic<idx_t> next_partition{0};
  std::atomic<idx_t> merged_partitions{0};
  std::atomic<bool> emitted{false};
};

PhysicalUngroupedAggregate::PhysicalUngroupedAggregate(std::vector<DataType> types,
                                                       std::vector<BoundAggregate> aggregates)
    : PhysicalOperator("UngroupedAggregate", std::move(types)),
      aggregates_(std::move(aggregates)),
      layout_({}, functionsOf(aggregates_)) {
  for (const BoundAggregate& aggregate : aggregates_) {
    if (!aggregate.distinct) {
      distinct_index_.push_back(-1);
      continue;
    }
    distinct_index_.push_back(static_cast<int>(distinct_layouts_.size()));
    std::vector<DataType> tuple;
    for (const auto& argument : aggregate.arguments)
      tuple.push_back(argument->type);
    distinct_layouts_.emplace_back(std::move(tuple), std::vector<const AggregateFunction*>{});
  }
}

std::unique_ptr<GlobalSinkState> PhysicalUngroupedAggregate::makeGlobalSinkState(
    const ExecContext&) const {
  return std::make_unique<SinkState>(layout_);
}

std::unique_ptr<LocalSinkState> PhysicalUngroupedAggregate::makeLocalSinkState(
    const ExecContext& context, GlobalSinkState&) const {
  auto state = std::make_unique<ThreadState>(context, layout_);
  for (const GroupRowLayout& layout : distinct_layouts_) {
    state->distinct.push_back(std::make_unique<PartitionedGroupTable>(layout));
  }
  return state;
}

SinkResult PhysicalUngroupedAggregate::sink(const ExecContext&, Morsel& morsel, GlobalSinkState&,
                                            LocalSinkState& local_state) const {
  auto& local = static_cast<ThreadState&>(local_state);
  const Batch& batch = morsel.batch;
  idx_t count = batch.num_rows;
  if (count == 0)
    return SinkResult::kNeedMoreInput;
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    const BoundAggregate& aggregate = aggregates_[index];
    int distinct = distinct_index_[index];
    local.call.evaluate(local.evaluator, aggregate, batch, distinct >= 0);
    if (distinct < 0) {
      aggregate.function->updateSingle(
          local.call.input(), local.states.get() + layout_.state_offsets[index], *local.heap);
      continue;
    }
    // The argument tuples are partitioned by their own hash: there is one group, and so the
    // deduplication still spreads over every partition.
    const std::vector<Vector>& arguments = local.call.arguments();
    local.hashes.resize(count);
    for (idx_t column = 0; column < arguments.size(); ++column) {
      hashKeyColumn(arguments[column], count, local.hashes.data(), column > 0);
    }
    local.tuples.resize(count);
    local.distinct[distinct]->findOrCreate(arguments, local.call.input().rows, local.hashes.data(),
                                           local.hashes.data(), local.tuples.data());
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalUngroupedAggregate::combine(const ExecContext&, GlobalSinkState& global_state,
                                         LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  uint8_t* source = local.states.get();
  uint8_t* target = global.states.get();
  std::lock_guard lock(global.mutex);
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    if (distinct_index_[index] < 0)
      aggregates_[index].function->combineWithHeap(&source, &target, 1,
                                                   layout_.state_offsets[index], *local.heap);
  }
  global.heaps.push_back(std::move(local.heap));
  global.distinct.push_back(std::move(local.distinct));
}

std::unique_ptr<GlobalSourceState> PhysicalUngroupedAggregate::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<SourceState>(static_cast<SinkState&>(*own_sink_state),
                                       !distinct_layouts_.empty());
}

bool PhysicalUngroupedAggregate::getData(const ExecContext&, Morsel& morsel,
                                         GlobalSourceState& global_state, LocalSourceState&) const {
  auto& source = static_cast<SourceState&>(global_state);
  if (!source.has_distinct) {
    if (source.emitted.exchange(true))
      return false;
    emitRow(source.sink, morsel);
    return true;
  }
  while (true) {
    idx_t partition = source.next_partition.fetch_add(1);
    if (partition >= RowPartitions::kCount)
      return false;
    mergePartition(source, partition);
    // The thread that merges the last partition hands out the row.
    if (source.merged_partitions.fetch_add(1) + 1 == RowPartitions::kCount) {
      emitRow(source.sink, morsel);
      return true;
    }
  }
}

void PhysicalUngroupedAggregate::mergePartition(SourceState& source, idx_t partition) const {
  SinkState& sink = source.sink;
  std::unique_ptr<uint8_t[]> partial = emptyStates(layout_);
  auto heap = std::make_unique<StringHeap>();
  std::vector<Vector> arguments;
  bool any = false;
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    int distinct = distinct_index_[index];
    if (distinct < 0)
      continue;
    const GroupRowLayout& tuple_layout = distinct_layouts_[distinct];
    std::vector<const RowPartitions*> tables;
    for (const DistinctTables& thread : sink.distinct)
      tables.push_back(&thread[distinct]->partitions());
    std::unique_ptr<GroupHashTable> tuples = mergeDistinctRows(tuple_layout, tables, partition);
    const std::vector<uint8_t*>& rows = tuples->groups();
    for (idx_t start = 0; start < rows.size(); start += kVectorSize) {
      idx_t count = std::min<idx_t>(kVectorSize, rows.size() - start);
      gatherArguments(rows.data() + start, count, tuple_layout, 0, arguments);
      AggregateInput input;
      for (const Vector& argument : arguments)
        input.arguments.push_back(&argument);
      input.rows = RowSet{nullptr, count};
      aggregates_[index].function->updateSingle(input, partial.get() + layout_.state_offsets[index],
                                                *heap);
      any = true;
    }
  }
  if (!any)
    return;
  uint8_t* from = partial.get();
  uint8_t* to = sink.states.get();
  std::lock_guard lock(sink.mutex);
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    if (distinct_index_[index] >= 0)
      aggregates_[index].function->combineWithHeap(&from, &to, 1, layout_.state_offsets[index],
                                                   *heap);
  }
  sink.heaps.push_back(std::move(heap));
}

void PhysicalUngroupedAggregate::emitRow(SinkState& sink, Morsel& morsel) const {
  Batch batch;
  batch.num_rows = 1;
  uint8_t* states = sink.states.get();
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    Vector result(aggregates_[index].function->returnType(), 1);
    aggregates_[index].function->finalize(&states, 1, layout_.state_offsets[index], result, 0);
    batch.columns.push_back(std::move(result));
  }
  morsel.batch = std::move(batch);
  morsel.index = 0;
  morsel.partition = 0;
}

std::string PhysicalUngroupedAggregate::details() const {
  std::string calls;
  for (const BoundAggregate& aggregate : aggregates_)
    calls += (calls.empty() ? "" : ", ") + aggregate.toString();
  return "[" + calls + "]";
}

}  // namespace sluice
