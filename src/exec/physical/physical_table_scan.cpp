// src/exec/physical/physical_table_scan.cpp
#include "exec/physical/physical_table_scan.hpp"

#include <fmt/format.h>

#include <atomic>

#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

struct TableScanGlobal : GlobalSourceState {
  explicit TableScanGlobal(size_t files) : files(files) {}
  size_t maxThreads() const override { return files; }

  size_t files;
  std::atomic<size_t> next_file{0};
};

struct TableScanLocal : LocalSourceState {
  std::unique_ptr<delta::DeltaTableScan> scan;
  size_t file = 0;
  uint32_t batch_number = 0;
};

}  // namespace

PhysicalTableScan::PhysicalTableScan(std::vector<DataType> types, std::shared_ptr<const TableScanSpec> spec)
    : PhysicalOperator("TableScan", std::move(types)), spec_(std::move(spec)), files_(delta::liveFiles(*spec_->snapshot)) {}

std::unique_ptr<GlobalSourceState> PhysicalTableScan::makeGlobalSourceState(const ExecContext&,
                                                                            GlobalSinkState*) const {
  return std::make_unique<TableScanGlobal>(files_.size());
}

std::unique_ptr<LocalSourceState> PhysicalTableScan::makeLocalSourceState(const ExecContext&,
                                                                          GlobalSourceState&) const {
  return std::make_unique<TableScanLocal>();
}

bool PhysicalTableScan::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global_state,
                                LocalSourceState& local_state) const {
  auto& global = static_cast<TableScanGlobal&>(global_state);
  auto& local = static_cast<TableScanLocal&>(local_state);
  while (true) {
    if (!local.scan) {
      size_t file = global.next_file.fetch_add(1);
      if (file >= files_.size()) return false;
      local.scan = std::make_unique<delta::DeltaTableScan>(*spec_->snapshot, std::vector<std::string>{},
                                                           std::vector<delta::AddFile>{files_[file]});
      local.file = file;
      local.batch_number = 0;
    }
    Batch batch;
    if (!local.scan->next(batch)) {
      local.scan.reset();
      continue;
    }
    if (batch.num_rows == 0) continue;
    morsel.index = (static_cast<uint64_t>(local.file) << 32) | local.batch_number++;
    morsel.batch = std::move(batch);
    return true;
  }
}

std::string PhysicalTableScan::details() const {
  return fmt::format("{} version {} ({} files)", spec_->table_name, spec_->snapshot->version, files_.size());
}

}  // namespace sluice
