// src/session/parameter_binding.hpp
//
// The values a session binds to parameter markers, checked as Spark checks them: the
// arguments of `sluice query --param` (spark.sql(sqlText, args)) must be constant expressions
// (INVALID_SQL_ARG); EXECUTE IMMEDIATE's query text must be a constant, non-NULL STRING and its
// USING values constants (UNSUPPORTED_EXPR_FOR_PARAMETER). The parser puts the values in place
// of the markers (sql/parameter_markers.hpp).
#pragma once

#include <string>

#include "planner/binder/bind_context.hpp"
#include "session/session.hpp"
#include "sql/ast/statement.hpp"
#include "sql/parameter_markers.hpp"

namespace sluice {

//! Checks the values of `sluice query --param` and returns them for the parser. A value that
//! does not parse fails at its text (named `--param name`); one that is not constant fails
//! with INVALID_SQL_ARG naming the parameter.
sql::ParameterValues bindQueryParameters(const QueryParameters& parameters,
                                         const BindContext& context);

//! The statement EXECUTE IMMEDIATE runs: its query text, computed and parsed with the markers
//! bound to the USING values. Raises NESTED_EXECUTE_IMMEDIATE for an EXECUTE IMMEDIATE text.
//! Lets the identifier clauses of statements parsed with `values` name the session variables
//! of `context`, read as each statement is parsed: IDENTIFIER(v).
void bindIdentifierVariables(sql::ParameterValues& values, const BindContext& context);

sql::StatementPtr parseExecuteImmediate(const sql::ExecuteImmediateStatement& execute,
                                        const BindContext& context);

}  // namespace sluice
