// src/pipeline/event_log/event_log_function.hpp
//
// event_log('<pipeline name>'), as Databricks names it: the event log of a pipeline of the
// storage folder a session reads, as a table (event_log.hpp has its columns).
#pragma once

#include <memory>
#include <string>

#include "function/table/table_function.hpp"

namespace sluice {

std::shared_ptr<const TableFunction> makeEventLogFunction(std::string storage_dir);

//! The table functions of a session over `storage_dir`: the built-in ones and event_log.
std::shared_ptr<const TableFunctionRegistry> sessionTableFunctions(const std::string& storage_dir);

}  // namespace sluice
