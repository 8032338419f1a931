// src/pipeline/graph/deferred_production.hpp
//
// Production of a graph's deferred definitions, as Spark calls a query function once the
// datasets it reads are resolved. It goes in rounds: each resolves the schemas the graph has
// so far and asks every waiting definition for its statement, described through the binder;
// one that still reads an unresolved dataset waits for the next round. When a round produces
// nothing, the definitions left wait on each other or on a dataset that cannot resolve, and
// fail with an error naming what they wait for.
#pragma once

#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/graph/graph_analysis.hpp"

namespace sluice {

//! Produces the deferred definitions of `graph` into its datasets and flows. Those produced
//! leave `graph.deferred`; those that fail stay in it, failed, so that their readers fail with
//! UPSTREAM_FAILURE. Problems are appended to `errors`.
void produceDeferredDefinitions(DataflowGraph& graph, const BindingEnvironment& environment,
                                std::vector<Error>& errors);

}  // namespace sluice
