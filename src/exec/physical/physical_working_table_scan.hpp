// src/exec/physical/physical_working_table_scan.hpp
//
// The scan of a recursive CTE's working table in its recursive term: a source whose morsels
// are the table's batches, in order, one partition each, taken by as many threads as there
// are batches. Every scan of the table reads all of it (a term may read the CTE twice).
#pragma once

#include <memory>

#include "exec/physical/physical_operator.hpp"
#include "exec/physical/working_table.hpp"

namespace sluice {

class PhysicalWorkingTableScan : public PhysicalOperator {
 public:
  PhysicalWorkingTableScan(std::vector<DataType> types, std::shared_ptr<const WorkingTable> table)
      : PhysicalOperator("WorkingTableScan", std::move(types)), table_(std::move(table)) {}

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::shared_ptr<const WorkingTable> table_;
};

}  // namespace sluice
