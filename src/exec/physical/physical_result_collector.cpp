// src/exec/physical/physical_result_collector.cpp
#include "exec/physical/physical_result_collector.hpp"

#include "exec/physical/ordered_batches.hpp"

namespace sluice {

namespace {

struct CollectorGlobal : GlobalSinkState {
  OrderedBatches batches;
};
struct CollectorLocal : LocalSinkState {
  OrderedBatches batches;
};

}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalResultCollector::makeGlobalSinkState(
    const ExecContext&) const {
  return std::make_unique<CollectorGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalResultCollector::makeLocalSinkState(
    const ExecContext&, GlobalSinkState&) const {
  return std::make_unique<CollectorLocal>();
}

SinkResult PhysicalResultCollector::sink(const ExecContext&, Morsel& morsel, GlobalSinkState&,
                                         LocalSinkState& local) const {
  static_cast<CollectorLocal&>(local).batches.add(morsel);
  return SinkResult::kNeedMoreInput;
}

void PhysicalResultCollector::combine(const ExecContext&, GlobalSinkState& global,
                                      LocalSinkState& local) const {
  static_cast<CollectorGlobal&>(global).batches.merge(static_cast<CollectorLocal&>(local).batches);
}

std::vector<Batch> PhysicalResultCollector::takeBatches(GlobalSinkState& global) {
  return static_cast<CollectorGlobal&>(global).batches.takeInOrder();
}

}  // namespace sluice
