// src/exec/dml/matched_files.hpp
//
// The first pass of a copy-on-write change (DELETE, UPDATE, REPLACE WHERE; MERGE's target
// side later): which live files of a Delta table hold a row that the statement's condition
// matches. Only those files are rewritten; the others stay as they are. Files that the
// condition's simple conjuncts rule out by partition values and statistics (data skipping)
// are never read; the others are read on every core, only the columns the condition reads.
// A statement that deletes rows by deletion vector asks for the matching rows' positions too.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "function/function.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/logical_operator.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice {

struct MatchedFiles {
  //! The files holding a matching row, in path order.
  std::vector<delta::AddFile> files;
  //! The rows that matched, over all files.
  int64_t num_matched_rows = 0;
  //! The live files that data skipping did not rule out (and so were read).
  int64_t num_files_read = 0;
  //! With `with_positions`: the matching rows' positions in their files, ascending, by the
  //! add action's path (a null condition: none; every row matches).
  std::map<std::string, std::vector<uint64_t>> positions;
};

//! The live files of `snapshot` holding a row for which `condition` (bound over the table's
//! columns, in table order) is TRUE. A null condition matches every row of every file; their
//! rows are then counted from the files' statistics where those have them.
MatchedFiles findMatchedFiles(const std::shared_ptr<const delta::Snapshot>& snapshot,
                              const BoundExpression* condition, const ExecContext& context,
                              bool with_positions = false);

//! A scan of `snapshot` restricted to `files` (some of its live files), named `display_name`
//! in plans: what a copy-on-write statement rewrites. With `row_identity` each row's file
//! path and position follow the table's columns (see deltaSnapshotBinding).
LogicalOperatorPtr scanOfFiles(const std::shared_ptr<const delta::Snapshot>& snapshot,
                               std::vector<delta::AddFile> files, const std::string& display_name,
                               bool row_identity = false);

}  // namespace sluice
