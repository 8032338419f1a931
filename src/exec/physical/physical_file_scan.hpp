// src/exec/physical/physical_file_scan.hpp
//
// The source of read_files(): threads take files (or, for a few Parquet files, row ranges of
// them) from a shared counter and read them with the reader of the format (JSON, CSV, text,
// Parquet), then add the rescued data column (which the text readers produce) and the
// `_metadata` column of the file. A morsel's index is (file number, part, batch number in the
// part), so results keep the order of the file listing.
// Columns the pushdown marks unused come out as NULL constants (Parquet does not read them),
// and Parquet row groups that the pushed predicates rule out are skipped.
#pragma once

#include <memory>

#include "exec/physical/physical_operator.hpp"
#include "exec/table_function/file_scan_spec.hpp"
#include "planner/logical/scan_pushdown.hpp"

namespace sluice {

class PhysicalFileScan : public PhysicalOperator {
 public:
  PhysicalFileScan(std::vector<DataType> types, std::shared_ptr<const FileScanSpec> spec,
                   ScanPushdown pushdown);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                         GlobalSourceState& global) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  std::shared_ptr<const FileScanSpec> spec_;
  ScanPushdown pushdown_;
};

}  // namespace sluice
