#include "exec/physical/physical_hash_join.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>

#include <fmt/format.h>

#include "common/check.hpp"
#include "exec/aggregate/aggregate_call_input.hpp"
#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/join/join_hash_table.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/spill/memory_limit.hpp"
#include "exec/spill/spill_partitions.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! The build side's rows as one thread's sink received them.
struct BuildChunk {
  std::vector<Vector> columns;
  std::vector<Vector> keys;
  std::vector<uint64_t> hashes;
  idx_t rows = 0;
};

//! Each probe thread has a writer per spill partition open (spill_partitions.hpp): each
//! write is a row group of its own.

RowSet rowsOf(const std::vector<uint32_t>& rows) {
  return RowSet{rows.data(), static_cast<idx_t>(rows.size())};
}

//! Evaluates and hashes `keys` over `batch` into `chunk`.
void evaluateKeys(ExpressionEvaluator& evaluator, const std::vector<BoundExpressionPtr>& keys,
                  const Batch& batch, BuildChunk& chunk) {
  for (const auto& key : keys) {
    chunk.keys.push_back(evaluator.evaluate(*key, batch));
    flattenVector(chunk.keys.back(), chunk.rows);
  }
  chunk.hashes.resize(chunk.rows);
  JoinHashTable::hashKeys(chunk.keys, chunk.rows, chunk.hashes.data());
}

}  // namespace

//! The columns of one side that its spill files keep: those read above the join, by its
//! residual or by its keys. The others come back as NULL constants, as the join has them.
struct SpilledColumns {
  std::vector<bool> keep;
  std::vector<DataType> types;  // of every column of the side

  std::vector<DataType> keptTypes() const {
    std::vector<DataType> kept;
    for (size_t column = 0; column < types.size(); ++column) {
      if (keep[column])
        kept.push_back(types[column]);
    }
    return kept;
  }
  //! The kept columns of `rows`.
  Batch narrow(const std::vector<Vector>& columns, const RowSet& rows) const {
    Batch part;
    part.num_rows = rows.count;
    for (size_t column = 0; column < columns.size(); ++column) {
      if (keep[column])
        part.columns.push_back(gatherColumn(columns[column], rows));
    }
    return part;
  }
  //! A batch read back, with every column of the side again.
  void widen(Batch& batch) const {
    std::vector<Vector> read = std::move(batch.columns);
    batch.columns.clear();
    size_t next = 0;
    for (size_t column = 0; column < types.size(); ++column) {
      batch.columns.push_back(keep[column] ? std::move(read[next++])
                                           : Vector::nullConstant(types[column]));
    }
  }
};

struct PhysicalHashJoin::BuildState : GlobalSinkState {
  std::mutex mutex;
  std::vector<BuildChunk> chunks;
  // After finalize: the build rows as columns, their table, and (FULL) which ones matched.
  std::vector<Vector> columns;
  idx_t rows = 0;
  std::unique_ptr<JoinHashTable> table;
  std::vector<uint8_t> matched;
  //! Null-aware joins: a build row has a NULL key, and the build side has rows (the whole
  //! side, when this is one of its spilled partitions).
  std::atomic<bool> null_key{false};
  bool side_has_rows = false;

  uint64_t memory_limit = 0;
  //! The bytes of the build rows the threads hold, summed.
  HeldMemory held;
  //! Past the limit: the build rows of partitions 1 and up are in `build_spill`, and the probe
  //! threads write their rows of those partitions to `probe_spills`.
  std::unique_ptr<PartitionedSpill> build_spill;
  std::mutex probe_mutex;
  std::vector<std::shared_ptr<PartitionedSpill>> probe_spills;

  bool partitioned() const { return build_spill != nullptr; }
};

struct PhysicalHashJoin::BuildThreadState : LocalSinkState {
  explicit BuildThreadState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  std::vector<BuildChunk> chunks;
};

struct PhysicalHashJoin::ProbeState : OperatorState {
  ProbeState(const ExecContext& context, BuildState& build)
      : context(context), evaluator(context), build(build) {}
  ~ProbeState() override;
  const ExecContext& context;
  ExpressionEvaluator evaluator;
  BuildState& build;
  // A partitioned build: the input vector's rows of partition 0 and their keys (evaluated once,
  // to split the input; empty once the probe took them), and where the other rows go.
  Batch partition_input;
  std::vector<Vector> partition_keys;
  std::shared_ptr<PartitionedSpill> spill;
  //! The final phase: the spilled partition this thread joins.
  std::unique_ptr<SpilledPartitionJoin> spilled;
  // The probe vector in progress.
  bool in_vector = false;
  bool finding_pairs = false;
  idx_t rows = 0;
  std::vector<Vector> keys;
  JoinHashTable::ProbeCursor cursor;
  idx_t loop_probe = 0;  // nested loop: the probe row and build row to pair next
  idx_t loop_build = 0;
  std::vector<uint8_t> found;    // by probe row: it has a match
  std::vector<uint8_t> unknown;  // MARK, by probe row: a pair's residual was NULL
  std::vector<uint32_t> pair_probe;
  std::vector<uint32_t> pair_build;
  std::vector<uint32_t> selection;
};

