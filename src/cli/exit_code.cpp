// src/cli/exit_code.cpp
//
// Which error classes mean "the input is invalid" (exit 2) rather than "running it failed"
// (exit 1).
#include "cli/exit_code.hpp"

#include <string_view>

namespace sluice {

// Parse and analysis errors say the SQL itself is wrong: running it again cannot succeed, so
// they exit 2 like a usage error. Everything else (DIVIDE_BY_ZERO, CAST_INVALID_INPUT, I/O)
// happened while executing and exits 1. UNRESOLVED_* and MISSING_* are matched by prefix so
// that classes added to error_classes.def later are classified without touching this list.
ExitCode exitCodeForError(const Error& error) {
  std::string_view name = errorClassName(error.errorClass());
  if (name.starts_with("UNRESOLVED_") || name.starts_with("MISSING_")) return kExitInvalidInput;
  switch (error.errorClass()) {
    case ErrorClass::AMBIGUOUS_REFERENCE:
    case ErrorClass::CANNOT_PARSE_DATATYPE:
    case ErrorClass::DATATYPE_MISMATCH:
    case ErrorClass::INVALID_SQL_SYNTAX:
    case ErrorClass::INVALID_TYPED_LITERAL:
    case ErrorClass::NOT_SUPPORTED:
    case ErrorClass::PARSE_SYNTAX_ERROR:
    case ErrorClass::TABLE_OR_VIEW_NOT_FOUND:
    case ErrorClass::UNSUPPORTED_DATATYPE:
    case ErrorClass::USAGE_ERROR:
    case ErrorClass::WRONG_NUM_ARGS:
      return kExitInvalidInput;
    default:
      return kExitFailure;
  }
}

}  // namespace sluice
