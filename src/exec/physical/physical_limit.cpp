// src/exec/physical/physical_limit.cpp
#include "exec/physical/physical_limit.hpp"

#include <fmt/format.h>

#include <atomic>

#include "common/check.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/physical/ordered_batches.hpp"

namespace sluice {

namespace {

struct LimitGlobal : GlobalSinkState {
  std::atomic<uint64_t> rows_seen{0};
  OrderedBatches batches;
  std::vector<Batch> output;  // after finalize: the rows of the result
};

struct LimitLocal : LocalSinkState {
  OrderedBatches batches;
};

struct LimitSource : GlobalSourceState {
  explicit LimitSource(LimitGlobal& sink) : sink(sink) {}
  LimitGlobal& sink;
  std::atomic<size_t> next{0};
};

// Rows [from, from + count) of `batch`.
Batch sliceRows(const Batch& batch, idx_t from, idx_t count) {
  if (from == 0 && count == batch.num_rows) return batch;
  std::vector<uint32_t> rows(count);
  for (idx_t i = 0; i < count; ++i) rows[i] = static_cast<uint32_t>(from + i);
  RowSet selection{rows.data(), count};
  Batch slice;
  slice.num_rows = count;
  for (const Vector& column : batch.columns) {
    Vector target(column.type(), std::max<idx_t>(count, 1));
    gatherRows(column, selection, target);
    slice.columns.push_back(std::move(target));
  }
  return slice;
}

}  // namespace

PhysicalLimit::PhysicalLimit(std::vector<DataType> types, int64_t limit, int64_t offset)
    : PhysicalOperator("Limit", std::move(types)), limit_(limit), offset_(offset) {}

std::unique_ptr<GlobalSinkState> PhysicalLimit::makeGlobalSinkState(const ExecContext&) const {
  return std::make_unique<LimitGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalLimit::makeLocalSinkState(const ExecContext&,
                                                                  GlobalSinkState&) const {
  return std::make_unique<LimitLocal>();
}

SinkResult PhysicalLimit::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global_state,
                               LocalSinkState& local_state) const {
  auto& global = static_cast<LimitGlobal&>(global_state);
  auto& local = static_cast<LimitLocal&>(local_state);
  uint64_t rows = morsel.batch.num_rows;
  local.batches.add(morsel);
  if (limit_ < 0) return SinkResult::kNeedMoreInput;
  uint64_t wanted = static_cast<uint64_t>(limit_) + static_cast<uint64_t>(offset_);
  uint64_t seen = global.rows_seen.fetch_add(rows) + rows;
  return seen >= wanted ? SinkResult::kFinished : SinkResult::kNeedMoreInput;
}

void PhysicalLimit::combine(const ExecContext&, GlobalSinkState& global, LocalSinkState& local) const {
  static_cast<LimitGlobal&>(global).batches.merge(static_cast<LimitLocal&>(local).batches);
}

void PhysicalLimit::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<LimitGlobal&>(global_state);
  uint64_t to_skip = static_cast<uint64_t>(offset_);
  uint64_t to_keep = limit_ < 0 ? UINT64_MAX : static_cast<uint64_t>(limit_);
  for (Batch& batch : global.batches.takeInOrder()) {
    if (to_keep == 0) break;
    idx_t skip = static_cast<idx_t>(std::min<uint64_t>(to_skip, batch.num_rows));
    to_skip -= skip;
    idx_t keep = static_cast<idx_t>(std::min<uint64_t>(to_keep, batch.num_rows - skip));
    if (keep == 0) continue;
    to_keep -= keep;
    global.output.push_back(sliceRows(batch, skip, keep));
  }
}

std::unique_ptr<GlobalSourceState> PhysicalLimit::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<LimitSource>(static_cast<LimitGlobal&>(*own_sink_state));
}

bool PhysicalLimit::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                            LocalSourceState&) const {
  auto& source = static_cast<LimitSource&>(global);
  size_t index = source.next.fetch_add(1);
  if (index >= source.sink.output.size()) return false;
  morsel.index = index;
  morsel.batch = std::move(source.sink.output[index]);
  return true;
}

std::string PhysicalLimit::details() const {
  return limit_ < 0 ? fmt::format("offset {}", offset_) : fmt::format("{} offset {}", limit_, offset_);
}

}  // namespace sluice
