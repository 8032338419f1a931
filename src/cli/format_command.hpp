// src/cli/format_command.hpp
//
// `sluice format FILE...`: prints SQL files in their canonical layout; `--check` only reports
// the files that would change, `--in-place` rewrites them.
#pragma once

#include <memory>

#include "cli/command.hpp"

namespace sluice {

std::unique_ptr<Command> makeFormatCommand();

}  // namespace sluice
