// src/cli/cli_app.hpp
//
// The `sluice` command line: global flags (--help, --version) and one subcommand per file of
// src/cli (query, ...).
#pragma once

#include <ostream>

namespace sluice {

//! Parses the arguments, runs the chosen subcommand and returns the process exit code.
int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sluice
