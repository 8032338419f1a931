// src/exec/table_function/builtin_table_functions.cpp
#include "exec/table_function/builtin_table_functions.hpp"

#include "exec/table_function/delta_table_reader.hpp"
#include "exec/table_function/range_function.hpp"
#include "exec/table_function/read_files_function.hpp"
#include "exec/table_function/table_changes_function.hpp"

namespace sluice {

const TableFunctionRegistry& builtinTableFunctions() {
  static const TableFunctionRegistry registry = [] {
    TableFunctionRegistry built;
    built.add(makeRangeFunction());
    built.add(makeReadFilesFunction());
    built.add(makeTableChangesFunction());
    built.setTableReader(makeDeltaTableReader());
    return built;
  }();
  return registry;
}

}  // namespace sluice
