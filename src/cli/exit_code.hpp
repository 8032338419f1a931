// src/cli/exit_code.hpp
//
// The exit codes of the sluice command (DESIGN.md): 0 success, 1 a failure while running,
// 2 invalid input or usage.
#pragma once

#include "common/error/error.hpp"

namespace sluice {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitInvalidInput = 2;

//! The exit code a command ends with after `error`: kExitInvalidInput or kExitFailure.
int exitCodeForError(const Error& error);

}  // namespace sluice