//! One spilled partition being joined in the final phase: its build rows in a table of their
//! own, and every probe thread's rows of it read back one batch after the other.
//! Partition 0, whose table is the one the probe used, only has its never-matched build rows
//! left to emit (FULL).
struct PhysicalHashJoin::SpilledPartitionJoin {
  SpilledPartitionJoin(const ExecContext& context, idx_t partition)
      : partition(partition), probe(context, build) {}
  idx_t partition;
  BuildState build;
  ProbeState probe;
  //! The partition's build rows: `build`, or the probe's own table for partition 0.
  const BuildState* table = &build;
  std::vector<const SpillFile*> probe_files;
  size_t next_file = 0;
  std::unique_ptr<SpillReader> reader;
  Batch input;
  bool in_input = false;
  std::atomic<idx_t> next_unmatched{0};  // FULL: the next build row to look at
};

PhysicalHashJoin::ProbeState::~ProbeState() = default;

//! The final phase of a partitioned build: the spilled partitions, one thread each.
struct PhysicalHashJoin::SpilledPartitions : GlobalSourceState {
  explicit SpilledPartitions(BuildState& build) : build(build) {}
  size_t maxThreads() const override { return kSpillPartitions; }
  uint64_t partitions() const override { return kSpillPartitions; }
  BuildState& build;
  std::atomic<idx_t> next{0};
};

struct PhysicalHashJoin::UnmatchedBuildRows : GlobalSourceState {
  explicit UnmatchedBuildRows(BuildState& build) : build(build) {}
  size_t maxThreads() const override { return build.rows / kVectorSize + 1; }
  uint64_t partitions() const override { return (build.rows + kVectorSize - 1) / kVectorSize; }
  BuildState& build;
  std::atomic<idx_t> next{0};
};

PhysicalHashJoin::PhysicalHashJoin(std::vector<DataType> types, Spec spec)
    : PhysicalOperator(spec.probe_keys.empty() ? "NestedLoopJoin" : "HashJoin", std::move(types)),
      spec_(std::move(spec)) {}

PhysicalOperatorPtr PhysicalHashJoin::create(std::vector<DataType> types, LogicalJoin& join,
                                             std::vector<DataType> left_types,
                                             std::vector<DataType> right_types,
                                             PhysicalOperatorPtr left, PhysicalOperatorPtr right) {
  Spec spec;
  spec.type = join.type;
  spec.build_left = join.type == LogicalJoinType::kRight;
  for (JoinKey& key : join.keys) {
    spec.probe_keys.push_back(std::move(spec.build_left ? key.right : key.left));
    spec.build_keys.push_back(std::move(spec.build_left ? key.left : key.right));
    spec.null_safe.push_back(key.null_safe);
  }
  spec.null_aware = join.null_aware;
  spec.single_row = join.single_row;
  spec.residual = std::move(join.residual);
  spec.left_types = std::move(left_types);
  spec.right_types = std::move(right_types);
  spec.used_columns = std::move(join.used_columns);
  bool build_left = spec.build_left;
  auto op = std::make_unique<PhysicalHashJoin>(std::move(types), std::move(spec));
  op->children.push_back(build_left ? std::move(right) : std::move(left));
  op->children.push_back(build_left ? std::move(left) : std::move(right));
  return op;
}

bool PhysicalHashJoin::emitsUnmatchedProbeRows() const {
  return spec_.type == LogicalJoinType::kLeft || spec_.type == LogicalJoinType::kRight ||
         spec_.type == LogicalJoinType::kFull;
}

std::string PhysicalHashJoin::details() const {
  std::string text(joinTypeName(spec_.type));
  if (spec_.null_aware)
    text += " NULL AWARE";
  if (spec_.single_row)
    text += " SINGLE ROW";
  if (hasKeys()) {
    text += " keys [";
    for (size_t i = 0; i < spec_.probe_keys.size(); ++i) {
      text += fmt::format("{}{} {} {}", i > 0 ? ", " : "", spec_.probe_keys[i]->toString(),
                          spec_.null_safe[i] ? "<=>" : "=", spec_.build_keys[i]->toString());
    }
    text += "]";
  }
  if (spec_.residual)
    text += " residual " + spec_.residual->toString();
  text += spec_.build_left ? " build left" : " build right";
  return text;
}

