// test/sqllogictest/slt_parser.cpp
//
// The record grammar: optional skipif/onlyif lines, a command line, then the command's body up
// to the next blank line. Loops are unrolled by parsing their body once per iteration with the
// loop variable substituted.
#include "sqllogictest/slt_parser.hpp"

#include <charconv>
#include <map>
#include <optional>

#include <fmt/format.h>

namespace sluice::slt {

namespace {

constexpr int kMaxLoopIterations = 100000;

std::string_view trim(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos)
    return {};
  size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

bool isBlank(std::string_view line) {
  return trim(line).empty();
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t begin = line.find_first_not_of(" \t\r", pos);
    if (begin == std::string_view::npos)
      break;
    size_t end = line.find_first_of(" \t\r", begin);
    if (end == std::string_view::npos)
      end = line.size();
    out.emplace_back(line.substr(begin, end - begin));
    pos = end;
  }
  return out;
}

bool parseInt(std::string_view text, int& out) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

bool isLoopLine(std::string_view line) {
  std::vector<std::string> parts = words(line);
  return parts.size() == 4 && parts[0] == "loop";
}

bool isEndLoopLine(std::string_view line) {
  return trim(line) == "endloop";
}

class Parser {
 public:
  Parser(std::vector<std::string> lines, std::string_view file_name)
      : lines_(std::move(lines)), file_name_(file_name) {}

  TestFile parse() {
    parseRange(0, lines_.size(), false);
    return std::move(file_);
  }

 private:
  [[noreturn]] void fail(size_t index, std::string_view what) const {
    throw SyntaxError(fmt::format("{}:{}: {}", file_name_, index + 1, what));
  }

  //! The line at `index` with every active loop variable replaced.
  std::string line(size_t index) const {
    std::string text = lines_[index];
    for (const auto& [name, value] : variables_) {
      std::string pattern = "${" + name + "}";
      size_t pos = 0;
      while ((pos = text.find(pattern, pos)) != std::string::npos) {
        text.replace(pos, pattern.size(), value);
        pos += value.size();
      }
    }
    return text;
  }

  void readHeaderComment(std::string_view text) {
    text = trim(text.substr(1));
    auto take = [&](std::string_view key, std::string& field) {
      if (field.empty() && text.substr(0, key.size()) == key) {
        field = std::string(trim(text.substr(key.size())));
      }
    };
    take("name:", file_.name);
    take("description:", file_.description);
    take("group:", file_.group);
  }

  void parseRange(size_t begin, size_t end, bool in_loop) {
    size_t index = begin;
    while (index < end) {
      std::string text = line(index);
      if (isBlank(text)) {
        ++index;
        continue;
      }
      if (trim(text)[0] == '#') {
        readHeaderComment(trim(text));
        ++index;
        continue;
      }
      index = parseRecord(index, end, in_loop);
    }
  }

  //! Parses the record starting at `index`; returns the index after it.
  size_t parseRecord(size_t index, size_t end, bool in_loop) {
    Record record;
    record.in_loop = in_loop;
    std::vector<std::string> command = words(line(index));
    while (!command.empty() && (command[0] == "skipif" || command[0] == "onlyif")) {
      if (command.size() != 2)
        fail(index, fmt::format("{} takes one engine name", command[0]));
      record.conditions.push_back(Condition{command[0] == "onlyif", command[1]});
      ++index;
      if (index >= end || isBlank(line(index)))
        fail(index - 1, "a condition must precede a record");
      command = words(line(index));
    }
    record.line = static_cast<int>(index + 1);
    const std::string& verb = command[0];
    if (verb == "statement")
      return parseStatement(std::move(record), command, index, end);
    if (verb == "query")
      return parseQuery(std::move(record), command, index, end);
    if (verb == "loop") {
      if (!record.conditions.empty())
        fail(index, "a loop cannot have conditions");
      return parseLoop(command, index, end);
    }
    if (verb == "endloop")
      fail(index, "endloop without loop");
    if (verb == "pipeline" || verb == "copy" || verb == "remove")
      return parsePipelineCommand(std::move(record), command, index, end);
    if (verb == "halt" && command.size() == 1) {
      record.kind = RecordKind::kHalt;
    } else if (verb == "mode" && command.size() == 2 && command[1] == "skip") {
      record.kind = RecordKind::kModeSkip;
    } else if (verb == "mode" && command.size() == 2 && command[1] == "unskip") {
      record.kind = RecordKind::kModeUnskip;
    } else if (verb == "require" && command.size() == 2) {
      record.kind = RecordKind::kRequire;
      record.feature = command[1];
    } else {
      fail(index, fmt::format("unknown record '{}'", trim(line(index))));
    }
    record.end_line = record.line;
    file_.records.push_back(std::move(record));
    return index + 1;
  }

  //! Reads SQL lines after the command line up to a blank line or, when `separator_allowed`,
  //! a `----` line, then the expected lines up to a blank line.
  size_t readBody(Record& record, size_t index, size_t end, bool separator_allowed) {
    size_t pos = index + 1;
    std::string sql;
    while (pos < end && !isBlank(line(pos)) && trim(line(pos)) != "----") {
      if (!sql.empty())
        sql += '\n';
      sql += line(pos);
      ++pos;
    }
    if (sql.empty())
      fail(index, "the record has no SQL");
    record.sql_line = static_cast<int>(index + 2);
    record.sql = std::move(sql);
    if (pos < end && trim(line(pos)) == "----") {
      if (!separator_allowed)
        fail(pos, "statement ok takes no expected result");
      record.separator_line = static_cast<int>(pos + 1);
      ++pos;
      while (pos < end && !isBlank(line(pos))) {
        record.expected.push_back(line(pos));
        ++pos;
      }
    }
    record.end_line = static_cast<int>(pos);
    return pos;
  }

