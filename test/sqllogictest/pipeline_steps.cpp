// test/sqllogictest/pipeline_steps.cpp
#include "sqllogictest/pipeline_steps.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "pipeline/event_log/event_log_function.hpp"
#include "pipeline/pipeline_validation.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "sqllogictest/result_comparison.hpp"

namespace sluice::slt {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> splitWords(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream stream(text);
  std::string word;
  while (stream >> word)
    words.push_back(word);
  return words;
}

//! --refresh a,b --full-refresh c --full-refresh-all, as `sluice run` takes them.
std::optional<UpdateOptions> parseOptions(const std::string& text, std::string& problem) {
  UpdateOptions options;
  std::vector<std::string> words = splitWords(text);
  auto list = [](const std::string& value) {
    std::vector<std::string> names;
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      names.push_back(
          value.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
    return names;
  };
  for (size_t index = 0; index < words.size(); ++index) {
    const std::string& word = words[index];
    if (word == "--full-refresh-all") {
      options.full_refresh_all = true;
    } else if ((word == "--full-refresh" || word == "--refresh") && index + 1 < words.size()) {
      std::vector<std::string> names = list(words[++index]);
      auto& target = word == "--refresh" ? options.refresh : options.full_refresh;
      target.insert(target.end(), names.begin(), names.end());
    } else {
      problem = fmt::format("unknown pipeline option '{}'", word);
      return std::nullopt;
    }
  }
  return options;
}

//! Records every flow's end state.
class StateRecorder : public UpdateObserver {
 public:
  void flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) override {
    if (result != nullptr || state == FlowState::kExcluded)
      ends_.push_back(fmt::format("{} {}", flow.name.table, flowStateName(state)));
  }
  std::vector<std::string> ends() const {
    std::vector<std::string> sorted = ends_;
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }

 private:
  std::vector<std::string> ends_;
};

//! Whether every error is matched by one expected line and every expected line by one error.
std::optional<std::string> matchErrors(const std::vector<std::string>& expected,
                                       const std::vector<Error>& errors) {
  std::vector<bool> used(errors.size(), false);
  std::vector<std::string> missing;
  for (const std::string& line : expected) {
    ErrorExpectation expectation = parseErrorExpectation({line});
    bool found = false;
    for (size_t index = 0; index < errors.size() && !found; ++index) {
      if (!used[index] &&
          !matchError(expectation, errors[index].fullClassName(), errors[index].what())) {
        used[index] = found = true;
      }
    }
    if (!found)
      missing.push_back(line);
  }
  std::vector<std::string> unexpected;
  for (size_t index = 0; index < errors.size(); ++index) {
    if (!used[index])
      unexpected.push_back(errors[index].what());
  }
  if (missing.empty() && unexpected.empty())
    return std::nullopt;
  std::string message;
  for (const std::string& line : missing)
    message += fmt::format("expected an error matching: {}\n", line);
  for (const std::string& line : unexpected)
    message += fmt::format("unexpected error: {}\n", line);
  return message;
}

}  // namespace

std::optional<PipelineScenario> PipelineScenario::prepare(const fs::path& test_file,
                                                          const fs::path& scratch) {
  fs::path case_folder = test_file.parent_path();
  std::optional<fs::path> spec_name;
  for (const std::string& name : pipelineSpecFileNames()) {
    if (fs::is_regular_file(case_folder / name))
      spec_name = name;
  }
  if (!spec_name)
    return std::nullopt;
  fs::path folder = scratch / "pipeline";
  fs::create_directories(folder);
  // The pipeline's own files; the test file and inputs the steps copy in stay behind.
  for (const auto& entry : fs::directory_iterator(case_folder)) {
    std::string name = entry.path().filename().string();
    if (entry.path() == test_file || name == "input")
      continue;
    fs::copy(entry.path(), folder / name, fs::copy_options::recursive);
  }
  return PipelineScenario(case_folder, folder, folder / *spec_name);
}

PipelineScenario::PipelineScenario(fs::path case_folder, fs::path folder, fs::path spec)
    : case_folder_(std::move(case_folder)), folder_(std::move(folder)), spec_(std::move(spec)) {}

SessionOptions PipelineScenario::sessionOptions() const {
  PipelineSpec spec = loadPipelineSpec(spec_.string());
  SessionOptions options;
  options.storage_dir = spec.storage;
  options.current_catalog = spec.catalog.value_or("");
  options.current_schema = spec.schema.value_or("");
  options.table_functions = sessionTableFunctions(options.storage_dir);
  return options;
}

std::optional<std::string> PipelineScenario::run(const Record& record) {
  std::vector<std::string> words = splitWords(record.sql);
  switch (record.kind) {
    case RecordKind::kCopyFile: {
      fs::path target = folder_ / words[1];
      fs::create_directories(target.parent_path());
      std::error_code error;
      fs::copy_file(case_folder_ / words[0], target, fs::copy_options::overwrite_existing, error);
      if (error)
        return fmt::format("cannot copy {}: {}\n", words[0], error.message());
      return std::nullopt;
    }
    case RecordKind::kRemoveFile: {
      std::error_code error;
      if (!fs::remove(folder_ / words[0], error))
        return fmt::format("cannot remove {}: {}\n", words[0],
                           error ? error.message() : "no such file");
      return std::nullopt;
    }
    case RecordKind::kPipelineDryRun: {
      PipelineDefinition definition = loadPipelineDefinition(spec_.string());
      GraphAnalysis analysis = validatePipeline(definition);
      return matchErrors(record.expected, analysis.errors);
    }
    case RecordKind::kPipelineRun:
    case RecordKind::kPipelineFail: {
      std::string problem;
      std::optional<UpdateOptions> options = parseOptions(record.sql, problem);
      if (!options)
        return problem + "\n";
      StateRecorder recorder;
      UpdateResult result;
      try {
        PipelineDefinition definition = loadPipelineDefinition(spec_.string());
        result = runPipelineUpdate(definition, *options, recorder);
      } catch (Error& error) {
        result.errors.push_back(std::move(error));
      }
      bool ok = result.validated && result.completed;
      if (record.kind == RecordKind::kPipelineFail) {
        if (ok)
          return "the update completed, but it was expected to fail\n";
        return matchErrors(record.expected, result.errors);
      }
      if (!ok) {
        std::string message = "the update failed:\n";
        for (const Error& error : result.errors)
          message += error.report() + "\n";
        return message;
      }
      if (record.expected.empty())
        return std::nullopt;
      std::vector<std::string> wanted = record.expected;
      std::sort(wanted.begin(), wanted.end());
      std::vector<std::string> actual = recorder.ends();
      if (wanted == actual)
        return std::nullopt;
      return fmt::format("the flows ended differently:\n{}", sideBySide(wanted, actual));
    }
    default:
      return "not a pipeline record\n";
  }
}

}  // namespace sluice::slt
