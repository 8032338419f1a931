// test/sqllogictest/result_comparison.hpp
//
// Comparing what a record expects with what happened: a query's column letters and rows (as
// text, after the record's sort mode), and a statement's error against the expected line.
// Everything here works on plain text and types, so it is unit-tested without an engine.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "sqllogictest/slt_record.hpp"

namespace sluice::slt {

//! One row of a result as text, one cell per column.
using TextRow = std::vector<std::string>;

//! The letter a column of `type` earns: I, R, B or T.
char typeLetter(const DataType& type);

//! Checks the record's letters against the result's types; returns a description of the first
//! difference, or nothing when they agree ('?' accepts any type).
std::optional<std::string> checkColumnLetters(std::string_view letters,
                                              const std::vector<DataType>& types);

//! The lines a query's result is written as under `mode`: nosort keeps the order, rowsort
//! sorts the tab-joined rows, valuesort sorts all values and writes one per line.
std::vector<std::string> resultLines(const std::vector<TextRow>& rows, SortMode mode);

//! The expected lines normalised the same way (rowsort sorts them, valuesort splits them into
//! values and sorts those), so hand-written expectations need not be pre-sorted.
std::vector<std::string> expectedLines(const std::vector<std::string>& expected, SortMode mode);

//! Renders expected and actual lines side by side, marking the lines that differ with '>'.
std::string sideBySide(const std::vector<std::string>& expected,
                       const std::vector<std::string>& actual);

//! What a statement error record expects, parsed from its expected line.
struct ErrorExpectation {
  std::string error_class;  // empty: any class
  std::string substring;    // empty: any message
  std::string regex;        // set for the /regex/ form, matched against the rendered error
};

ErrorExpectation parseErrorExpectation(const std::vector<std::string>& expected);

//! Checks an error against the expectation; returns why it does not match, or nothing.
//! The class matches when equal to `full_class` or a prefix of it ending before a '.'.
//! Substrings and the regex are searched in `rendered` (Error::what()).
std::optional<std::string> matchError(const ErrorExpectation& expectation,
                                      std::string_view full_class, std::string_view rendered);

}  // namespace sluice::slt
