// src/pipeline/graph/graph_validation.hpp
//
// The checks of a registered graph, each a small named function that appends the errors of
// one rule, as Spark's DataflowGraph.validationFailure lists them. The structural checks need
// only the registered elements; the flow checks need what resolution learnt (which flows read
// streams, what each read). To add a rule, add a function and call it from the list in
// validateStructure or validateResolvedFlows.
#pragma once

#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"

namespace sluice {

struct GraphAnalysis;

//! Duplicate names, flow names and targets, datasets without flows, materialized views with
//! several queries, AUTO CDC targets, table clauses, an empty pipeline. `hive_metastore` as
//! the pipeline's catalog refuses managed tables.
void validateStructure(const DataflowGraph& graph, std::vector<Error>& errors);

//! The kinds of queries each target accepts (streaming or batch) and cycles between datasets.
void validateResolvedFlows(const GraphAnalysis& analysis, std::vector<Error>& errors);

}  // namespace sluice
