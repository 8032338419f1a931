// src/cli/cli_app.cpp
//
// Builds the parser from the subcommands, maps parse failures to exit code 2 and turns any
// escaped exception into an error report instead of a crash.
#include "cli/cli_app.hpp"

#include <memory>
#include <vector>

#include "cli/command.hpp"
#include "cli/exit_code.hpp"
#include "cli/format_command.hpp"
#include "cli/init_command.hpp"
#include "cli/pipeline_commands.hpp"
#include "cli/query_command.hpp"
#include "common/error/error.hpp"

// The build passes the project's version; the fallback keeps a stand-alone compile working.
#ifndef SLUICE_VERSION
#define SLUICE_VERSION "0.1.0"
#endif

namespace sluice {

int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app("sluice runs Spark declarative pipelines (SQL and Python) on one machine", "sluice");
  app.set_version_flag("--version", "sluice " SLUICE_VERSION);
  app.require_subcommand(1);

  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(makeQueryCommand());
  commands.push_back(makeFormatCommand());
  commands.push_back(makeInitCommand());
  commands.push_back(makeRunCommand());
  commands.push_back(makeDryRunCommand());
  commands.push_back(makeGraphCommand());
  std::vector<CLI::App*> subcommands;
  for (const auto& command : commands)
    subcommands.push_back(command->attach(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int code = app.exit(error, out, err);
    return code == 0 ? kExitSuccess : kExitInvalidInput;
  }
  try {
    for (size_t i = 0; i < commands.size(); ++i) {
      if (subcommands[i]->parsed())
        return commands[i]->run(out, err);
    }
  } catch (const Error& error) {
    err << error.report() << '\n';
    return exitCodeForError(error);
  } catch (const std::exception& error) {
    err << Error(ErrorClass::INTERNAL_ERROR, error.what()).report() << '\n';
    return kExitFailure;
  }
  return kExitInvalidInput;
}

}  // namespace sluice
