// src/exec/physical_planner.hpp
//
// Chooses the physical operator for each logical operator and puts a sink on top: a result
// collector for queries, a table write for CREATE TABLE AS SELECT.
// Arguments that must be known before the query runs (range's bounds) are computed here.
#pragma once

#include "exec/physical/physical_operator.hpp"
#include "exec/physical/sort_key.hpp"
#include "planner/logical/logical_operator.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

//! The physical plan of `plan`, whose expressions move into the operators.
PhysicalOperatorPtr createPhysicalPlan(LogicalOperator& plan, const ExecContext& context);

//! The physical plan that writes the rows of `plan` into the Delta table at `table_path`
//! (its root is a PhysicalTableWrite; see PhysicalTableWrite::result), sorted first by
//! `order` when it is not empty (a clustered table's columns).
PhysicalOperatorPtr createWritePlan(LogicalOperator& plan, const ExecContext& context,
                                    std::string table_path, delta::TableWriteOptions options,
                                    std::vector<SortKey> order = {});

}  // namespace sluice
