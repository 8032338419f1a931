// src/exec/physical/physical_table_scan.cpp
#include "exec/physical/physical_table_scan.hpp"

#include <fmt/format.h>

#include "exec/physical/file_morsels.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! One file of the table, widened to the table's columns.
class TableFileReader {
 public:
  TableFileReader(std::unique_ptr<delta::DeltaTableScan> scan, const PhysicalTableScan& owner)
      : scan_(std::move(scan)), owner_(owner) {}
  bool next(Batch& batch) {
    if (!scan_->next(batch))
      return false;
    batch = owner_.widen(std::move(batch));
    return true;
  }

 private:
  std::unique_ptr<delta::DeltaTableScan> scan_;
  const PhysicalTableScan& owner_;
};

using TableScanLocal = FileMorselsLocal<TableFileReader>;

}  // namespace

PhysicalTableScan::PhysicalTableScan(std::vector<DataType> types,
                                     std::shared_ptr<const TableScanSpec> spec,
                                     ScanPushdown pushdown)
    : PhysicalOperator("TableScan", std::move(types)),
      spec_(std::move(spec)),
      pushdown_(std::move(pushdown)),
      files_(delta::liveFiles(*spec_->snapshot, pushdown_.predicates)) {
  const std::vector<StructField>& schema = spec_->snapshot->schema;
  for (size_t column = 0; column < schema.size(); ++column) {
    if (pushdown_.readsColumn(column))
      read_columns_.push_back(schema[column].name);
  }
  // The rows still have to be counted: read the first column when none is asked for (an
  // empty list would mean all of them).
  if (read_columns_.empty() && !schema.empty())
    read_columns_.push_back(schema[0].name);
}

std::unique_ptr<GlobalSourceState> PhysicalTableScan::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState*) const {
  return std::make_unique<FileMorselsGlobal>(files_.size(), parquetPartsPerFile(files_.size()));
}

std::unique_ptr<LocalSourceState> PhysicalTableScan::makeLocalSourceState(
    const ExecContext&, GlobalSourceState&) const {
  return std::make_unique<TableScanLocal>();
}

bool PhysicalTableScan::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global_state,
                                LocalSourceState& local_state) const {
  return nextFileMorsel(
      static_cast<FileMorselsGlobal&>(global_state), static_cast<TableScanLocal&>(local_state),
      morsel, [&](size_t file, size_t part) {
        auto scan = std::make_unique<delta::DeltaTableScan>(
            *spec_->snapshot, read_columns_, std::vector<delta::AddFile>{files_[file]},
            pushdown_.predicates);
        scan->selectFileParts(part, static_cast<FileMorselsGlobal&>(global_state).parts_per_file);
        if (spec_->row_identity)
          scan->includeRowIdentity();
        return std::make_unique<TableFileReader>(std::move(scan), *this);
      });
}

Batch PhysicalTableScan::widen(Batch batch) const {
  if (pushdown_.used_columns.empty())
    return batch;
  const std::vector<StructField>& schema = spec_->snapshot->schema;
  Batch wide;
  wide.num_rows = batch.num_rows;
  size_t next_read = 0;
  for (size_t column = 0; column < schema.size(); ++column) {
    if (pushdown_.readsColumn(column)) {
      wide.columns.push_back(std::move(batch.columns[next_read++]));
    } else {
      wide.columns.push_back(Vector::nullConstant(schema[column].type));
    }
  }
  // The row identity columns come last.
  for (; next_read < batch.columns.size(); ++next_read)
    wide.columns.push_back(std::move(batch.columns[next_read]));
  return wide;
}

std::string PhysicalTableScan::details() const {
  return fmt::format("{} version {} ({} files)", spec_->table_name, spec_->snapshot->version,
                     files_.size());
}

}  // namespace sluice
