// test/sqllogictest/slt_runner.cpp
//
// The record loop: conditions, skip mode, halt and require, then each statement or query is
// executed and checked. Failures are collected per record; the file always runs to its end.
#include "sqllogictest/slt_runner.hpp"

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "session/session.hpp"
#include "sqllogictest/pipeline_steps.hpp"
#include "sqllogictest/result_comparison.hpp"
#include "sqllogictest/slt_completion.hpp"
#include "sqllogictest/slt_parser.hpp"

namespace sluice::slt {

namespace {

constexpr std::string_view kEngineName = "sluice";

//! Features that `require` accepts; a file requiring anything else is skipped.
const std::set<std::string, std::less<>> kKnownFeatures = {};

bool isUnder(const std::filesystem::path& file, const std::filesystem::path& root) {
  if (root.empty())
    return false;
  auto relative = file.lexically_relative(root);
  return !relative.empty() && *relative.begin() != "..";
}

std::filesystem::path absolutePath(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(path, error);
  return error ? path : absolute.lexically_normal();
}

void replaceAll(std::string& text, std::string_view pattern, std::string_view replacement) {
  size_t pos = 0;
  while ((pos = text.find(pattern, pos)) != std::string::npos) {
    text.replace(pos, pattern.size(), replacement);
    pos += replacement.size();
  }
}

std::string indent(std::string_view text, std::string_view prefix) {
  std::string out;
  for (const std::string& line : splitLines(text)) {
    out += prefix;
    out += line;
    out += '\n';
  }
  return out;
}

std::string firstLine(std::string_view text) {
  return std::string(text.substr(0, text.find('\n')));
}

std::vector<TextRow> resultText(const StatementResult& result) {
  std::vector<TextRow> rows;
  rows.reserve(result.numRows());
  // A one-column value of several lines (an EXPLAIN plan) is compared line by line.
  if (result.numColumns() == 1) {
    for (idx_t row = 0; row < result.numRows(); ++row) {
      std::string text = result.displayValue(row, 0);
      if (text.find('\n') == std::string::npos) {
        rows.push_back({text.empty() ? "(empty)" : std::move(text)});
        continue;
      }
      if (text.back() == '\n')
        text.pop_back();
      size_t start = 0;
      while (start <= text.size()) {
        size_t end = std::min(text.find('\n', start), text.size());
        std::string line = text.substr(start, end - start);
        rows.push_back({line.empty() ? "(empty)" : std::move(line)});
        start = end + 1;
      }
    }
    return rows;
  }
  for (idx_t row = 0; row < result.numRows(); ++row) {
    TextRow cells;
    cells.reserve(result.numColumns());
    for (idx_t column = 0; column < result.numColumns(); ++column) {
      std::string text = result.displayValue(row, column);
      cells.push_back(text.empty() ? "(empty)" : std::move(text));
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

std::string actualLetters(const std::vector<DataType>& types) {
  std::string letters;
  for (const DataType& type : types)
    letters += typeLetter(type);
  return letters;
}

class FileRunner {
 public:
  FileRunner(const std::filesystem::path& file, const RunOptions& options, std::ostream& out)
      : file_(absolutePath(file)), options_(options), out_(out) {
    // Reports name files from the project root (test/sql/...) when they live in it.
    std::filesystem::path project_root = options.test_root.empty()
                                             ? std::filesystem::path()
                                             : absolutePath(options.test_root).parent_path();
    display_name_ = isUnder(file_, project_root)
                        ? file_.lexically_relative(project_root).generic_string()
                        : file.string();
    scratch_ = absolutePath(options.scratch_root / testId(file_, options.test_root));
  }

  FileOutcome run() {
    auto start = std::chrono::steady_clock::now();
    runRecords();
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!outcome_.skip_reason.empty()) {
      out_ << fmt::format("SKIP {}: {}\n", display_name_, outcome_.skip_reason);
    } else {
      std::string completed =
          options_.complete ? fmt::format(", {} completed", outcome_.completed) : "";
      out_ << fmt::format("{} {}: {} passed, {} failed, {} skipped{} ({:.2f} s)\n",
                          outcome_.failed > 0 ? "FAIL" : "PASS", display_name_, outcome_.passed,
                          outcome_.failed, outcome_.skipped, completed, seconds);
    }
    return outcome_;
  }

 private:
  void runRecords() {
    std::ifstream stream(file_, std::ios::binary);
    if (!stream) {
      fileFailure(fmt::format("cannot read {}", file_.string()));
      return;
    }
    std::stringstream buffer;
    buffer << stream.rdbuf();
    lines_ = splitLines(buffer.str());
    TestFile test_file;
    try {
      test_file = parseTestFile(buffer.str(), display_name_);
    } catch (const SyntaxError& error) {
      fileFailure(error.what());
      return;
    }
    std::error_code error;
    std::filesystem::remove_all(scratch_, error);
    std::filesystem::create_directories(scratch_, error);
    if (error) {
      fileFailure(fmt::format("cannot create the scratch folder {}: {}", scratch_.string(),
                              error.message()));
      return;
    }
    SessionOptions session_options;
    session_options.storage_dir = scratch_.string();
    try {
      scenario_ = PipelineScenario::prepare(file_, scratch_);
      if (scenario_)
        session_options = scenario_->sessionOptions();
      session_ = std::make_unique<Session>(session_options);
    } catch (const std::exception& failure) {
      fileFailure(fmt::format("cannot start a session: {}", failure.what()));
      return;
    }

    bool skipping = false;
    for (const Record& record : test_file.records) {
      if (options_.stop_line > 0 && record.line > options_.stop_line)
        break;
      if (!conditionsHold(record)) {
        if (isExecutable(record))
          ++outcome_.skipped;
        continue;
      }
      if (record.kind == RecordKind::kModeSkip) {
        skipping = true;
        continue;
      }
      if (record.kind == RecordKind::kModeUnskip) {
        skipping = false;
        continue;
      }
      if (skipping) {
        if (isExecutable(record))
          ++outcome_.skipped;
        continue;
      }
      if (record.kind == RecordKind::kHalt)
        break;
      if (record.kind == RecordKind::kRequire) {
        if (kKnownFeatures.count(record.feature) == 0) {
          outcome_.skip_reason = fmt::format("requires unknown feature '{}'", record.feature);
          return;
        }
        continue;
      }
      runRecord(record);
    }
    session_.reset();
    if (!completions_.empty())
      writeCompletions();
  }

  static bool isExecutable(const Record& record) {
    return record.kind == RecordKind::kStatementOk || record.kind == RecordKind::kStatementError ||
           record.kind == RecordKind::kQuery || isPipelineStep(record);
  }

  static bool isPipelineStep(const Record& record) {
    return record.kind == RecordKind::kPipelineRun || record.kind == RecordKind::kPipelineFail ||
           record.kind == RecordKind::kPipelineDryRun || record.kind == RecordKind::kCopyFile ||
           record.kind == RecordKind::kRemoveFile;
  }

  static bool conditionsHold(const Record& record) {
    for (const Condition& condition : record.conditions) {
      bool names_us = condition.engine == kEngineName;
      if (condition.only_if != names_us)
        return false;
    }
    return true;
  }

  void runRecord(const Record& record) {
    std::string sql = record.sql;
    replaceAll(sql, "{TEST_DIR}", scratch_.string());
    replaceAll(sql, "{DATA_DIR}", dataDirectory());
    std::vector<std::string> expected = record.expected;
    for (std::string& line : expected) {
      replaceAll(line, "{TEST_DIR}", scratch_.string());
      replaceAll(line, "{DATA_DIR}", dataDirectory());
    }
    switch (record.kind) {
      case RecordKind::kStatementOk:
        return runStatementOk(record, sql);
      case RecordKind::kStatementError:
        return runStatementError(record, sql, expected);
      case RecordKind::kQuery:
        return runQuery(record, sql, expected);
      default:
        if (isPipelineStep(record))
          return runPipelineStep(record);
        return;
    }
  }

  //! test/data of the project, where the input files of read_files tests live.
  std::string dataDirectory() const {
    return options_.test_root.empty() ? std::string("test/data")
                                      : (absolutePath(options_.test_root) / "data").string();
  }

  //! Runs the SQL with blank lines in front so that error locations are lines of the file.
  std::vector<StatementResult> execute(const Record& record, const std::string& sql) {
    std::string text(static_cast<size_t>(record.sql_line - 1), '\n');
    text += sql;
    return session_->execute(text, display_name_);
  }

  void runStatementOk(const Record& record, const std::string& sql) {
    try {
      execute(record, sql);
      ++outcome_.passed;
    } catch (const Error& error) {
      fail(record, sql, fmt::format("unexpected error:\n{}", indent(error.report(), "    ")));
    } catch (const std::exception& error) {
      fail(record, sql, fmt::format("unexpected exception: {}\n", error.what()));
    }
  }

  void runStatementError(const Record& record, const std::string& sql,
                         const std::vector<std::string>& expected) {
    try {
      execute(record, sql);
    } catch (const Error& error) {
      std::optional<std::string> mismatch =
          matchError(parseErrorExpectation(expected), error.fullClassName(), error.what());
      if (!mismatch) {
        ++outcome_.passed;
        return;
      }
      std::string actual_line =
          fmt::format("[{}] {}", error.fullClassName(), firstLine(error.message()));
      if (complete(record, std::nullopt, {actual_line}))
        return;
      fail(record, sql, fmt::format("{}\n{}", *mismatch, sideBySide(expected, {error.what()})));
      return;
    } catch (const std::exception& error) {
      fail(record, sql, fmt::format("unexpected exception: {}\n", error.what()));
      return;
    }
    fail(record, sql, "the statement succeeded, but an error was expected\n");
  }

  void runQuery(const Record& record, const std::string& sql,
                const std::vector<std::string>& expected) {
    std::vector<StatementResult> results;
    try {
      results = execute(record, sql);
    } catch (const Error& error) {
      fail(record, sql, fmt::format("unexpected error:\n{}", indent(error.report(), "    ")));
      return;
    } catch (const std::exception& error) {
      fail(record, sql, fmt::format("unexpected exception: {}\n", error.what()));
      return;
    }
    if (results.empty()) {
      fail(record, sql, "the query returned no result\n");
      return;
    }
    const StatementResult& result = results.back();
    std::optional<std::string> letters_mismatch =
        checkColumnLetters(record.column_letters, result.columnTypes());
    std::vector<std::string> actual_lines = resultLines(resultText(result), record.sort_mode);
    std::vector<std::string> wanted_lines = expectedLines(expected, record.sort_mode);
    bool rows_match = actual_lines == wanted_lines;
    if (!letters_mismatch && rows_match) {
      ++outcome_.passed;
      return;
    }
    std::optional<std::string> new_letters;
    if (letters_mismatch)
      new_letters = actualLetters(result.columnTypes());
    if (complete(record, new_letters, actual_lines))
      return;
    std::string detail;
    if (letters_mismatch)
      detail += *letters_mismatch + "\n";
    if (!rows_match) {
      detail += "the rows differ:\n";
      detail += sideBySide(wanted_lines, actual_lines);
    }
    fail(record, sql, detail);
  }

  void runPipelineStep(const Record& record) {
    if (!scenario_) {
      fail(record, record.sql,
           "pipeline steps run only in a folder that holds a pipeline spec (test/pipelines)\n");
      return;
    }
    std::optional<std::string> problem;
    try {
      problem = scenario_->run(record);
    } catch (const Error& error) {
      problem = fmt::format("unexpected error:\n{}", indent(error.report(), "    "));
    } catch (const std::exception& error) {
      problem = fmt::format("unexpected exception: {}\n", error.what());
    }
    if (problem)
      fail(record, record.sql, *problem);
    else
      ++outcome_.passed;
  }

  //! Records a completion when --complete is on and the record may be rewritten.
  bool complete(const Record& record, std::optional<std::string> letters,
                std::vector<std::string> expected) {
    if (!options_.complete || record.in_loop)
      return false;
    Completion completion = completionFor(record, std::move(expected));
    completion.column_letters = std::move(letters);
    completions_.push_back(std::move(completion));
    ++outcome_.completed;
    ++outcome_.passed;
    return true;
  }

  void fail(const Record& record, const std::string& sql, const std::string& detail) {
    ++outcome_.failed;
    out_ << fmt::format(
        "{}:{}: FAILED {}\n{}{}\n", display_name_, record.line,
        lines_.size() >= static_cast<size_t>(record.line) ? lines_[record.line - 1] : "",
        indent(sql, "    "), detail);
  }

  void fileFailure(const std::string& message) {
    ++outcome_.failed;
    out_ << message << '\n';
  }

  void writeCompletions() {
    std::vector<std::string> lines = applyCompletions(lines_, completions_);
    std::ofstream stream(file_, std::ios::binary | std::ios::trunc);
    for (const std::string& line : lines)
      stream << line << '\n';
    if (!stream)
      fileFailure(fmt::format("cannot rewrite {}", file_.string()));
  }

  std::filesystem::path file_;
  const RunOptions& options_;
  std::ostream& out_;
  std::string display_name_;
  std::filesystem::path scratch_;
  std::vector<std::string> lines_;
  std::optional<PipelineScenario> scenario_;
  std::unique_ptr<Session> session_;
  std::vector<Completion> completions_;
  FileOutcome outcome_;
};

}  // namespace

std::string testId(const std::filesystem::path& file, const std::filesystem::path& test_root) {
  if (test_root.empty())
    return file.stem().string();
  std::filesystem::path absolute = absolutePath(file);
  std::filesystem::path root = absolutePath(test_root);
  if (!isUnder(absolute, root))
    return file.stem().string();
  std::filesystem::path relative = absolute.lexically_relative(root);
  return relative.replace_extension().generic_string();
}

FileOutcome runTestFile(const std::filesystem::path& file, const RunOptions& options,
                        std::ostream& out) {
  return FileRunner(file, options, out).run();
}

}  // namespace sluice::slt
