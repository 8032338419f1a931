// src/session/function_statements.hpp
//
// CREATE FUNCTION and DROP FUNCTION of persistent SQL functions: a function lives in a schema of
// the catalog beside the tables, as its statement's text, and any later session, pipeline or
// row filter calls it by name (planner/binder/sql_function_binder.hpp binds the calls). The
// temporary functions of a session stay in the session.
#pragma once

#include <memory>

#include "session/catalog_statements.hpp"
#include "session/statement_result.hpp"

namespace sluice {

//! CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS] name(...) RETURN ...: checks the definition as
//! Spark does at CREATE (its body binds over its parameters and refers to no temporary
//! function: INVALID_TEMP_OBJ_REFERENCE), then records it; ROUTINE_ALREADY_EXISTS.
StatementResult runCreateCatalogFunction(const std::shared_ptr<const sql::Statement>& statement,
                                         CatalogSession& session);

//! DROP FUNCTION [IF EXISTS] name: ROUTINE_NOT_FOUND.
StatementResult runDropCatalogFunction(const sql::DropFunctionStatement& drop,
                                       CatalogSession& session);

}  // namespace sluice
