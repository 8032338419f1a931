// src/exec/table_function/delta_table_reader.hpp
//
// Reads the Delta tables the catalog names: opens the snapshot of the version asked for
// (time travel), after checking that the table's protocol is one sluice reads, and scans its
// live files.
#pragma once

#include <memory>

#include "function/table/table_function.hpp"

namespace sluice {

std::shared_ptr<const StoredTableReader> makeDeltaTableReader();

}  // namespace sluice