// The build.

bool PhysicalHashJoin::canPartition() const {
  // A single-row join fails past one build row, and the nested loop pairs everything: these
  // stay in memory.
  return hasKeys() && !spec_.single_row && canSpill(spec_.left_types) &&
         canSpill(spec_.right_types);
}

SpilledColumns PhysicalHashJoin::spilledColumns(bool probe_side) const {
  bool left_side = probe_side != spec_.build_left;
  SpilledColumns spilled;
  spilled.types = left_side ? spec_.left_types : spec_.right_types;
  size_t first = left_side ? 0 : spec_.left_types.size();
  for (size_t column = 0; column < spilled.types.size(); ++column)
    spilled.keep.push_back(isUsed(first + column));
  for (const auto& key : probe_side ? spec_.probe_keys : spec_.build_keys)
    markColumns(*key, spilled.keep);
  spilled.keep.resize(spilled.types.size());
  return spilled;
}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::makeGlobalSinkState(
    const ExecContext& context) const {
  auto build = std::make_unique<BuildState>();
  build->memory_limit = memoryLimitOf(context);
  return build;
}

std::unique_ptr<LocalSinkState> PhysicalHashJoin::makeLocalSinkState(const ExecContext& context,
                                                                     GlobalSinkState&) const {
  return std::make_unique<BuildThreadState>(context);
}

SinkResult PhysicalHashJoin::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global,
                                  LocalSinkState& local_state) const {
  auto& local = static_cast<BuildThreadState&>(local_state);
  Batch& batch = morsel.batch;
  if (batch.num_rows == 0)
    return SinkResult::kNeedMoreInput;
  BuildChunk chunk;
  chunk.rows = batch.num_rows;
  if (hasKeys()) {
    // Keys are evaluated and hashed here, on every thread; finalize only links the rows.
    evaluateKeys(local.evaluator, spec_.build_keys, batch, chunk);
    if (spec_.null_aware) {
      auto& build = static_cast<BuildState&>(global);
      const Vector& key = chunk.keys[0];
      bool any_null = key.type().isVoid();
      for (idx_t row = 0; row < chunk.rows && !any_null; ++row)
        any_null = key.isNull(row);
      if (any_null)
        build.null_key.store(true, std::memory_order_relaxed);
    }
  }
  static_cast<BuildState&>(global).held.add(batchMemoryBytes(batch));
  chunk.columns = std::move(batch.columns);
  local.chunks.push_back(std::move(chunk));
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashJoin::combine(const ExecContext&, GlobalSinkState& global_state,
                               LocalSinkState& local_state) const {
  auto& global = static_cast<BuildState&>(global_state);
  auto& local = static_cast<BuildThreadState&>(local_state);
  std::lock_guard lock(global.mutex);
  for (BuildChunk& chunk : local.chunks)
    global.chunks.push_back(std::move(chunk));
  local.chunks.clear();
}

void PhysicalHashJoin::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& build = static_cast<BuildState&>(global_state);
  bool has_rows = std::any_of(build.chunks.begin(), build.chunks.end(),
                              [](const BuildChunk& chunk) { return chunk.rows > 0; });
  if (canPartition() &&
      build.held.bytes() > operatorMemoryAvailable(build.held, build.memory_limit))
    partitionBuild(build);
  buildTable(build, /*use_all_cores=*/true);
  build.side_has_rows = has_rows;
}

void PhysicalHashJoin::partitionBuild(BuildState& build) const {
  SpilledColumns spilled = spilledColumns(/*probe_side=*/false);
  build.build_spill =
      std::make_unique<PartitionedSpill>(spilled.keptTypes(), SpillWriter::kDefaultRowGroupRows);
  std::vector<BuildChunk> kept;
  std::vector<std::vector<uint32_t>> rows;
  for (BuildChunk& chunk : build.chunks) {
    splitBySpillPartition(chunk.hashes.data(), chunk.rows, rows);
    for (idx_t partition = 1; partition < kSpillPartitions; ++partition) {
      if (!rows[partition].empty())
        build.build_spill->write(partition, spilled.narrow(chunk.columns, rowsOf(rows[partition])));
    }
    if (rows[0].empty())
      continue;
    BuildChunk part;
    part.rows = rows[0].size();
    part.columns = gatherBatch(chunk.columns, rowsOf(rows[0])).columns;
    part.keys = gatherBatch(chunk.keys, rowsOf(rows[0])).columns;
    for (uint32_t row : rows[0])
      part.hashes.push_back(chunk.hashes[row]);
    kept.push_back(std::move(part));
  }
  build.build_spill->close();
  build.chunks = std::move(kept);
  // The table holds partition 0 now.
  uint64_t kept_bytes = 0;
  for (const BuildChunk& chunk : build.chunks)
    kept_bytes += batchMemoryBytes(Batch{chunk.columns, chunk.rows});
  build.held.release(build.held.bytes() - std::min(kept_bytes, build.held.bytes()));
}

