// test/sqllogictest/result_comparison.cpp
//
// Text comparison of results and errors for the sqllogictest runner.
#include "sqllogictest/result_comparison.hpp"

#include <algorithm>
#include <regex>

#include <fmt/format.h>

namespace sluice::slt {

namespace {

std::vector<std::string> splitTabs(std::string_view line) {
  std::vector<std::string> cells;
  size_t pos = 0;
  while (true) {
    size_t tab = line.find('\t', pos);
    if (tab == std::string_view::npos) {
      cells.emplace_back(line.substr(pos));
      return cells;
    }
    cells.emplace_back(line.substr(pos, tab - pos));
    pos = tab + 1;
  }
}

std::string joinTabs(const TextRow& row) {
  std::string line;
  for (size_t i = 0; i < row.size(); ++i) {
    if (i > 0)
      line += '\t';
    line += row[i];
  }
  return line;
}

//! Tabs are shown as two spaces so that the side-by-side columns stay aligned.
std::string showLine(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == '\t') {
      out += "  ";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

char typeLetter(const DataType& type) {
  if (type.isIntegral())
    return 'I';
  if (type.isFloating() || type.isDecimal())
    return 'R';
  if (type.id() == TypeId::kBoolean)
    return 'B';
  return 'T';
}

std::optional<std::string> checkColumnLetters(std::string_view letters,
                                              const std::vector<DataType>& types) {
  if (letters.size() != types.size()) {
    return fmt::format("expected {} column(s) ('{}'), the result has {}", letters.size(), letters,
                       types.size());
  }
  for (size_t i = 0; i < types.size(); ++i) {
    char actual = typeLetter(types[i]);
    if (letters[i] != '?' && letters[i] != actual) {
      return fmt::format("column {} is {} (letter {}), the record says {}", i + 1, types[i].sql(),
                         actual, letters[i]);
    }
  }
  return std::nullopt;
}

std::vector<std::string> resultLines(const std::vector<TextRow>& rows, SortMode mode) {
  std::vector<std::string> lines;
  if (mode == SortMode::kValueSort) {
    for (const TextRow& row : rows)
      lines.insert(lines.end(), row.begin(), row.end());
  } else {
    for (const TextRow& row : rows)
      lines.push_back(joinTabs(row));
  }
  if (mode != SortMode::kNoSort)
    std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> expectedLines(const std::vector<std::string>& expected, SortMode mode) {
  std::vector<std::string> lines;
  if (mode == SortMode::kValueSort) {
    for (const std::string& line : expected) {
      std::vector<std::string> cells = splitTabs(line);
      lines.insert(lines.end(), cells.begin(), cells.end());
    }
  } else {
    lines = expected;
  }
  if (mode != SortMode::kNoSort)
    std::sort(lines.begin(), lines.end());
  return lines;
}

std::string sideBySide(const std::vector<std::string>& expected,
                       const std::vector<std::string>& actual) {
  std::string expected_title = fmt::format("expected ({} lines)", expected.size());
  std::string actual_title = fmt::format("actual ({} lines)", actual.size());
  size_t width = expected_title.size();
  for (const std::string& line : expected)
    width = std::max(width, showLine(line).size());
  std::string out = fmt::format("    {:<{}} | {}\n", expected_title, width, actual_title);
  size_t count = std::max(expected.size(), actual.size());
  for (size_t i = 0; i < count; ++i) {
    bool has_expected = i < expected.size();
    bool has_actual = i < actual.size();
    bool differs = !has_expected || !has_actual || expected[i] != actual[i];
    out += fmt::format("  {} {:<{}} | {}\n", differs ? '>' : ' ',
                       has_expected ? showLine(expected[i]) : "", width,
                       has_actual ? showLine(actual[i]) : "");
  }
  return out;
}

ErrorExpectation parseErrorExpectation(const std::vector<std::string>& expected) {
  ErrorExpectation expectation;
  std::string text;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (i > 0)
      text += '\n';
    text += expected[i];
  }
  if (text.size() >= 2 && text.front() == '/' && text.back() == '/') {
    expectation.regex = text.substr(1, text.size() - 2);
    return expectation;
  }
  if (!text.empty() && text.front() == '[') {
    size_t close = text.find(']');
    if (close != std::string::npos) {
      expectation.error_class = text.substr(1, close - 1);
      size_t rest = text.find_first_not_of(' ', close + 1);
      if (rest != std::string::npos)
        expectation.substring = text.substr(rest);
      return expectation;
    }
  }
  expectation.substring = text;
  return expectation;
}

std::optional<std::string> matchError(const ErrorExpectation& expectation,
                                      std::string_view full_class, std::string_view rendered) {
  if (!expectation.error_class.empty()) {
    const std::string& wanted = expectation.error_class;
    bool class_matches = full_class == wanted || (full_class.size() > wanted.size() &&
                                                  full_class.substr(0, wanted.size()) == wanted &&
                                                  full_class[wanted.size()] == '.');
    if (!class_matches) {
      return fmt::format("expected error class {}, got {}", wanted, full_class);
    }
  }
  if (!expectation.substring.empty() &&
      rendered.find(expectation.substring) == std::string_view::npos) {
    return fmt::format("the error does not contain '{}'", expectation.substring);
  }
  if (!expectation.regex.empty()) {
    std::regex pattern;
    try {
      pattern = std::regex(expectation.regex, std::regex::ECMAScript);
    } catch (const std::regex_error& error) {
      return fmt::format("invalid regex /{}/: {}", expectation.regex, error.what());
    }
    if (!std::regex_search(rendered.begin(), rendered.end(), pattern)) {
      return fmt::format("the error does not match /{}/", expectation.regex);
    }
  }
  return std::nullopt;
}

}  // namespace sluice::slt
