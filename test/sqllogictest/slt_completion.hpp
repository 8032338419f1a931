// test/sqllogictest/slt_completion.hpp
//
// --complete: rewrites the expected blocks of a .test file with what the engine produced, so
// that a new or changed test is filled in by running it and the diff is reviewed by a human.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sqllogictest/slt_record.hpp"

namespace sluice::slt {

//! A new expected block (and, for a query, possibly new column letters) for one record.
struct Completion {
  int line = 0;            // the record's command line
  int separator_line = 0;  // its `----` line, 0 when it has none
  int end_line = 0;        // its last line
  std::optional<std::string> column_letters;
  std::vector<std::string> expected;
};

Completion completionFor(const Record& record, std::vector<std::string> expected);

//! Returns the file's lines with every completion applied; lines count from 1 in completions.
std::vector<std::string> applyCompletions(const std::vector<std::string>& lines,
                                          std::vector<Completion> completions);

}  // namespace sluice::slt
