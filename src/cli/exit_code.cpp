// src/cli/exit_code.cpp
//
// Which errors mean "the input is invalid" (exit 2) rather than "running it failed" (exit 1).
#include "cli/exit_code.hpp"

#include <string_view>

namespace sluice {

// The SQLSTATE class decides, as it does for Spark's clients: 42 (syntax error or access
// rule violation: parse and analysis errors) and 0A (feature not supported) say the input
// itself is wrong, so running it again cannot succeed. Everything else (22 data exceptions
// such as DIVIDE_BY_ZERO, I/O, internal errors) happened while executing.
int exitCodeForError(const Error& error) {
  std::string_view sql_state = errorClassSqlState(error.errorClass());
  if (sql_state.starts_with("42") || sql_state.starts_with("0A"))
    return kExitInvalidInput;
  return kExitFailure;
}

}  // namespace sluice
