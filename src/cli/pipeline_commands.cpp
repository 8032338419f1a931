// src/cli/pipeline_commands.cpp
#include "cli/pipeline_commands.hpp"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "cli/exit_code.hpp"
#include "cli/update_display.hpp"
#include "pipeline/graph/graph_report.hpp"
#include "pipeline/pipeline_validation.hpp"
#include "pipeline/update/pipeline_update.hpp"

namespace sluice {

namespace {

//! The spec --spec names, or the one found from the current folder up.
std::string specPath(const std::string& given) {
  return given.empty() ? findPipelineSpec(std::filesystem::current_path().string()) : given;
}

//! Whether each materialized view can be refreshed incrementally, and why not.
std::string incrementalityText(const std::vector<ViewIncrementality>& views) {
  if (views.empty())
    return "";
  std::string text = "\nIncremental refresh of the materialized views:\n";
  for (const ViewIncrementality& view : views) {
    text += "  " + view.view->displayName() + ": ";
    if (view.reason) {
      text += "recomputed at every change (" + view.reason->issue_type +
              "): " + view.reason->message + "\n";
      continue;
    }
    std::string techniques;
    for (MaintenanceType technique : view.techniques)
      techniques += (techniques.empty() ? "" : ", ") + std::string(maintenanceTypeName(technique));
    std::string sources;
    for (const std::string& source : view.sources)
      sources += (sources.empty() ? "" : ", ") + source;
    text += "incremental when rows are appended to " + sources + " (" + techniques + ")\n";
  }
  return text;
}

class DryRunCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command = parent.add_subcommand(
        "dry-run",
        "Validate a pipeline: resolve every flow and report every error, reading and "
        "writing no data");
    command->add_option("--spec", spec_, "The pipeline spec (default: found from here up)");
    command->add_option("--format", format_, "How the report is printed")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    return command;
  }

  int run(std::ostream& out, std::ostream&) override {
    PipelineDefinition definition = loadPipelineDefinition(specPath(spec_));
    GraphAnalysis analysis = validatePipeline(definition);
    out << (format_ == "json" ? graphReportJson(analysis, definition.spec.name)
                              : graphReportText(analysis, definition.spec.name));
    if (!analysis.errors.empty())
      return kExitInvalidInput;
    if (format_ == "text")
      out << incrementalityText(describeViewIncrementality(definition, analysis));
    return kExitSuccess;
  }

 private:
  std::string spec_;
  std::string format_ = "text";
};

class GraphCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command =
        parent.add_subcommand("graph", "Print a pipeline's datasets and flows as a graph");
    command->add_option("--spec", spec_, "The pipeline spec (default: found from here up)");
    command->add_option("--format", format_, "dot (Graphviz), mermaid or json")
        ->check(CLI::IsMember({"dot", "mermaid", "json"}))
        ->capture_default_str();
    return command;
  }

  int run(std::ostream& out, std::ostream& err) override {
    PipelineDefinition definition = loadPipelineDefinition(specPath(spec_));
    GraphAnalysis analysis = validatePipeline(definition);
    GraphFormat format = format_ == "mermaid" ? GraphFormat::kMermaid
                         : format_ == "json"  ? GraphFormat::kJson
                                              : GraphFormat::kDot;
    out << graphDiagram(analysis, definition.spec.name, format);
    if (!analysis.errors.empty()) {
      err << analysis.errors.size() << " error(s) in the pipeline; `sluice dry-run` lists them.\n";
      return kExitInvalidInput;
    }
    return kExitSuccess;
  }

 private:
  std::string spec_;
  std::string format_ = "dot";
};

//! Splits comma-separated lists of names, as spark-pipelines' --refresh takes them.
std::vector<std::string> nameList(const std::vector<std::string>& values) {
  std::vector<std::string> names;
  for (const std::string& value : values) {
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      std::string name =
          value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      size_t first = name.find_first_not_of(" \t");
      size_t last = name.find_last_not_of(" \t");
      if (first != std::string::npos)
        names.push_back(name.substr(first, last - first + 1));
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }
  return names;
}

class RunCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command = parent.add_subcommand(
        "run", "Run an update of a pipeline: every flow processes its new input");
    command->add_option("--spec", spec_, "The pipeline spec (default: found from here up)");
    command->add_option("--full-refresh", full_refresh_,
                        "Datasets to truncate and recompute from all their input (a,b)");
    command->add_flag("--full-refresh-all", full_refresh_all_,
                      "Truncate and recompute every dataset");
    command->add_option("--refresh", refresh_, "Datasets to update (a,b); the others are left");
    return command;
  }

  int run(std::ostream& out, std::ostream& err) override {
    PipelineDefinition definition = loadPipelineDefinition(specPath(spec_));
    UpdateOptions options;
    options.full_refresh = nameList(full_refresh_);
    options.refresh = nameList(refresh_);
    options.full_refresh_all = full_refresh_all_;
    // Redrawn in place only on a terminal; a pipe or a log gets plain lines.
    bool live = &out == &std::cout && ::isatty(STDOUT_FILENO) != 0;
    UpdateDisplay display(out, live);
    UpdateResult result = runPipelineUpdate(definition, options, display);
    out.flush();
    for (const Error& error : result.errors)
      err << error.report() << "\n";
    if (!result.validated)
      return kExitInvalidInput;
    return result.completed ? kExitSuccess : kExitFailure;
  }

 private:
  std::string spec_;
  std::vector<std::string> full_refresh_;
  std::vector<std::string> refresh_;
  bool full_refresh_all_ = false;
};

}  // namespace

std::unique_ptr<Command> makeRunCommand() {
  return std::make_unique<RunCommand>();
}

std::unique_ptr<Command> makeDryRunCommand() {
  return std::make_unique<DryRunCommand>();
}

std::unique_ptr<Command> makeGraphCommand() {
  return std::make_unique<GraphCommand>();
}

}  // namespace sluice
