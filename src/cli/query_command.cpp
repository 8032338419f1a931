// src/cli/query_command.cpp
//
// The query subcommand: reads the SQL (argument, file or standard input), runs it in a Session
// over --storage with the --conf settings set and the --param values bound to its parameter
// markers, and writes the results in --format.
#include "cli/query_command.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/exit_code.hpp"
#include "cli/result_format.hpp"
#include "pipeline/query_session_options.hpp"
#include "pipeline/spec/pipeline_spec.hpp"
#include "session/session.hpp"

namespace sluice {

namespace {

class QueryCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command = parent.add_subcommand("query", "Run SQL statements and print the results");
    command->add_option("sql", sql_, "The SQL text: one or more statements separated by ';'");
    command->add_option("-f,--file", file_, "Read the SQL from FILE ('-' for standard input)");
    storage_option_ =
        command
            ->add_option("--storage", storage_,
                         "The folder that holds tables and the catalog (default: the storage of "
                         "the pipeline whose spec is found from here up, else .sluice)")
            ->capture_default_str();
    command
        ->add_option("--spec", spec_, "Query a pipeline's tables: its storage, catalog and schema")
        ->excludes(storage_option_);
    command
        ->add_option(
            "--param", params_,
            "Bind a parameter marker: NAME=VALUE binds :NAME, a VALUE alone the next ? "
            "(repeatable). "
            "VALUE is the text of a constant SQL expression: 5, \"'abc'\", \"DATE'2024-01-01'\", "
            "\"array(1, 2)\"")
        // One value per --param, so that the SQL after it stays the positional argument.
        ->allow_extra_args(false);
    command
        ->add_option("--conf", confs_,
                     "Set a setting before the SQL runs: KEY=VALUE, as SET KEY = VALUE "
                     "(repeatable): --conf sluice.memoryLimit=2g")
        ->allow_extra_args(false);
    command->add_option("--format", format_name_, "How results are printed")
        ->check(CLI::IsMember({"table", "csv", "json"}))
        ->capture_default_str();
    return command;
  }

  int run(std::ostream& out, std::ostream& err) override {
    if (sql_.empty() == file_.empty()) {
      err << "sluice query: give the SQL as an argument or with -f FILE (not both)\n";
      return kExitInvalidInput;
    }
    std::string source_name = "<query>";
    std::string text = sql_;
    if (!file_.empty()) {
      source_name = file_ == "-" ? "<stdin>" : file_;
      if (!readSql(text, err))
        return kExitInvalidInput;
    }
    QueryParameters parameters;
    if (!parseParameters(parameters, err))
      return kExitInvalidInput;
    std::vector<std::pair<std::string, std::string>> confs;
    for (const std::string& conf : confs_) {
      size_t equals = conf.find('=');
      if (equals == std::string::npos || equals == 0) {
        err << fmt::format("sluice query: --conf {} is not KEY=VALUE\n", conf);
        return kExitInvalidInput;
      }
      confs.emplace_back(conf.substr(0, equals), conf.substr(equals + 1));
    }
    OutputFormat format = parseOutputFormat(format_name_).value_or(OutputFormat::kTable);
    try {
      std::string spec_path = spec_;
      if (spec_path.empty() && storage_option_->count() == 0)
        spec_path = specNearby();
      Session session(querySessionOptions(storage_, spec_path));
      for (const auto& [key, value] : confs)
        session.set(key, value);
      bool first = true;
      // Each result is printed as soon as its statement has run, so that the output of a
      // script that fails part-way shows everything before the failure.
      session.execute(text, source_name, parameters, [&](StatementResult&& result) {
        if (result.numColumns() == 0)
          return;
        // Tables are separated by a blank line; CSV and JSON lines simply follow each other.
        if (!first && format == OutputFormat::kTable)
          out << '\n';
        writeResult(out, result, format);
        first = false;
      });
      out.flush();
    } catch (const Error& error) {
      out.flush();
      err << error.report() << '\n';
      return exitCodeForError(error);
    }
    return kExitSuccess;
  }

 private:
  //! The spec of the pipeline the current folder is in, if any.
  static std::string specNearby() {
    try {
      return findPipelineSpec(std::filesystem::current_path().string());
    } catch (const Error&) {
      return {};
    }
  }

  //! Splits the --param values: `name=value` when the text before the first '=' is a name,
  //! else a positional value. As spark.sql takes either a map or an array, not both, the two
  //! kinds do not mix.
  bool parseParameters(QueryParameters& parameters, std::ostream& err) const {
    for (const std::string& param : params_) {
      size_t equals = param.find('=');
      std::string_view name = std::string_view(param).substr(0, equals);
      bool named = equals != std::string::npos && isParameterName(name);
      if (named) {
        if (!parameters.named.emplace(name, param.substr(equals + 1)).second) {
          err << fmt::format("sluice query: --param {} is given twice\n", name);
          return false;
        }
      } else {
        parameters.positional.push_back(param);
      }
    }
    if (!parameters.named.empty() && !parameters.positional.empty()) {
      err << "sluice query: --param values are either all named (NAME=VALUE) or all "
             "positional (VALUE), not both\n";
      return false;
    }
    return true;
  }

  static bool isParameterName(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
      return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
  }

  bool readSql(std::string& text, std::ostream& err) const {
    std::ostringstream buffer;
    if (file_ == "-") {
      buffer << std::cin.rdbuf();
    } else {
      std::ifstream stream(file_, std::ios::binary);
      if (!stream) {
        err << fmt::format("sluice query: cannot read {}\n", file_);
        return false;
      }
      buffer << stream.rdbuf();
    }
    text = buffer.str();
    return true;
  }

  std::string sql_;
  std::string file_;
  std::string storage_ = ".sluice";
  std::string spec_;
  CLI::Option* storage_option_ = nullptr;
  std::string format_name_ = "table";
  std::vector<std::string> params_;
  std::vector<std::string> confs_;
};

}  // namespace

std::unique_ptr<Command> makeQueryCommand() {
  return std::make_unique<QueryCommand>();
}

}  // namespace sluice
