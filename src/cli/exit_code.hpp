// src/cli/exit_code.hpp
//
// The exit codes of the sluice command (DESIGN.md): 0 success, 1 a failure while running,
// 2 invalid input or usage.
#pragma once

#include "common/error/error.hpp"

namespace sluice {

enum ExitCode : int {
  kExitSuccess = 0,
  kExitFailure = 1,
  kExitInvalidInput = 2,
};

//! The exit code a command ends with after `error`.
ExitCode exitCodeForError(const Error& error);

}  // namespace sluice
