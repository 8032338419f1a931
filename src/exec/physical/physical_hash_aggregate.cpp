// src/exec/physical/physical_hash_aggregate.cpp
#include "exec/physical/physical_hash_aggregate.hpp"

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

//! What one thread leaves for the merge: its groups and its DISTINCT tuples.
struct ThreadTables {
  std::unique_ptr<PartitionedGroupTable> groups;
  std::vector<std::unique_ptr<PartitionedGroupTable>> distinct;
};

std::vector<const AggregateFunction*> functionsOf(const std::vector<BoundAggregate>& aggregates) {
  std::vector<const AggregateFunction*> functions;
  for (const BoundAggregate& aggregate : aggregates)
    functions.push_back(aggregate.function.get());
  return functions;
}

std::vector<DataType> typesOf(const std::vector<BoundExpressionPtr>& expressions) {
  std::vector<DataType> types;
  for (const auto& expression : expressions)
    types.push_back(expression->type);
  return types;
}

}  // namespace

struct PhysicalHashAggregate::SinkState : GlobalSinkState {
  std::mutex mutex;
  std::vector<ThreadTables> threads;
};

struct PhysicalHashAggregate::ThreadState : LocalSinkState {
  explicit ThreadState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  ThreadTables tables;
  AggregateCallInput call;
  std::vector<Vector> keys;
  std::vector<Vector> distinct_keys;
  std::vector<uint64_t> hashes;
  std::vector<uint64_t> distinct_hashes;
  std::vector<uint8_t*> groups;
  std::vector<uint8_t*> distinct_groups;
};

struct PhysicalHashAggregate::SourceState : GlobalSourceState {
  explicit SourceState(SinkState& sink) : sink(sink) {}
  size_t maxThreads() const override { return RowPartitions::kCount; }
  uint64_t partitions() const override { return RowPartitions::kCount; }
  SinkState& sink;
  std::atomic<idx_t> next_partition{0};
};

struct PhysicalHashAggregate::MergeState : LocalSourceState {
  std::unique_ptr<GroupHashTable> merged;  // the groups of the partition being handed out
  idx_t partition = 0;
  idx_t position = 0;  // the next group to hand out
  idx_t chunk = 0;
  StringHeap heap;  // strings the DISTINCT updates keep
  std::vector<uint8_t*> targets;
  std::vector<uint8_t*> sources;
  std::vector<uint8_t*> destinations;
  std::vector<Vector> arguments;
};

PhysicalHashAggregate::PhysicalHashAggregate(std::vector<DataType> types,
                                             std::vector<BoundExpressionPtr> groups,
                                             std::vector<BoundAggregate> aggregates)
    : PhysicalOperator("HashAggregate", std::move(types)),
      groups_(std::move(groups)),
      aggregates_(std::move(aggregates)),
      layout_(typesOf(groups_), functionsOf(aggregates_)) {
  std::vector<DataType> key_types = typesOf(groups_);
  for (const BoundAggregate& aggregate : aggregates_) {
    if (!aggregate.distinct) {
      distinct_index_.push_back(-1);
      continue;
    }
    distinct_index_.push_back(static_cast<int>(distinct_layouts_.size()));
    std::vector<DataType> tuple = key_types;
    for (const auto& argument : aggregate.arguments)
      tuple.push_back(argument->type);
    distinct_layouts_.emplace_back(std::move(tuple), std::vector<const AggregateFunction*>{},
                                   /*separate_partition_hash=*/true);
  }
}

std::unique_ptr<GlobalSinkState> PhysicalHashAggregate::makeGlobalSinkState(
    const ExecContext&) const {
  return std::make_unique<SinkState>();
}

