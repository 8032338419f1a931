// src/exec/table_function/delta_table_reader.hpp
//
// Reads the Delta tables the catalog names: opens the snapshot of the version asked for
// (time travel), after checking that the table's protocol is one sluice reads, and scans its
// live files.
#pragma once

#include <memory>

#include "function/table/table_function.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice {

std::shared_ptr<const StoredTableReader> makeDeltaTableReader();

//! A scan of the live files of `snapshot`, which may be a table's or one made of a selection
//! of its files (the commits a streaming read takes); `display_name` names it in plans. With
//! `row_identity`, two hidden columns follow the table's: each row's file path (as the add
//! action names it) and its position in that file.
TableFunctionBinding deltaSnapshotBinding(std::string display_name,
                                          std::shared_ptr<const delta::Snapshot> snapshot,
                                          bool row_identity = false);

//! The Delta table at `location` as it stands (its latest snapshot).
TableFunctionBinding deltaLatestBinding(std::string display_name, const std::string& location);

}  // namespace sluice
