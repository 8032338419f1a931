// src/exec/physical/materializing_breaker.cpp
#include "exec/physical/materializing_breaker.hpp"

#include <algorithm>
#include <atomic>

#include "common/check.hpp"
#include "exec/physical/ordered_batches.hpp"

namespace sluice {

namespace {

struct BreakerGlobal : GlobalSinkState {
  std::atomic<uint64_t> rows_collected{0};
  OrderedBatches input;
  std::vector<Batch> output;  // after finalize
};

struct BreakerLocal : LocalSinkState {
  OrderedBatches input;
};

struct BreakerSource : GlobalSourceState {
  explicit BreakerSource(BreakerGlobal& sink) : sink(sink) {}
  uint64_t partitions() const override { return sink.output.size(); }
  BreakerGlobal& sink;
  size_t next = 0;
};

}  // namespace

std::unique_ptr<GlobalSinkState> MaterializingBreaker::makeGlobalSinkState(
    const ExecContext&) const {
  return std::make_unique<BreakerGlobal>();
}

std::unique_ptr<LocalSinkState> MaterializingBreaker::makeLocalSinkState(const ExecContext&,
                                                                         GlobalSinkState&) const {
  return std::make_unique<BreakerLocal>();
}

SinkResult MaterializingBreaker::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global,
                                      LocalSinkState& local) const {
  uint64_t rows = morsel.batch.num_rows;
  static_cast<BreakerLocal&>(local).input.add(morsel);
  uint64_t collected = static_cast<BreakerGlobal&>(global).rows_collected.fetch_add(rows) + rows;
  return hasEnoughRows(collected) ? SinkResult::kFinished : SinkResult::kNeedMoreInput;
}

void MaterializingBreaker::combine(const ExecContext&, GlobalSinkState& global,
                                   LocalSinkState& local) const {
  static_cast<BreakerGlobal&>(global).input.merge(static_cast<BreakerLocal&>(local).input);
}

void MaterializingBreaker::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<BreakerGlobal&>(global_state);
  global.output = produce(global.input.takeInOrder());
}

std::unique_ptr<GlobalSourceState> MaterializingBreaker::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<BreakerSource>(static_cast<BreakerGlobal&>(*own_sink_state));
}

bool MaterializingBreaker::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                                   LocalSourceState&) const {
  auto& source = static_cast<BreakerSource&>(global);
  size_t index = source.next++;
  if (index >= source.sink.output.size())
    return false;
  morsel.index = index;
  morsel.partition = index;
  morsel.batch = std::move(source.sink.output[index]);
  return true;
}

}  // namespace sluice
