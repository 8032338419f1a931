// src/cli/query_command.hpp
//
// `sluice query "SQL"` / `sluice query -f FILE`: runs SQL statements in one session and prints
// each result that has columns.
#pragma once

#include <memory>

#include "cli/command.hpp"

namespace sluice {

std::unique_ptr<Command> makeQueryCommand();

}  // namespace sluice
