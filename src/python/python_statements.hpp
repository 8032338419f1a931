// src/python/python_statements.hpp
//
// What a Python file's definitions hand to the graph: the statements they make, registered
// like a SQL file's at the line of their definition, and their errors, located in the file.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/sql_registration.hpp"

namespace sluice {

//! An error as the registration module reports it: class, message (with the traceback), line
//! and the text of that line; line 0 when it has none.
using PythonError = std::tuple<std::string, std::string, uint32_t, std::string>;

//! Appends `python_errors` of the file `source_name` to `errors`, located at their lines.
void appendPythonErrors(const std::vector<PythonError>& python_errors,
                        const std::string& source_name, std::vector<Error>& errors);

//! Registers the statement a definition at `line` of `source_name` made into `graph`.
void registerPythonStatement(uint32_t line, const std::string& statement,
                             const std::string& source_name, const RegistrationDefaults& defaults,
                             DataflowGraph& graph, std::vector<Error>& errors);

}  // namespace sluice
