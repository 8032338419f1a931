// test/sqllogictest/slt_completion.cpp
//
// Applies completions bottom-up so that earlier line numbers stay valid while editing.
#include "sqllogictest/slt_completion.hpp"

#include <algorithm>

namespace sluice::slt {

namespace {

//! The command line with its second word (the column letters) replaced.
std::string replaceLetters(const std::string& command_line, const std::string& letters) {
  size_t first = command_line.find_first_not_of(" \t");
  size_t first_end = command_line.find_first_of(" \t", first);
  if (first_end == std::string::npos)
    return command_line + " " + letters;
  size_t second = command_line.find_first_not_of(" \t", first_end);
  if (second == std::string::npos)
    return command_line + " " + letters;
  size_t second_end = command_line.find_first_of(" \t", second);
  if (second_end == std::string::npos)
    second_end = command_line.size();
  return command_line.substr(0, second) + letters + command_line.substr(second_end);
}

}  // namespace

Completion completionFor(const Record& record, std::vector<std::string> expected) {
  Completion completion;
  completion.line = record.line;
  completion.separator_line = record.separator_line;
  completion.end_line = record.end_line;
  completion.expected = std::move(expected);
  return completion;
}

std::vector<std::string> applyCompletions(const std::vector<std::string>& lines,
                                          std::vector<Completion> completions) {
  std::vector<std::string> out = lines;
  std::sort(completions.begin(), completions.end(),
            [](const Completion& a, const Completion& b) { return a.line > b.line; });
  for (const Completion& completion : completions) {
    std::vector<std::string> block;
    if (completion.separator_line == 0)
      block.push_back("----");
    block.insert(block.end(), completion.expected.begin(), completion.expected.end());
    // Without a separator the block goes after the SQL; otherwise it replaces the old rows.
    size_t replace_begin =
        completion.separator_line == 0 ? completion.end_line : completion.separator_line;
    size_t replace_end = completion.end_line;
    out.erase(out.begin() + replace_begin, out.begin() + replace_end);
    out.insert(out.begin() + replace_begin, block.begin(), block.end());
    if (completion.column_letters) {
      std::string& command_line = out[completion.line - 1];
      command_line = replaceLetters(command_line, *completion.column_letters);
    }
  }
  return out;
}

}  // namespace sluice::slt