void PhysicalHashJoin::buildTable(BuildState& build, bool use_all_cores) const {
  const std::vector<DataType>& types = spec_.build_left ? spec_.left_types : spec_.right_types;
  if (spec_.single_row) {
    idx_t total = 0;
    for (const BuildChunk& chunk : build.chunks)
      total += chunk.rows;
    if (total > 1) {
      throw Error(ErrorClass::SCALAR_SUBQUERY_TOO_MANY_ROWS,
                  "More than one row returned by a subquery used as an expression.");
    }
  }
  // A column that nobody reads, or that is NULL in every chunk (one the scan does not read),
  // stays a NULL constant.
  size_t first_build_column = spec_.build_left ? 0 : spec_.left_types.size();
  std::vector<uint8_t> null_constant(types.size(), build.chunks.empty() ? 0 : 1);
  for (const BuildChunk& chunk : build.chunks) {
    for (size_t column = 0; column < types.size(); ++column) {
      const Vector& vector = chunk.columns[column];
      null_constant[column] &= vector.isConstant() && vector.isNull(0) ? 1 : 0;
    }
  }
  for (size_t column = 0; column < types.size(); ++column) {
    if (!isUsed(first_build_column + column))
      null_constant[column] = 1;
  }
  // Threads copy chunks into disjoint rows of the columns. Each chunk starts at a multiple of
  // 64 rows so that no two share a word of a validity bitmap; the rows between chunks are
  // never linked into the table (and count as matched for FULL).
  // The nested loop pairs every row, gaps included: it copies on one thread, without gaps.
  bool parallel = use_all_cores && build.chunks.size() > 1 && hasKeys();
  for (size_t column = 0; column < types.size(); ++column) {
    // Values nested in children do not take concurrent writers.
    if (!null_constant[column] && (types[column].isNested() || types[column].isVoid()))
      parallel = false;
  }
  std::vector<idx_t> offsets;
  std::vector<idx_t> chunk_rows;
  idx_t rows = 0;
  for (const BuildChunk& chunk : build.chunks) {
    offsets.push_back(rows);
    chunk_rows.push_back(chunk.rows);
    rows += parallel ? (chunk.rows + 63) / 64 * 64 : chunk.rows;
  }
  build.rows = rows;
  for (size_t column = 0; column < types.size(); ++column) {
    if (null_constant[column]) {
      build.columns.push_back(Vector::nullConstant(types[column]));
      continue;
    }
    build.columns.emplace_back(types[column], std::max<idx_t>(rows, 1));
    // The bitmap exists before the threads write to it.
    if (parallel)
      build.columns.back().mutableValidity();
  }
  TaskScheduler& scheduler = TaskScheduler::shared();
  size_t writers = parallel ? std::min(build.chunks.size(), scheduler.threadCount()) : 1;
  if (hasKeys()) {
    build.table = std::make_unique<JoinHashTable>(typesOf(spec_.build_keys), spec_.null_safe);
    int64_t min_key = std::numeric_limits<int64_t>::max();
    int64_t max_key = std::numeric_limits<int64_t>::min();
    bool direct = !build.chunks.empty();
    for (const BuildChunk& chunk : build.chunks) {
      direct = direct && JoinHashTable::widenKeyRange(chunk.keys[0], chunk.rows, spec_.null_safe,
                                                      min_key, max_key);
    }
    if (direct && JoinHashTable::isDirectRange(min_key, max_key, rows)) {
      build.table->reserveDirect(rows, writers, min_key, max_key);
    } else {
      build.table->reserve(rows, writers);
    }
  }
  // Each writer keeps the long strings it copies in a vector of its own, which the column shares.
  std::vector<std::vector<Vector>> string_owners(writers);
  for (auto& owners : string_owners) {
    for (const DataType& type : types)
      owners.emplace_back(type.hasStringValues() ? type : DataType::voidType(), 1);
  }
  std::atomic<size_t> next_chunk{0};
  auto copyChunks = [&](size_t writer) {
    for (size_t index = next_chunk++; index < build.chunks.size(); index = next_chunk++) {
      BuildChunk& chunk = build.chunks[index];
      for (size_t column = 0; column < types.size(); ++column) {
        if (null_constant[column])
          continue;
        appendRows(chunk.columns[column], chunk.rows, build.columns[column], offsets[index],
                   &string_owners[writer][column]);
      }
      if (build.table)
        build.table->insertAt(chunk.keys, chunk.hashes.data(), chunk.rows, offsets[index], writer);
      chunk = BuildChunk();
    }
  };
  if (writers > 1) {
    scheduler.parallelFor(writers, copyChunks);
  } else {
    copyChunks(0);
  }
  for (auto& owners : string_owners) {
    for (size_t column = 0; column < types.size(); ++column) {
      if (types[column].hasStringValues() && !null_constant[column])
        build.columns[column].shareStringsOf(owners[column]);
    }
  }
  if (spec_.type == LogicalJoinType::kFull) {
    build.matched.assign(rows, 1);
    for (size_t index = 0; index < build.chunks.size(); ++index)
      std::fill_n(build.matched.begin() + static_cast<std::ptrdiff_t>(offsets[index]),
                  chunk_rows[index], 0);
  }
  build.chunks.clear();
}

