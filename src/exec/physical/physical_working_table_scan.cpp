// src/exec/physical/physical_working_table_scan.cpp
#include "exec/physical/physical_working_table_scan.hpp"

#include <atomic>

namespace sluice {

namespace {

struct WorkingTableSource : GlobalSourceState {
  explicit WorkingTableSource(const WorkingTable& table) : table(table) {}
  size_t maxThreads() const override { return std::max<size_t>(table.batches.size(), 1); }
  uint64_t partitions() const override { return std::max<size_t>(table.batches.size(), 1); }
  const WorkingTable& table;
  std::atomic<size_t> next{0};
};

}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalWorkingTableScan::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState*) const {
  return std::make_unique<WorkingTableSource>(*table_);
}

bool PhysicalWorkingTableScan::getData(const ExecContext&, Morsel& morsel,
                                       GlobalSourceState& global, LocalSourceState&) const {
  auto& source = static_cast<WorkingTableSource&>(global);
  size_t index = source.next.fetch_add(1);
  if (index >= source.table.batches.size())
    return false;
  morsel.index = index;
  morsel.partition = index;
  // The vectors share their buffers with the table's: other scans read the same batches.
  morsel.batch = source.table.batches[index];
  return true;
}

}  // namespace sluice
