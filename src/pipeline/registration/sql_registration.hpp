// src/pipeline/registration/sql_registration.hpp
//
// Turns the statements of a pipeline's SQL files into the datasets and flows of its graph, as
// Spark's SqlGraphRegistrationContext does. Definitions are order-independent: a statement
// only registers what it declares, and names are resolved later against the whole graph. SET
// and USE apply to the statements after them in the same file.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"

namespace sluice {

//! Where a file's statements start: the spec's catalog, schema and configuration.
struct RegistrationDefaults {
  std::string catalog;
  std::string schema;
  std::map<std::string, std::string> configuration;
};

//! Registers every statement of the SQL text of one file into `graph`. `source_name` names
//! the file in locations (its path relative to the spec). A problem with one statement (a
//! syntax error too) is appended to `errors`, and the statements after it are still
//! registered.
void registerSqlFile(const std::string& text, const std::string& source_name,
                     const RegistrationDefaults& defaults, DataflowGraph& graph,
                     std::vector<Error>& errors);

//! Registers statements as registerSqlFile does, without substituting `${key}` parameters:
//! for statements another layer generated (a Python file's datasets and flows), whose text
//! already holds its values.
void registerSqlText(const std::string& text, const std::string& source_name,
                     const RegistrationDefaults& defaults, DataflowGraph& graph,
                     std::vector<Error>& errors);

}  // namespace sluice
