// test/sqllogictest/slt_record.hpp
//
// The records of a sqllogictest file after parsing: statements and queries with their expected
// outcome, and the directives the runner honours while walking them (halt, mode, require).
// Loops are already unrolled: each iteration's records appear in order with ${var} replaced.
#pragma once

#include <string>
#include <vector>

namespace sluice::slt {

enum class RecordKind {
  kStatementOk,     // statement ok: the SQL must succeed
  kStatementError,  // statement error: the SQL must fail, optionally in a given way
  kQuery,           // query <letters> [sort]: the SQL must return the expected rows
  kHalt,            // stop running the file here
  kModeSkip,        // skip the records that follow until mode unskip
  kModeUnskip,
  kRequire,  // the file needs a feature; skipped when the runner does not know it
  // Pipeline scenarios (test/pipelines/<case>/steps.test); `sql` holds the command's words.
  kPipelineRun,     // pipeline run [options]: the update completes; `expected` lists flow states
  kPipelineFail,    // pipeline fail [options]: the update fails with the `expected` errors
  kPipelineDryRun,  // pipeline dry-run: valid, or exactly the `expected` errors
  kCopyFile,        // copy SOURCE TARGET: a file of the case folder into the pipeline's folder
  kRemoveFile,      // remove PATH: deletes a file of the pipeline's folder
};

enum class SortMode { kNoSort, kRowSort, kValueSort };

//! A `skipif <engine>` or `onlyif <engine>` line in front of a record.
struct Condition {
  bool only_if = false;
  std::string engine;
};

struct Record {
  RecordKind kind = RecordKind::kStatementOk;
  //! Lines count from 1: the command line, the first SQL line, the `----` line (0 when there
  //! is none) and the record's last line.
  int line = 0;
  int sql_line = 0;
  int separator_line = 0;
  int end_line = 0;
  std::vector<Condition> conditions;

  std::string sql;
  //! Query: one letter per column (I, R, B, T or ?), the sort mode and any words after it.
  std::string column_letters;
  SortMode sort_mode = SortMode::kNoSort;
  std::string header_rest;
  //! The lines after `----`: rows for a query, the expected error for a statement error.
  std::vector<std::string> expected;
  //! The feature named by require.
  std::string feature;
  //! Produced by a loop iteration: --complete leaves such records alone.
  bool in_loop = false;
};

struct TestFile {
  std::string name;
  std::string description;
  std::string group;
  std::vector<Record> records;
};

}  // namespace sluice::slt
