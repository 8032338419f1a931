// src/session/session_variables.hpp
//
// The session variables of a query session, as Spark 4 has them: DECLARE VARIABLE gives one a
// type and a value (its DEFAULT, or NULL), SET VARIABLE and EXECUTE IMMEDIATE ... INTO assign
// it (cast to its type, with ANSI errors), DROP TEMPORARY VARIABLE drops it, and expressions
// read it by name where no column answers to the name (planner/binder/bind_context.hpp). A
// variable lives in `system.session`, so its name may be written `v`, `session.v` or
// `system.session.v`, in any case.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "session/catalog_statements.hpp"
#include "session/statement_result.hpp"
#include "sql/ast/variable_statement.hpp"

namespace sluice {

//! UNRESOLVED_VARIABLE for `name` (as written): no variable of `system`.`session` has it.
Error unresolvedVariableError(const std::vector<std::string>& name);

class SessionVariables : public VariableResolver {
 public:
  const Value* findVariable(const std::string& name) const override;

  //! DECLARE [OR REPLACE] VARIABLE: VARIABLE_ALREADY_EXISTS,
  //! DUPLICATE_VARIABLE_NAME_INSIDE_DECLARE, INVALID_DEFAULT_VALUE.SUBQUERY_EXPRESSION, and the
  //! errors of casting the default.
  StatementResult declare(const std::shared_ptr<const sql::Statement>& statement,
                          CatalogSession& session);
  //! SET VARIABLE: DUPLICATE_ASSIGNMENTS, ASSIGNMENT_ARITY_MISMATCH,
  //! ROW_SUBQUERY_TOO_MANY_ROWS, UNRESOLVED_VARIABLE.
  StatementResult set(const sql::SetVariableStatement& statement, CatalogSession& session);
  //! DROP TEMPORARY VARIABLE: VARIABLE_NOT_FOUND unless IF EXISTS.
  StatementResult drop(const sql::DropVariableStatement& statement);
  //! Assigns the one row of a query's output (none: NULLs) to the variables `names`, for
  //! EXECUTE IMMEDIATE ... INTO `statement`.
  void assignRow(const sql::Statement& statement,
                 const std::vector<std::vector<std::string>>& names, const QueryOutput& output,
                 const ExecContext& context);
  //! UNSUPPORTED_FEATURE.SET_VARIABLE_USING_SET when the key of SET key = value names a
  //! variable.
  void checkNotVariable(const sql::SetStatement& statement) const;

 private:
  struct Variable {
    Value value;
    //! The DECLARE statement, whose default SET VARIABLE v = DEFAULT evaluates again.
    std::shared_ptr<const sql::Statement> declaration;
  };

  //! The folded name of the variable `name` (as written) of `statement`: UNRESOLVED_VARIABLE
  //! for a name outside `system.session`.
  static std::string resolveName(const sql::Statement& statement,
                                 const std::vector<std::string>& name);
  //! The variables assigned to by `names` of `statement`: DUPLICATE_ASSIGNMENTS for one named
  //! twice, UNRESOLVED_VARIABLE for one never declared (as Spark reports an unknown target).
  std::vector<Variable*> assignmentTargets(const sql::Statement& statement,
                                           const std::vector<std::vector<std::string>>& names);
  //! The value of the variable's DEFAULT (NULL without one), in its type.
  static Value defaultValue(const Variable& variable, CatalogSession& session);

  std::map<std::string, Variable> variables_;
};

}  // namespace sluice
