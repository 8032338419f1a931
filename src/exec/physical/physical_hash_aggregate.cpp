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
#include "exec/parallel/task_scheduler.hpp"
#include "exec/spill/memory_limit.hpp"
#include "exec/spill/spill_partitions.hpp"

namespace sluice {

namespace {

//! Past the memory limit a thread's input rows go to disk by their group's hash
//! (spill_partitions.hpp). A spill partition, a spill group here, is kPartitionsPerSpillGroup
//! consecutive row partitions, which the merge then handles together as one unit.
constexpr idx_t kPartitionsPerSpillGroup = RowPartitions::kCount / kSpillPartitions;
static_assert(RowPartitions::kRadixBits >= kSpillPartitionBits,
              "a spill partition is a run of whole row partitions");
//! Each write of a spilled batch is a row group of its own: a thread has a writer per spill
//! partition open, so each buffers little.

}  // namespace

//! What one thread leaves for the merge: its groups, its DISTINCT tuples and its spilled input
//! rows (null when it never spilled).
struct PhysicalHashAggregate::ThreadTables {
  std::unique_ptr<PartitionedGroupTable> groups;
  std::vector<std::unique_ptr<PartitionedGroupTable>> distinct;
  std::unique_ptr<PartitionedSpill> spilled;
};

struct PhysicalHashAggregate::SinkState : GlobalSinkState {
  uint64_t memory_limit = 0;
  //! The bytes of the threads' group and DISTINCT tables, summed.
  HeldMemory held;
  std::atomic<bool> spilled{false};