// The probe.

std::unique_ptr<OperatorState> PhysicalHashJoin::makeOperatorStateOver(
    const ExecContext& context, GlobalSinkState& own_sink_state) const {
  return std::make_unique<ProbeState>(context, static_cast<BuildState&>(own_sink_state));
}

void PhysicalHashJoin::gatherOutput(const std::vector<Vector>* probe, const uint32_t* probe_rows,
                                    const std::vector<Vector>* build, const uint32_t* build_rows,
                                    idx_t count, bool all_columns, Batch& output) const {
  output.columns.clear();
  output.num_rows = count;
  auto addSide = [&](const std::vector<DataType>& types, bool is_probe, size_t first_column) {
    const std::vector<Vector>* source = is_probe ? probe : build;
    const uint32_t* rows = is_probe ? probe_rows : build_rows;
    for (size_t column = 0; column < types.size(); ++column) {
      if (source == nullptr || !isUsed(first_column + column)) {
        output.columns.push_back(Vector::nullConstant(types[column]));
        continue;
      }
      output.columns.push_back(gatherColumn((*source)[column], RowSet{rows, count}));
    }
  };
  addSide(spec_.left_types, !spec_.build_left, 0);
  if (all_columns)
    addSide(spec_.right_types, spec_.build_left, spec_.left_types.size());
}

idx_t PhysicalHashJoin::nextPairs(ProbeState& state) const {
  idx_t capacity = state.pair_probe.size();
  idx_t pairs = 0;
  bool existence = testsExistence();
  if (hasKeys()) {
    const JoinHashTable& table = *state.build.table;
    while (state.cursor.count > 0 && (pairs == 0 || pairs + state.cursor.count <= capacity)) {
      pairs += table.matchAndAdvance(state.keys, state.cursor, state.pair_probe.data() + pairs,
                                     state.pair_build.data() + pairs);
      // SEMI and ANTI look no further than a probe row's first match.
      if (existence && pairs > 0)
        break;
    }
    return pairs;
  }
  idx_t build_rows = state.build.rows;
  while (pairs < capacity && state.loop_probe < state.rows) {
    if (build_rows == 0 || (existence && state.found[state.loop_probe])) {
      ++state.loop_probe;
      state.loop_build = 0;
      continue;
    }
    if (existence && !spec_.residual) {
      // Without a condition any build row is a match: one pair per probe row is enough.
      state.pair_probe[pairs] = static_cast<uint32_t>(state.loop_probe);
      state.pair_build[pairs] = 0;
      ++pairs;
      ++state.loop_probe;
      state.loop_build = 0;
      continue;
    }
    idx_t take = std::min(capacity - pairs, build_rows - state.loop_build);
    for (idx_t i = 0; i < take; ++i) {
      state.pair_probe[pairs + i] = static_cast<uint32_t>(state.loop_probe);
      state.pair_build[pairs + i] = static_cast<uint32_t>(state.loop_build + i);
    }
    pairs += take;
    state.loop_build += take;
    if (state.loop_build == build_rows) {
      state.loop_build = 0;
      ++state.loop_probe;
    }
  }
  return pairs;
}

