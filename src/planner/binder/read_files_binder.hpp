// src/planner/binder/read_files_binder.hpp
//
// read_files(path [, option => value]...), Databricks' table-valued function over files:
// lists the files the path names, reads the options, and takes the schema from the `schema`
// option or infers it from a sample of every file (then applies `schemaHints`). The result is
// a file scan whose columns are the data columns, the rescued data column (JSON, CSV) and the
// hidden `_metadata` column.
#pragma once

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/expression.hpp"

namespace sluice {

LogicalOperatorPtr bindReadFiles(const sql::FunctionCallExpr& call, const BindContext& context,
                                 const sql::Statement& statement);

}  // namespace sluice
