// src/planner/logical/expectation_spec.hpp
//
// The data-quality expectations a pipeline checks on the rows a flow writes or reads through a
// view: CONSTRAINT name EXPECT (condition) [ON VIOLATION DROP ROW | FAIL UPDATE]. A row passes
// an expectation when its condition is TRUE; FALSE and NULL both fail it (a NULL condition
// says nothing is known to be valid). Each expectation counts the rows that pass and fail it;
// a row failing any DROP ROW expectation is dropped; a row failing a FAIL UPDATE expectation
// fails the flow. The counters are shared with whoever planned the check, who reads them once
// the plan has run.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "planner/expression/bound_expression.hpp"

namespace sluice {

enum class ExpectationAction : uint8_t { kWarn, kDropRow, kFailUpdate };

//! The running counts of one expectation.
struct ExpectationCounts {
  std::string name;
  std::string dataset;  // the dataset that declares it, as the event log names it
  ExpectationAction action = ExpectationAction::kWarn;
  std::atomic<int64_t> passed{0};
  std::atomic<int64_t> failed{0};
};

//! The counts of every expectation of one check, and the rows it dropped.
struct ExpectationTally {
  std::vector<std::shared_ptr<ExpectationCounts>> expectations;
  std::atomic<int64_t> dropped{0};
};

struct BoundExpectation {
  std::shared_ptr<ExpectationCounts> counts;
  //! The condition over the checked rows' columns, BOOLEAN.
  BoundExpressionPtr condition;
  //! The condition as written, for the error of a FAIL UPDATE expectation.
  std::string condition_text;
};

//! A kExpectations operator's check: its expectations, the tally they add to, and the names
//! of the checked rows' columns (for the values a violation reports).
struct ExpectationCheck {
  std::vector<BoundExpectation> expectations;
  std::shared_ptr<ExpectationTally> tally;
  std::vector<std::string> column_names;
};

}  // namespace sluice