void PhysicalHashJoin::emitPairs(const Batch& input, idx_t pairs, ProbeState& state,
                                 Batch& output) const {
  uint32_t* probe_rows = state.pair_probe.data();
  uint32_t* build_rows = state.pair_build.data();
  idx_t kept = pairs;
  Batch pair_batch;
  if (spec_.residual) {
    gatherOutput(&input.columns, probe_rows, &state.build.columns, build_rows, pairs, true,
                 pair_batch);
    Vector predicate = state.evaluator.evaluate(*spec_.residual, pair_batch);
    kept = 0;
    for (idx_t i = 0; i < pairs; ++i) {
      if (!predicate.isNull(i) && predicate.at<uint8_t>(i) != 0)
        state.selection[kept++] = static_cast<uint32_t>(i);
    }
    if (spec_.type == LogicalJoinType::kMark && predicate.mayHaveNulls()) {
      for (idx_t i = 0; i < pairs; ++i) {
        if (predicate.isNull(i))
          state.unknown[probe_rows[i]] = 1;
      }
    }
    for (idx_t i = 0; i < kept; ++i) {
      probe_rows[i] = probe_rows[state.selection[i]];
      build_rows[i] = build_rows[state.selection[i]];
    }
  }
  for (idx_t i = 0; i < kept; ++i)
    state.found[probe_rows[i]] = 1;
  if (spec_.type == LogicalJoinType::kFull) {
    for (idx_t i = 0; i < kept; ++i)
      std::atomic_ref<uint8_t>(state.build.matched[build_rows[i]])
          .store(1, std::memory_order_relaxed);
  }
  if (testsExistence()) {
    // A probe row with a match needs no further candidates.
    if (hasKeys() && kept > 0) {
      JoinHashTable::ProbeCursor& cursor = state.cursor;
      idx_t active = 0;
      for (idx_t i = 0; i < cursor.count; ++i) {
        if (state.found[cursor.rows[i]])
          continue;
        cursor.rows[active] = cursor.rows[i];
        cursor.candidates[active] = cursor.candidates[i];
        ++active;
      }
      cursor.count = active;
    }
    return;
  }
  if (kept == 0)
    return;
  if (!spec_.residual) {
    gatherOutput(&input.columns, probe_rows, &state.build.columns, build_rows, kept, true, output);
    return;
  }
  if (kept == pairs) {
    output = std::move(pair_batch);
    return;
  }
  output.columns.clear();
  output.num_rows = kept;
  RowSet rows{state.selection.data(), kept};
  for (const Vector& column : pair_batch.columns)
    output.columns.push_back(gatherColumn(column, rows));
}

void PhysicalHashJoin::emitProbeRows(const Batch& input, ProbeState& state, Batch& output) const {
  const BuildState& build = state.build;
  // Null-aware: whether row's key comparison with the build side is unknown (when unmatched).
  bool build_has_null =
      spec_.null_aware && build.side_has_rows && build.null_key.load(std::memory_order_relaxed);
  auto unknownKey = [&](idx_t row) {
    return spec_.null_aware && build.side_has_rows &&
           (build_has_null || state.keys[0].type().isVoid() || state.keys[0].isNull(row));
  };
  if (spec_.type == LogicalJoinType::kMark) {
    Vector mark(DataType::boolean(), std::max<idx_t>(state.rows, 1));
    uint8_t* marks = mark.mutableData<uint8_t>();
    for (idx_t row = 0; row < state.rows; ++row) {
      marks[row] = state.found[row];
      if (state.found[row] == 0 && (state.unknown[row] != 0 || unknownKey(row)))
        mark.setNull(row);
    }
    output.columns = input.columns;
    output.columns.push_back(std::move(mark));
    output.num_rows = state.rows;
    return;
  }
  if (spec_.type == LogicalJoinType::kAnti && spec_.null_aware) {
    // A row whose key is unknown against a non-empty build side is not NOT IN it.
    for (idx_t row = 0; row < state.rows; ++row) {
      if (state.found[row] == 0 && unknownKey(row))
        state.found[row] = 1;
    }
  }
  bool want_found = spec_.type == LogicalJoinType::kSemi;
  idx_t count = 0;
  for (idx_t row = 0; row < state.rows; ++row) {
    if ((state.found[row] != 0) == want_found)
      state.selection[count++] = static_cast<uint32_t>(row);
  }
  if (count == 0)
    return;
  bool existence = testsExistence();
  if (existence && count == state.rows) {
    output.columns = input.columns;
    output.num_rows = count;
    return;
  }
  gatherOutput(&input.columns, state.selection.data(), nullptr, nullptr, count, !existence, output);
}

