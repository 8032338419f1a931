// src/exec/table_function/table_changes_function.hpp
//
// table_changes(table_str, start [, end]), Databricks' reader of a Delta table's change data
// feed: the rows the commits from `start` to `end` (versions or timestamps, both included;
// the latest commit without `end`) changed, in the table's columns followed by
// `_change_type`, `_commit_version` and `_commit_timestamp`.
#pragma once

#include <memory>

#include "function/table/table_function.hpp"
#include "storage/delta/change_data_reader.hpp"

namespace sluice {

std::shared_ptr<const TableFunction> makeTableChangesFunction();

//! `schema` followed by the columns a change feed adds: _change_type, _commit_version and
//! _commit_timestamp.
std::vector<StructField> withChangeFeedColumns(std::vector<StructField> schema);

//! The rows of `range`'s changes (a pipeline's stream of a table's change feed reads them
//! too); `display_name` names the table in plans.
TableFunctionBinding changeFeedBinding(std::string display_name, delta::ChangeRange range);

}  // namespace sluice