std::unique_ptr<LocalSinkState> PhysicalHashAggregate::makeLocalSinkState(
    const ExecContext& context, GlobalSinkState&) const {
  auto state = std::make_unique<ThreadState>(context);
  state->tables.groups = std::make_unique<PartitionedGroupTable>(layout_);
  for (const GroupRowLayout& layout : distinct_layouts_) {
    state->tables.distinct.push_back(std::make_unique<PartitionedGroupTable>(layout));
  }
  return state;
}

SinkResult PhysicalHashAggregate::sink(const ExecContext&, Morsel& morsel, GlobalSinkState&,
                                       LocalSinkState& local_state) const {
  auto& local = static_cast<ThreadState&>(local_state);
  const Batch& batch = morsel.batch;
  idx_t count = batch.num_rows;
  if (count == 0)
    return SinkResult::kNeedMoreInput;

  local.keys.clear();
  for (const auto& group : groups_) {
    local.keys.push_back(local.evaluator.evaluate(*group, batch));
    flattenVector(local.keys.back(), count);
  }
  local.hashes.resize(count);
  for (idx_t column = 0; column < local.keys.size(); ++column) {
    hashKeyColumn(local.keys[column], count, local.hashes.data(), column > 0);
  }
  local.groups.resize(count);
  PartitionedGroupTable& table = *local.tables.groups;
  table.findOrCreate(local.keys, RowSet{nullptr, count}, local.hashes.data(), local.hashes.data(),
                     local.groups.data());

  for (size_t index = 0; index < aggregates_.size(); ++index) {
    const BoundAggregate& aggregate = aggregates_[index];
    int distinct = distinct_index_[index];
    local.call.evaluate(local.evaluator, aggregate, batch, distinct >= 0);
    if (distinct < 0) {
      aggregate.function->update(local.call.input(), local.groups.data(),
                                 layout_.state_offsets[index], table.heap());
      continue;
    }
    // A DISTINCT aggregate stores its (keys, arguments) tuples, found by the tuple's hash and
    // partitioned by the group's, so that a group's tuples meet it in the same partition.
    local.distinct_keys = local.keys;
    local.distinct_hashes = local.hashes;
    for (const Vector& argument : local.call.arguments()) {
      local.distinct_keys.push_back(argument);
      hashKeyColumn(argument, count, local.distinct_hashes.data(), true);
    }
    local.distinct_groups.resize(count);
    local.tables.distinct[distinct]->findOrCreate(local.distinct_keys, local.call.input().rows,
                                                  local.distinct_hashes.data(), local.hashes.data(),
                                                  local.distinct_groups.data());
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashAggregate::combine(const ExecContext&, GlobalSinkState& global_state,
                                    LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  std::lock_guard lock(global.mutex);
  global.threads.push_back(std::move(local.tables));
}

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<SourceState>(static_cast<SinkState&>(*own_sink_state));
}

std::unique_ptr<LocalSourceState> PhysicalHashAggregate::makeLocalSourceState(
    const ExecContext&, GlobalSourceState&) const {
  return std::make_unique<MergeState>();
}

bool PhysicalHashAggregate::getData(const ExecContext&, Morsel& morsel,
                                    GlobalSourceState& global_state,
                                    LocalSourceState& local_state) const {
  auto& source = static_cast<SourceState&>(global_state);
  auto& state = static_cast<MergeState&>(local_state);
  while (!state.merged || state.position >= state.merged->size()) {
    idx_t partition = source.next_partition.fetch_add(1);
    if (partition >= RowPartitions::kCount) {
      state.merged.reset();
      return false;
    }
    mergePartition(source.sink, partition, state);
  }
  emitGroups(state, morsel);
  return true;
}

void PhysicalHashAggregate::mergePartition(const SinkState& sink, idx_t partition,
                                           MergeState& state) const {
  state.partition = partition;
  state.position = 0;
  state.chunk = 0;
  idx_t total = 0;
  for (const ThreadTables& thread : sink.threads)
    total += thread.groups->partitions().size(partition);
  state.merged = std::make_unique<GroupHashTable>(layout_, 16);
  if (total == 0)
    return;
  state.merged->reserve(total);

  // Every thread's rows of the partition: the first row of a group becomes the group, the
  // others combine their states into it.
  state.targets.resize(kVectorSize);
  state.sources.resize(kVectorSize);
  state.destinations.resize(kVectorSize);
  for (const ThreadTables& thread : sink.threads) {
    thread.groups->partitions().forEachVector(partition, [&](uint8_t* const* rows, idx_t count) {
      state.merged->findOrAdopt(rows, count, state.targets.data());
      idx_t pairs = 0;
      for (idx_t i = 0; i < count; ++i) {
        if (state.targets[i] == nullptr)
          continue;
        state.sources[pairs] = rows[i];
        state.destinations[pairs] = state.targets[i];
        ++pairs;
      }
      if (pairs == 0)
        return;
      for (size_t index = 0; index < aggregates_.size(); ++index) {
        if (distinct_index_[index] >= 0)
          continue;
        aggregates_[index].function->combineWithHeap(state.sources.data(),
                                                     state.destinations.data(), pairs,
                                                     layout_.state_offsets[index], state.heap);
      }
    });
  }

  // Each distinct tuple of the partition, once, updates its group's DISTINCT aggregate.
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    int distinct = distinct_index_[index];
    if (distinct < 0)
      continue;
    const GroupRowLayout& tuple_layout = distinct_layouts_[distinct];
    std::vector<const RowPartitions*> tables;
    for (const ThreadTables& thread : sink.threads)
      tables.push_back(&thread.distinct[distinct]->partitions());
    std::unique_ptr<GroupHashTable> tuples = mergeDistinctRows(tuple_layout, tables, partition);
    const std::vector<uint8_t*>& rows = tuples->groups();
    for (idx_t start = 0; start < rows.size(); start += kVectorSize) {
      idx_t count = std::min<idx_t>(kVectorSize, rows.size() - start);
      state.merged->find(rows.data() + start, count, tuple_layout, state.targets.data());
      for (idx_t i = 0; i < count; ++i)
        SLUICE_CHECK(state.targets[i] != nullptr);
      gatherArguments(rows.data() + start, count, tuple_layout, groups_.size(), state.arguments);
      AggregateInput input;
      for (const Vector& argument : state.arguments)
        input.arguments.push_back(&argument);
      input.rows = RowSet{nullptr, count};
      aggregates_[index].function->update(input, state.targets.data(), layout_.state_offsets[index],
                                          state.heap);
    }
  }
}

