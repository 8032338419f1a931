// src/exec/table_function/builtin_table_functions.hpp
//
// The table functions every session knows (range, read_files) and the reader of the
// catalog's Delta tables. A pipeline copies the registry and adds its own (event_log).
#pragma once

#include "function/table/table_function.hpp"

namespace sluice {

const TableFunctionRegistry& builtinTableFunctions();

}  // namespace sluice
