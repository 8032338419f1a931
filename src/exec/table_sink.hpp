// src/exec/table_sink.hpp
//
// Writes the rows of a logical plan into a Delta table, on every core: each thread writes
// its own Parquet files and all of them are committed as one version, carrying the options'
// txn when a streaming batch asks for exactly-once. CREATE TABLE AS SELECT and the flows of
// a pipeline write through it.
#pragma once

#include <string>

#include "function/function.hpp"
#include "planner/logical/logical_operator.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

//! Runs `plan` into the table at `location` and commits. With no plan, commits no rows (a
//! new empty table, or the options' definition). When it fails, a table folder that did not
//! exist before is removed again; an existing table keeps its last version (the files written
//! are orphans for VACUUM).
delta::TableWriteResult writeToTable(LogicalOperator* plan, const ExecContext& context,
                                     const std::string& location, delta::TableWriteOptions options);

}  // namespace sluice