void PhysicalHashAggregate::emitGroups(MergeState& state, Morsel& morsel) const {
  const std::vector<uint8_t*>& groups = state.merged->groups();
  idx_t count = std::min<idx_t>(kVectorSize, groups.size() - state.position);
  uint8_t* const* rows = groups.data() + state.position;
  Batch batch;
  batch.num_rows = count;
  for (idx_t column = 0; column < groups_.size(); ++column) {
    Vector key(layout_.key_types[column], count);
    gatherKeyColumn(rows, count, layout_, column, key, 0);
    batch.columns.push_back(std::move(key));
  }
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    Vector result(aggregates_[index].function->returnType(), count);
    aggregates_[index].function->finalize(rows, count, layout_.state_offsets[index], result, 0);
    batch.columns.push_back(std::move(result));
  }
  morsel.batch = std::move(batch);
  morsel.index = (state.partition << 32) | state.chunk++;
  morsel.partition = state.partition;
  state.position += count;
}

std::string PhysicalHashAggregate::details() const {
  std::string keys;
  for (const auto& group : groups_)
    keys += (keys.empty() ? "" : ", ") + group->toString();
  std::string calls;
  for (const BoundAggregate& aggregate : aggregates_)
    calls += (calls.empty() ? "" : ", ") + aggregate.toString();
  return "[" + keys + "] [" + calls + "]";
}

}  // namespace sluice
