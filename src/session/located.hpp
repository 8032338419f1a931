// src/session/located.hpp
//
// The session's statements report an error at the statement that raised it, unless the error
// points somewhere already (at an expression of it, say).
#pragma once

#include "common/error/error.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

//! Runs `run` and returns what it returns; its errors point at `statement` unless they point
//! somewhere already.
template <typename Run>
auto locatedAt(const sql::Statement& statement, Run run) {
  try {
    return run();
  } catch (Error& error) {
    error.withLocation(statement.locate(statement.position));
    throw;
  }
}

}  // namespace sluice
