// src/python/python_query_producer.hpp
//
// Python definitions whose query function asked for the schemas of what it reads, as
// deferred definitions of the graph. The graph analysis calls their producer once those can
// be described; it runs the query function again, its DataFrames described by binding their
// queries through the analysis, and registers the statement the definition then makes.
#pragma once

#include <pybind11/pybind11.h>

#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/library_registration.hpp"

namespace sluice {

//! What the DataFrame of a query function learns of its query (sluice._schemas.describe):
//! ("columns", [(name, type name)], streaming), ("waiting", ""), or ("error", class, message).
pybind11::tuple describeForPython(const QueryShapeLookup& lookup, const std::string& query);

//! Adds a definition the registration module reports waiting for schemas (register_file's
//! third result: its line and text, description, dataset or target name parts, spark_conf and
//! the definition) to `graph` as a deferred definition that runs it again when the graph
//! analysis asks. Throws Error for a name that cannot be qualified.
void addPythonDeferred(pybind11::handle reported, const LibraryFile& file,
                       const RegistrationDefaults& defaults, DataflowGraph& graph);

}  // namespace sluice
