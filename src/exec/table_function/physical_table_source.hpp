// src/exec/table_function/physical_table_source.hpp
//
// A TableSource that the execution layer turns into a physical scan. Every table function and
// stored-table reader the engine registers makes its sources of this kind; the physical
// planner asks the source for its scan and never looks inside it.
#pragma once

#include <vector>

#include "exec/physical/physical_operator.hpp"
#include "function/table/table_function.hpp"
#include "planner/logical/scan_pushdown.hpp"

namespace sluice {

class PhysicalTableSource : public TableSource {
 public:
  //! The source operator that makes the rows, with `types` as its output columns (those of
  //! the binding) and what the optimizer pushed down to it.
  virtual PhysicalOperatorPtr createScan(std::vector<DataType> types,
                                         ScanPushdown pushdown) const = 0;
};

}  // namespace sluice