  std::mutex mutex;
  std::vector<ThreadTables> threads;
};

//! What aggregating a batch into a thread's tables takes: the sink's, and the merge's when it
//! aggregates spilled rows again.
struct PhysicalHashAggregate::BatchAggregation {
  explicit BatchAggregation(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  AggregateCallInput call;
  std::vector<Vector> keys;
  std::vector<Vector> distinct_keys;
  std::vector<uint64_t> hashes;
  std::vector<uint64_t> distinct_hashes;
  std::vector<uint8_t*> groups;
  std::vector<uint8_t*> distinct_groups;
};

struct PhysicalHashAggregate::ThreadState : LocalSinkState {
  explicit ThreadState(const ExecContext& context) : work(context) {}
  BatchAggregation work;
  ThreadTables tables;
  //! The table's bytes already counted in SinkState::held.
  uint64_t counted_bytes = 0;
};

//! The merge's units: a partition each, or a spill group each once input was spilled.
struct PhysicalHashAggregate::SourceState : GlobalSourceState {
  explicit SourceState(SinkState& sink)
      : sink(sink), units(sink.spilled ? kSpillPartitions : RowPartitions::kCount) {}
  size_t maxThreads() const override { return one_thread ? 1 : units; }
  uint64_t partitions() const override { return units; }
  SinkState& sink;
  idx_t units;
  std::atomic<idx_t> next_unit{0};
  //! Whether one thread merges the spill groups, one after the other: when a table of a spill
  //! group's spilled rows on every thread would not fit beside the tables kept in memory.
  bool one_thread = false;
};

struct PhysicalHashAggregate::MergeState : LocalSourceState {
  explicit MergeState(const ExecContext& context) : work(context) {}
  std::unique_ptr<GroupHashTable> merged;  // the groups of the unit being handed out
  idx_t partition = 0;                     // the unit
  idx_t position = 0;                      // the next group to hand out
  idx_t chunk = 0;
  StringHeap heap;  // strings the DISTINCT updates keep
  std::vector<uint8_t*> targets;
  std::vector<uint8_t*> sources;
  std::vector<uint8_t*> destinations;
  std::vector<Vector> arguments;
  //! A spill group's spilled rows, aggregated again as one more thread's tables would be.
  ThreadTables replayed;
  BatchAggregation work;
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
    const ExecContext& context) const {
  auto state = std::make_unique<SinkState>();
  state->memory_limit = memoryLimitOf(context);
  return state;
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

SinkResult PhysicalHashAggregate::sink(const ExecContext&, Morsel& morsel,
                                       GlobalSinkState& global_state,
                                       LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  const Batch& batch = morsel.batch;
  idx_t count = batch.num_rows;
  if (count == 0)
    return SinkResult::kNeedMoreInput;

  hashGroupKeys(batch, local.work);
  if (local.tables.spilled) {
    local.tables.spilled->writeByHash(batch, local.work.hashes.data());
    return SinkResult::kNeedMoreInput;
  }
  aggregateBatch(batch, local.work, local.tables);
  countMemory(batch, global, local);
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashAggregate::hashGroupKeys(const Batch& batch, BatchAggregation& work) const {
  idx_t count = batch.num_rows;
  work.keys.clear();
  for (const auto& group : groups_) {
    work.keys.push_back(work.evaluator.evaluate(*group, batch));
    flattenVector(work.keys.back(), count);
  }
  work.hashes.resize(count);
  for (idx_t column = 0; column < work.keys.size(); ++column)
    hashKeyColumn(work.keys[column], count, work.hashes.data(), column > 0);
}

void PhysicalHashAggregate::aggregateBatch(const Batch& batch, BatchAggregation& work,
                                           ThreadTables& tables) const {
  idx_t count = batch.num_rows;
  work.groups.resize(count);
  PartitionedGroupTable& table = *tables.groups;
  table.findOrCreate(work.keys, RowSet{nullptr, count}, work.hashes.data(), work.hashes.data(),
                     work.groups.data());
  for (size_t index = 0; index < aggregates_.size(); ++index) {
    const BoundAggregate& aggregate = aggregates_[index];
    int distinct = distinct_index_[index];
    work.call.evaluate(work.evaluator, aggregate, batch, distinct >= 0);
    if (distinct < 0) {
      aggregate.function->update(work.call.input(), work.groups.data(),
                                 layout_.state_offsets[index], table.heap());
      continue;
    }
    // A DISTINCT aggregate stores its (keys, arguments) tuples, found by the tuple's hash and
    // partitioned by the group's, so that a group's tuples meet it in the same partition.
    work.distinct_keys = work.keys;
    work.distinct_hashes = work.hashes;
    for (const Vector& argument : work.call.arguments()) {
      work.distinct_keys.push_back(argument);
      hashKeyColumn(argument, count, work.distinct_hashes.data(), true);
    }
    work.distinct_groups.resize(count);
    tables.distinct[distinct]->findOrCreate(work.distinct_keys, work.call.input().rows,
                                            work.distinct_hashes.data(), work.hashes.data(),
                                            work.distinct_groups.data());
  }
}

void PhysicalHashAggregate::countMemory(const Batch& batch, SinkState& global,
                                        ThreadState& local) const {
  uint64_t bytes = local.tables.groups->memoryBytes();
  for (const std::unique_ptr<PartitionedGroupTable>& distinct : local.tables.distinct)
    bytes += distinct->memoryBytes();
  global.held.add(bytes - local.counted_bytes);
  local.counted_bytes = bytes;
  // Over the limit, the thread that holds a fair share of the groups spills its further input.
  if (!holdsFairShareOverLimit(global.held, bytes, global.memory_limit))
    return;
  std::vector<DataType> types;
  for (const Vector& column : batch.columns)
    types.push_back(column.type());
  if (!canSpill(types))
    return;
  global.spilled = true;
  local.tables.spilled = std::make_unique<PartitionedSpill>(std::move(types), kSpillRowGroupRows);
}

void PhysicalHashAggregate::combine(const ExecContext&, GlobalSinkState& global_state,
                                    LocalSinkState& local_state) const {
  auto& global = static_cast<SinkState&>(global_state);
  auto& local = static_cast<ThreadState&>(local_state);
  if (local.tables.spilled)
    local.tables.spilled->close();
  std::lock_guard lock(global.mutex);
  global.threads.push_back(std::move(local.tables));
}

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  auto& sink = static_cast<SinkState&>(*own_sink_state);
  auto source = std::make_unique<SourceState>(sink);
  if (sink.spilled) {
    uint64_t largest_group = 0;
    for (idx_t group = 0; group < kSpillPartitions; ++group) {
      uint64_t bytes = 0;
      for (const ThreadTables& thread : sink.threads)
        bytes += thread.spilled ? thread.spilled->bytes(group) : 0;
      largest_group = std::max(largest_group, bytes);
    }
    source->one_thread = sink.held.bytes() + TaskScheduler::shared().threadCount() * largest_group >
                         operatorMemoryAvailable(sink.held, sink.memory_limit);
  }
  return source;
}

std::unique_ptr<LocalSourceState> PhysicalHashAggregate::makeLocalSourceState(
    const ExecContext& context, GlobalSourceState&) const {
  return std::make_unique<MergeState>(context);
}

bool PhysicalHashAggregate::getData(const ExecContext&, Morsel& morsel,
                                    GlobalSourceState& global_state,
                                    LocalSourceState& local_state) const {
  auto& source = static_cast<SourceState&>(global_state);
  auto& state = static_cast<MergeState&>(local_state);
  while (!state.merged || state.position >= state.merged->size()) {
    idx_t unit = source.next_unit.fetch_add(1);
    if (unit >= source.units) {
      state.merged.reset();
      state.replayed = ThreadTables();
      return false;
    }
    std::vector<const ThreadTables*> threads;
    for (const ThreadTables& thread : source.sink.threads)
      threads.push_back(&thread);
    if (source.sink.spilled) {
      replaySpilledRows(source.sink, unit, state);
      threads.push_back(&state.replayed);
      mergePartitions(threads, unit * kPartitionsPerSpillGroup,
                      (unit + 1) * kPartitionsPerSpillGroup, state);
    } else {
      mergePartitions(threads, unit, unit + 1, state);
    }
    state.partition = unit;
  }
  emitGroups(state, morsel);
  return true;
}

void PhysicalHashAggregate::mergePartitions(const std::vector<const ThreadTables*>& threads,
                                            idx_t first, idx_t end, MergeState& state) const {
  state.position = 0;
  state.chunk = 0;
  idx_t total = 0;
  for (const ThreadTables* thread : threads) {
    for (idx_t partition = first; partition < end; ++partition)
      total += thread->groups->partitions().size(partition);
  }
  // One table per thread, emptied for each unit.
  if (!state.merged)
    state.merged = std::make_unique<GroupHashTable>(layout_, 16);
  state.merged->clearFor(total);
  if (total == 0)
    return;
  for (idx_t partition = first; partition < end; ++partition)
    mergePartition(threads, partition, state);
}

void PhysicalHashAggregate::replaySpilledRows(const SinkState& sink, idx_t spill_group,
                                              MergeState& state) const {
  state.replayed = ThreadTables();
  state.replayed.groups = std::make_unique<PartitionedGroupTable>(layout_);
  for (const GroupRowLayout& layout : distinct_layouts_)
    state.replayed.distinct.push_back(std::make_unique<PartitionedGroupTable>(layout));
  for (const ThreadTables& thread : sink.threads) {
    const SpillFile* file = thread.spilled ? thread.spilled->file(spill_group) : nullptr;
    if (file == nullptr)
      continue;
    SpillReader reader(*file);
    Batch batch;
    while (reader.next(batch)) {
      if (batch.num_rows == 0)
        continue;
      hashGroupKeys(batch, state.work);
      aggregateBatch(batch, state.work, state.replayed);
    }
  }
}

void PhysicalHashAggregate::mergePartition(const std::vector<const ThreadTables*>& threads,
                                           idx_t partition, MergeState& state) const {
  // Every thread's rows of the partition: the first row of a group becomes the group, the
  // others combine their states into it.
  state.targets.resize(kVectorSize);
  state.sources.resize(kVectorSize);
  state.destinations.resize(kVectorSize);
  for (const ThreadTables* thread : threads) {
    thread->groups->partitions().forEachVector(partition, [&](uint8_t* const* rows, idx_t count) {
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
    for (const ThreadTables* thread : threads)
      tables.push_back(&thread->distinct[distinct]->partitions());
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
