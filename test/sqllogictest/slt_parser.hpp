// test/sqllogictest/slt_parser.hpp
//
// Reads the text of a .test file into records. Records are separated by blank lines; `#`
// lines between records are comments (the header's `# name:`, `# description:` and
// `# group:` are kept). Loops are unrolled here, so the runner sees a flat list.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sqllogictest/slt_record.hpp"

namespace sluice::slt {

//! A malformed file; the message starts with "file:line: ".
class SyntaxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

//! Splits text into lines without their line terminators ("\n" or "\r\n").
std::vector<std::string> splitLines(std::string_view text);

//! Parses a whole file; `file_name` is used in error messages only.
TestFile parseTestFile(std::string_view text, std::string_view file_name);

}  // namespace sluice::slt
