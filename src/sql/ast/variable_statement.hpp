// src/sql/ast/variable_statement.hpp
//
// The statements of session variables (Spark 4): DECLARE VARIABLE, SET VARIABLE and DROP
// TEMPORARY VARIABLE. Their values come from queries the parser builds around the expressions
// written (`SELECT default`, `SELECT e1, e2, ...`), so that the session evaluates them as any
// query, scalar subqueries and errors located in the statement included.
#pragma once

#include <string>
#include <vector>

#include "sql/ast/query.hpp"
#include "sql/ast/statement.hpp"

namespace sluice::sql {

//! DECLARE [OR REPLACE] [VARIABLE | VAR] name [, ...] [type] [{DEFAULT | =} expr]. At least
//! one of the type and the default is there.
class DeclareVariableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDeclareVariable;
  explicit DeclareVariableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool or_replace = false;
  //! Each name as written (`v`, `session.v`, `system.session.v`).
  std::vector<std::vector<std::string>> names;
  std::optional<DataType> type;
  //! SELECT default, or null without a default (the variables start NULL).
  QueryPtr default_query;
};

//! SET {VARIABLE | VAR} name = {expr | DEFAULT} [, ...], or SET {VARIABLE | VAR} (name [, ...])
//! = (query).
class SetVariableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kSetVariable;
  explicit SetVariableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  //! The targets, as written.
  std::vector<std::vector<std::string>> names;
  //! The first form: SELECT e1, e2, ... with one item per target (NULL where the target is set
  //! to its DEFAULT). The second: the query, whose one row (or none) gives the values.
  QueryPtr query;
  //! The first form: whether each target is set to its DEFAULT; empty for the second form.
  std::vector<bool> to_default;
  bool row_form = false;
};

//! DROP TEMPORARY {VARIABLE | VAR} [IF EXISTS] name.
class DropVariableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropVariable;
  explicit DropVariableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
};

}  // namespace sluice::sql
