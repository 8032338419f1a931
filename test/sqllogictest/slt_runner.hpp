// test/sqllogictest/slt_runner.hpp
//
// Runs one .test file against a fresh Session whose storage is a fresh scratch folder, reports
// every failing record (file:line, SQL, expected beside actual) and, with --complete, rewrites
// the failing expectations in place.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

namespace sluice::slt {

struct RunOptions {
  //! Rewrite failing expected blocks with the actual results instead of failing.
  bool complete = false;
  //! Run only the records that start on or before this line (0: all of them).
  int stop_line = 0;
  //! Each file's scratch folder is scratch_root/<test id>.
  std::filesystem::path scratch_root;
  //! The project's test/ folder: test ids are file paths relative to it, without extension.
  std::filesystem::path test_root;
};

struct FileOutcome {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  int completed = 0;        // expectations rewritten by --complete
  std::string skip_reason;  // set when the whole file was skipped (require)
};

//! The id of a test file: "sql/runner/basic" for <test_root>/sql/runner/basic.test; the file
//! name without extension for files elsewhere.
std::string testId(const std::filesystem::path& file, const std::filesystem::path& test_root);

//! Runs the file, writing failure reports and a one-line summary to `out`.
FileOutcome runTestFile(const std::filesystem::path& file, const RunOptions& options,
                        std::ostream& out);

}  // namespace sluice::slt
