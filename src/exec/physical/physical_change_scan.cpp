// src/exec/physical/physical_change_scan.cpp
#include "exec/physical/physical_change_scan.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "exec/physical/file_morsels.hpp"
#include "storage/delta/batch_rows.hpp"
#include "storage/delta/data_file_writer.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! The changes one file holds, in the scan's columns.
class ChangeFileReader {
 public:
  ChangeFileReader(const delta::ChangeRange& range, const delta::ChangeFile& change)
      : change_(change) {
    // The scan reads the file as a table of these columns; a change data file adds its own
    // `_change_type`.
    delta::Snapshot table;
    table.table_path = range.table_path;
    table.schema = range.schema;
    table.metadata.partition_columns = range.partition_columns;
    table.column_mapping = range.column_mapping;
    width_ = range.schema.size();
    if (!change.change_type)
      table.schema.push_back(StructField{delta::kChangeTypeColumn, DataType::string(), true, ""});
    scan_ = std::make_unique<delta::DeltaTableScan>(table, std::vector<std::string>{},
                                                    std::vector<delta::AddFile>{change.file});
    if (change.only_rows)
      scan_->includeRowIdentity();
  }

  bool next(Batch& batch) {
    while (scan_->next(batch)) {
      if (change_.only_rows && !keepOnlyRows(batch))
        continue;
      batch.columns.resize(width_ + (change_.change_type ? 0 : 1));
      if (change_.change_type)
        batch.columns.push_back(Vector::constant(Value::string(*change_.change_type)));
      batch.columns.push_back(Vector::constant(Value::longValue(change_.version)));
      batch.columns.push_back(Vector::constant(Value::timestamp(change_.timestamp_ms * 1000)));
      return true;
    }
    return false;
  }

 private:
  //! Keeps the rows whose position (the last column) is one of the change's; false when none.
  bool keepOnlyRows(Batch& batch) const {
    const Vector& positions = batch.columns.back();
    const std::vector<uint64_t>& wanted = *change_.only_rows;
    std::vector<idx_t> kept;
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      auto position = static_cast<uint64_t>(positions.at<int64_t>(row));
      if (std::binary_search(wanted.begin(), wanted.end(), position))
        kept.push_back(row);
    }
    if (kept.empty())
      return false;
    if (kept.size() != batch.num_rows)
      batch = delta::selectRows(batch, kept);
    return true;
  }

  const delta::ChangeFile& change_;
  size_t width_ = 0;
  std::unique_ptr<delta::DeltaTableScan> scan_;
};

using ChangeScanLocal = FileMorselsLocal<ChangeFileReader>;

}  // namespace

PhysicalChangeScan::PhysicalChangeScan(std::vector<DataType> types,
                                       std::shared_ptr<const delta::ChangeRange> range)
    : PhysicalOperator("ChangeScan", std::move(types)), range_(std::move(range)) {}

std::unique_ptr<GlobalSourceState> PhysicalChangeScan::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState*) const {
  return std::make_unique<FileMorselsGlobal>(range_->files.size());
}

std::unique_ptr<LocalSourceState> PhysicalChangeScan::makeLocalSourceState(
    const ExecContext&, GlobalSourceState&) const {
  return std::make_unique<ChangeScanLocal>();
}

bool PhysicalChangeScan::getData(const ExecContext&, Morsel& morsel,
                                 GlobalSourceState& global_state,
                                 LocalSourceState& local_state) const {
  return nextFileMorsel(static_cast<FileMorselsGlobal&>(global_state),
                        static_cast<ChangeScanLocal&>(local_state), morsel,
                        [&](size_t file, size_t) {
                          return std::make_unique<ChangeFileReader>(*range_, range_->files[file]);
                        });
}

std::string PhysicalChangeScan::details() const {
  return fmt::format("{} versions {} to {} ({} files)", range_->table_path, range_->start_version,
                     range_->end_version, range_->files.size());
}

}  // namespace sluice