OperatorResult PhysicalHashJoin::execute(const ExecContext&, const Batch& input, Batch& output,
                                         OperatorState& operator_state) const {
  auto& state = static_cast<ProbeState&>(operator_state);
  if (!state.build.partitioned())
    return probeVector(input, output, state);
  if (!state.in_vector)
    splitProbeInput(input, state);
  return probeVector(state.partition_input, output, state);
}

void PhysicalHashJoin::splitProbeInput(const Batch& input, ProbeState& state) const {
  idx_t count = input.num_rows;
  std::vector<Vector> keys;
  for (const auto& key : spec_.probe_keys) {
    keys.push_back(state.evaluator.evaluate(*key, input));
    flattenVector(keys.back(), count);
  }
  std::vector<uint64_t> hashes(count);
  JoinHashTable::hashKeys(keys, count, hashes.data());
  std::vector<std::vector<uint32_t>> rows;
  splitBySpillPartition(hashes.data(), count, rows);
  state.partition_input = gatherBatch(input.columns, rowsOf(rows[0]));
  state.partition_keys = gatherBatch(keys, rowsOf(rows[0])).columns;
  SpilledColumns spilled = spilledColumns(/*probe_side=*/true);
  for (idx_t partition = 1; partition < kSpillPartitions; ++partition) {
    // Rows that no build row can match make output only for the types that keep them.
    if (rows[partition].empty() ||
        (state.build.build_spill->file(partition) == nullptr && !keepsProbeRows())) {
      continue;
    }
    if (!state.spill) {
      state.spill = std::make_shared<PartitionedSpill>(spilled.keptTypes(), kSpillRowGroupRows);
      std::lock_guard lock(state.build.probe_mutex);
      state.build.probe_spills.push_back(state.spill);
    }
    state.spill->write(partition, spilled.narrow(input.columns, rowsOf(rows[partition])));
  }
}

OperatorResult PhysicalHashJoin::probeVector(const Batch& input, Batch& output,
                                             ProbeState& state) const {
  output.columns.clear();
  output.num_rows = 0;
  if (!state.in_vector) {
    state.in_vector = true;
    state.finding_pairs = true;
    state.rows = input.num_rows;
    state.found.assign(state.rows, 0);
    if (spec_.type == LogicalJoinType::kMark)
      state.unknown.assign(state.rows, 0);
    idx_t capacity = std::max<idx_t>(kVectorSize, state.rows);
    state.pair_probe.resize(capacity);
    state.pair_build.resize(capacity);
    state.selection.resize(capacity);
    if (hasKeys()) {
      state.keys.clear();
      if (!state.partition_keys.empty()) {
        state.keys.swap(state.partition_keys);
      } else {
        for (const auto& key : spec_.probe_keys) {
          state.keys.push_back(state.evaluator.evaluate(*key, input));
          flattenVector(state.keys.back(), state.rows);
        }
      }
      state.build.table->startProbe(state.keys, state.rows, state.cursor);
    } else {
      state.loop_probe = 0;
      state.loop_build = 0;
    }
  }
  bool emits_probe_rows = spec_.type != LogicalJoinType::kInner;
  if (state.finding_pairs) {
    idx_t pairs = nextPairs(state);
    if (pairs > 0)
      emitPairs(input, pairs, state, output);
    bool more = hasKeys() ? state.cursor.count > 0 : state.loop_probe < state.rows;
    if (more)
      return OperatorResult::kHaveMoreOutput;
    state.finding_pairs = false;
    if (!emits_probe_rows) {
      state.in_vector = false;
      return OperatorResult::kNeedMoreInput;
    }
    if (output.num_rows > 0)
      return OperatorResult::kHaveMoreOutput;
  }
  emitProbeRows(input, state, output);
  state.in_vector = false;
  return OperatorResult::kNeedMoreInput;
}

std::unique_ptr<GlobalSourceState> PhysicalHashJoin::makeFinalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  auto& build = static_cast<BuildState&>(*own_sink_state);
  if (build.partitioned()) {
    // Every probe thread is done: its spill files are complete.
    for (const std::shared_ptr<PartitionedSpill>& spill : build.probe_spills)
      spill->close();
    return std::make_unique<SpilledPartitions>(build);
  }
  if (spec_.type != LogicalJoinType::kFull)
    return nullptr;
  return std::make_unique<UnmatchedBuildRows>(build);
}

