// src/cli/pipeline_commands.hpp
//
// The pipeline subcommands: `sluice run` runs an update; `sluice dry-run` validates a pipeline and
// prints its graph and every error (exit 2 when there is one); `sluice graph` prints the graph as
// Graphviz dot, Mermaid or JSON. The spec comes from --spec or is searched for from the current
// folder up.
#pragma once

#include <memory>

#include "cli/command.hpp"

namespace sluice {

std::unique_ptr<Command> makeRunCommand();
std::unique_ptr<Command> makeDryRunCommand();
std::unique_ptr<Command> makeGraphCommand();

}  // namespace sluice
