// src/cli/command.hpp
//
// A subcommand of `sluice` (query, and later run and format): it declares its options on the
// command line parser and, when the user chose it, runs and returns the process exit code.
#pragma once

#include <ostream>

#include <CLI/CLI.hpp>

namespace sluice {

class Command {
 public:
  virtual ~Command() = default;
  //! Adds the subcommand and its options to `parent`; returns the subcommand.
  virtual CLI::App* attach(CLI::App& parent) = 0;
  //! Runs after a successful parse; results go to `out`, diagnostics to `err`.
  virtual int run(std::ostream& out, std::ostream& err) = 0;
};

}  // namespace sluice