bool PhysicalHashJoin::getFinalData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                                    OperatorState& operator_state) const {
  auto& state = static_cast<ProbeState&>(operator_state);
  if (state.build.partitioned())
    return joinSpilledPartitions(static_cast<SpilledPartitions&>(global), state, morsel);
  auto& source = static_cast<UnmatchedBuildRows&>(global);
  idx_t start = 0;
  if (!nextUnmatchedBuildRows(source.build, source.next, state, morsel.batch, start))
    return false;
  // After every row the probe emitted.
  morsel.index = std::numeric_limits<uint64_t>::max();
  morsel.partition = start / kVectorSize;
  return true;
}

bool PhysicalHashJoin::nextUnmatchedBuildRows(const BuildState& build, std::atomic<idx_t>& next,
                                              ProbeState& state, Batch& output,
                                              idx_t& start) const {
  state.selection.resize(std::max<idx_t>(state.selection.size(), kVectorSize));
  while (true) {
    start = next.fetch_add(kVectorSize);
    if (start >= build.rows)
      return false;
    idx_t end = std::min(start + kVectorSize, build.rows);
    idx_t count = 0;
    for (idx_t row = start; row < end; ++row) {
      if (build.matched[row] == 0)
        state.selection[count++] = static_cast<uint32_t>(row);
    }
    if (count == 0)
      continue;
    gatherOutput(nullptr, nullptr, &build.columns, state.selection.data(), count, true, output);
    return true;
  }
}

bool PhysicalHashJoin::joinSpilledPartitions(SpilledPartitions& source, ProbeState& state,
                                             Morsel& morsel) const {
  while (true) {
    if (!state.spilled) {
      idx_t partition = source.next.fetch_add(1);
      if (partition >= kSpillPartitions)
        return false;
      state.spilled = loadSpilledPartition(source.build, partition, state);
    }
    SpilledPartitionJoin& join = *state.spilled;
    if (!join.in_input) {
      while (!join.reader || !join.reader->next(join.input)) {
        if (join.next_file == join.probe_files.size()) {
          join.reader.reset();
          break;
        }
        join.reader = std::make_unique<SpillReader>(*join.probe_files[join.next_file++]);
      }
      if (join.reader)
        spilledColumns(/*probe_side=*/true).widen(join.input);
      if (!join.reader) {
        // The partition's probe rows are all in: FULL then emits its never-matched build rows.
        idx_t start = 0;
        Batch output;
        if (spec_.type == LogicalJoinType::kFull &&
            nextUnmatchedBuildRows(*join.table, join.next_unmatched, join.probe, output, start)) {
          morsel.batch = std::move(output);
          morsel.index = std::numeric_limits<uint64_t>::max();
          morsel.partition = join.partition;
          return true;
        }
        state.spilled.reset();
        continue;
      }
      join.in_input = true;
    }
    Batch output;
    if (probeVector(join.input, output, join.probe) == OperatorResult::kNeedMoreInput)
      join.in_input = false;
    if (output.num_rows == 0)
      continue;
    morsel.batch = std::move(output);
    // After every row the probe emitted.
    morsel.index = std::numeric_limits<uint64_t>::max();
    morsel.partition = join.partition;
    return true;
  }
}

std::unique_ptr<PhysicalHashJoin::SpilledPartitionJoin> PhysicalHashJoin::loadSpilledPartition(
    BuildState& build, idx_t partition, ProbeState& state) const {
  auto join = std::make_unique<SpilledPartitionJoin>(state.context, partition);
  if (partition == 0) {
    // Joined by the probe already.
    join->table = &build;
    return join;
  }
  join->build.side_has_rows = build.side_has_rows;
  join->build.null_key.store(build.null_key.load());
  if (const SpillFile* file = build.build_spill->file(partition)) {
    SpilledColumns spilled = spilledColumns(/*probe_side=*/false);
    SpillReader reader(*file);
    Batch batch;
    while (reader.next(batch)) {
      spilled.widen(batch);
      BuildChunk chunk;
      chunk.rows = batch.num_rows;
      evaluateKeys(state.evaluator, spec_.build_keys, batch, chunk);
      chunk.columns = std::move(batch.columns);
      join->build.chunks.push_back(std::move(chunk));
    }
  }
  // On a task of the final phase, which may not start loops of its own.
  buildTable(join->build, /*use_all_cores=*/false);
  // Without build rows an inner or semi join of the partition has no output.
  if (join->build.rows > 0 || keepsProbeRows()) {
    for (const std::shared_ptr<PartitionedSpill>& spill : build.probe_spills) {
      if (const SpillFile* file = spill->file(partition))
        join->probe_files.push_back(file);
    }
  }
  return join;
}

}  // namespace sluice
