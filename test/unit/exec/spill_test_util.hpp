// test/unit/exec/spill_test_util.hpp
//
// What the spilling tests share: a query run in memory and again under a small memory limit,
// checked to spill (or not) and to give the same rows.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "exec/spill/spill_file.hpp"
#include "session/session.hpp"

namespace sluice::testing {

//! Every row of the last result, its columns after the first joined by tabs, keyed by the
//! first (unique) column.
inline std::map<std::string, std::string> rowsByKey(Session& session, const std::string& sql) {
  auto results = session.execute(sql);
  const auto& result = results.back();
  std::map<std::string, std::string> rows;
  for (size_t row = 0; row < result.numRows(); ++row) {
    std::string line;
    for (size_t column = 1; column < result.columnNames().size(); ++column)
      line += (column > 1 ? "\t" : "") + result.displayValue(row, column);
    rows[result.displayValue(row, 0)] = line;
  }
  return rows;
}

//! Runs `sql` in memory and under `memory_limit`, checks whether the second spilled as
//! `spills` says and that it gave the same rows, and returns them; `files` is set to the number
//! of spill files it made.
inline std::map<std::string, std::string> checkSameRowsUnderLimit(const std::string& sql,
                                                                  const std::string& memory_limit,
                                                                  bool spills = true,
                                                                  uint64_t* files = nullptr) {
  Session in_memory;
  std::map<std::string, std::string> expected = rowsByKey(in_memory, sql);
  Session limited;
  limited.execute("SET sluice.memoryLimit = '" + memory_limit + "'");
  uint64_t files_before = spillFilesCreated();
  std::map<std::string, std::string> actual = rowsByKey(limited, sql);
  EXPECT_EQ(spillFilesCreated() > files_before, spills);
  if (files != nullptr)
    *files = spillFilesCreated() - files_before;
  EXPECT_EQ(actual.size(), expected.size());
  for (const auto& [key, values] : expected) {
    if (actual[key] != values) {
      ADD_FAILURE() << "row " << key << ": " << actual[key] << " instead of " << values;
      break;
    }
  }
  return actual;
}

}  // namespace sluice::testing