  size_t parseStatement(Record record, const std::vector<std::string>& command, size_t index,
                        size_t end) {
    if (command.size() == 2 && command[1] == "ok") {
      record.kind = RecordKind::kStatementOk;
    } else if (command.size() >= 2 && command[1] == "error") {
      record.kind = RecordKind::kStatementError;
    } else {
      fail(index, "expected 'statement ok' or 'statement error'");
    }
    size_t next = readBody(record, index, end, record.kind == RecordKind::kStatementError);
    file_.records.push_back(std::move(record));
    return next;
  }

  size_t parseQuery(Record record, const std::vector<std::string>& command, size_t index,
                    size_t end) {
    record.kind = RecordKind::kQuery;
    if (command.size() < 2)
      fail(index, "query needs its column letters, e.g. 'query IT'");
    record.column_letters = command[1];
    for (char letter : record.column_letters) {
      if (std::string_view("IRBT?").find(letter) == std::string_view::npos) {
        fail(index, fmt::format("unknown column letter '{}' (use I, R, B, T or ?)", letter));
      }
    }
    size_t rest = 2;
    if (command.size() > 2) {
      if (command[2] == "nosort") {
        rest = 3;
      } else if (command[2] == "rowsort") {
        record.sort_mode = SortMode::kRowSort;
        rest = 3;
      } else if (command[2] == "valuesort") {
        record.sort_mode = SortMode::kValueSort;
        rest = 3;
      }
    }
    for (size_t i = rest; i < command.size(); ++i) {
      if (!record.header_rest.empty())
        record.header_rest += ' ';
      record.header_rest += command[i];
    }
    size_t next = readBody(record, index, end, true);
    file_.records.push_back(std::move(record));
    return next;
  }

  //! pipeline run|fail|dry-run [options], copy SOURCE TARGET, remove PATH; the expected lines
  //! follow a `----` right after the command line.
  size_t parsePipelineCommand(Record record, const std::vector<std::string>& command, size_t index,
                              size_t end) {
    size_t first_word = 1;
    if (command[0] == "copy") {
      if (command.size() != 3)
        fail(index, "copy takes a source and a target path");
      record.kind = RecordKind::kCopyFile;
    } else if (command[0] == "remove") {
      if (command.size() != 2)
        fail(index, "remove takes one path");
      record.kind = RecordKind::kRemoveFile;
    } else if (command.size() >= 2 && command[1] == "run") {
      record.kind = RecordKind::kPipelineRun;
      first_word = 2;
    } else if (command.size() >= 2 && command[1] == "fail") {
      record.kind = RecordKind::kPipelineFail;
      first_word = 2;
    } else if (command.size() == 2 && command[1] == "dry-run") {
      record.kind = RecordKind::kPipelineDryRun;
      first_word = 2;
    } else {
      fail(index, "expected 'pipeline run', 'pipeline fail' or 'pipeline dry-run'");
    }
    for (size_t word = first_word; word < command.size(); ++word) {
      if (!record.sql.empty())
        record.sql += ' ';
      record.sql += command[word];
    }
    record.sql_line = record.line;
    size_t pos = index + 1;
    if (pos < end && trim(line(pos)) == "----") {
      if (record.kind == RecordKind::kCopyFile || record.kind == RecordKind::kRemoveFile)
        fail(pos, "copy and remove take no expected result");
      record.separator_line = static_cast<int>(pos + 1);
      ++pos;
      while (pos < end && !isBlank(line(pos))) {
        record.expected.push_back(line(pos));
        ++pos;
      }
    }
    if (record.kind == RecordKind::kPipelineFail && record.expected.empty())
      fail(index, "pipeline fail lists the errors it expects after ----");
    record.end_line = static_cast<int>(pos);
    file_.records.push_back(std::move(record));
    return pos;
  }

  size_t parseLoop(const std::vector<std::string>& command, size_t index, size_t end) {
    int from = 0;
    int to = 0;
    if (command.size() != 4 || !parseInt(command[2], from) || !parseInt(command[3], to)) {
      fail(index, "expected 'loop <name> <from> <to>'");
    }
    if (to - from > kMaxLoopIterations)
      fail(index, "the loop has too many iterations");
    size_t depth = 1;
    size_t close = index + 1;
    for (; close < end; ++close) {
      if (isLoopLine(lines_[close]))
        ++depth;
      if (isEndLoopLine(lines_[close]) && --depth == 0)
        break;
    }
    if (close >= end)
      fail(index, "loop without endloop");
    const std::string& name = command[1];
    auto saved = variables_.find(name) != variables_.end()
                     ? std::optional<std::string>(variables_[name])
                     : std::nullopt;
    for (int value = from; value < to; ++value) {
      variables_[name] = std::to_string(value);
      parseRange(index + 1, close, true);
    }
    if (saved) {
      variables_[name] = *saved;
    } else {
      variables_.erase(name);
    }
    return close + 1;
  }

  std::vector<std::string> lines_;
  std::string file_name_;
  std::map<std::string, std::string> variables_;
  TestFile file_;
};

}  // namespace

std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t newline = text.find('\n', pos);
    if (newline == std::string_view::npos)
      newline = text.size();
    std::string_view line = text.substr(pos, newline - pos);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lines.emplace_back(line);
    pos = newline + 1;
  }
  return lines;
}

TestFile parseTestFile(std::string_view text, std::string_view file_name) {
  return Parser(splitLines(text), file_name).parse();
}

}  // namespace sluice::slt
