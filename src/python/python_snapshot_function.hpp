// src/python/python_snapshot_function.hpp
//
// Python's AUTO CDC FROM SNAPSHOT flows whose source is a function
// (create_auto_cdc_from_snapshot_flow(source=next_snapshot_and_version)). Such a flow is a
// deferred definition of the graph: the graph analysis calls the function with the version of
// the last snapshot the flow's state holds, and registers the flow with the query of the
// snapshot it returns; when it returns none, the columns the state kept stand for it. The
// registered flow keeps the function (snapshot_function.hpp), which each update calls again.
#pragma once

#include <pybind11/pybind11.h>

#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/library_registration.hpp"

namespace sluice {

//! Adds a flow the registration module reports with a function as its snapshot source
//! (register_file's fifth result: its line and text, description, target name parts and the
//! flow) to `graph` as a deferred definition. Throws Error for a name that cannot be qualified.
void addPythonSnapshotFlow(pybind11::handle reported, const LibraryFile& file,
                           const RegistrationDefaults& defaults, DataflowGraph& graph);

}  // namespace sluice
