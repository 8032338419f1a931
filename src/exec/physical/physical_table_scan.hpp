// src/exec/physical/physical_table_scan.hpp
//
// The source that reads a Delta table of the catalog at one snapshot: threads take its live
// files from a shared counter, one file at a time, and read the columns the pushdown asks for
// (partition columns from the file's partition values; the others come out as NULL
// constants). Files and row groups that the pushed predicates rule out are skipped. Morsel
// indexes follow the order of the files, then of the batches within a file.
#pragma once

#include <memory>

#include "exec/physical/physical_operator.hpp"
#include "planner/logical/scan_pushdown.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice {

//! A Delta table read at one snapshot.
struct TableScanSpec {
  std::string table_name;  // qualified, for EXPLAIN
  std::shared_ptr<const delta::Snapshot> snapshot;
  //! Whether each row's file path and position in it follow the table's columns (what DML
  //! needs to tell which rows of which files it changes).
  bool row_identity = false;
};

class PhysicalTableScan : public PhysicalOperator {
 public:
  PhysicalTableScan(std::vector<DataType> types, std::shared_ptr<const TableScanSpec> spec,
                    ScanPushdown pushdown);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                         GlobalSourceState& global) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

  //! The scan's batch at the table's full width: columns not read become NULL constants.
  Batch widen(Batch batch) const;

 protected:
  std::string details() const override;

 private:
  std::shared_ptr<const TableScanSpec> spec_;
  ScanPushdown pushdown_;
  std::vector<delta::AddFile> files_;      // the live files the predicates keep, in path order
  std::vector<std::string> read_columns_;  // the table columns read, in table order
};

}  // namespace sluice
