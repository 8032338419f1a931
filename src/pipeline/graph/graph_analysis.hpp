// src/pipeline/graph/graph_analysis.hpp
//
// Resolution of a registered graph, as Spark resolves a DataflowGraph: first its deferred
// definitions (query functions that read schemas) are produced (deferred_production.hpp);
// then every flow's query is bound against the schemas of its inputs, in dependency order (a
// flow whose input is not resolved yet is bound again once it is), views first being bound on
// their own to learn their columns and whether they read a stream. A stored dataset's schema is its
// declared columns, or else the union by name of its flows' outputs. Then the graph is validated:
// every problem becomes an error located at the definition it concerns, and the flows
// downstream of a failed one fail with UPSTREAM_FAILURE. Nothing is read but schemas.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/graph/pipeline_relations.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! What binding needs beyond the graph: tables of the catalog outside the pipeline, the table
//! functions, and how datasets and files are read (no rows while validating).
struct BindingEnvironment {
  const Catalog* catalog = nullptr;
  const TableFunctionRegistry* table_functions = nullptr;
  const DatasetReads* reads = nullptr;
  const FileStreamSelector* file_stream = nullptr;
  //! The spec's folder: relative paths of read_files are read from it.
  std::string relative_path_base;
};

struct FlowAnalysis {
  const Flow* flow = nullptr;
  DatasetState::Status status = DatasetState::Status::kPending;
  //! The query's columns, in order.
  std::vector<StructField> output;
  RelationReads reads;
};

struct DatasetAnalysis {
  const Dataset* dataset = nullptr;
  std::string key;  // datasetKey, or temporaryViewKey for a temporary view
  DatasetState state;
  RelationReads reads;  // views: what their query reads
};

struct GraphAnalysis {
  //! The graph resolved: the registered one, or, when it has deferred definitions,
  //! `produced_graph`, which holds their datasets and flows too.
  const DataflowGraph* graph = nullptr;
  std::shared_ptr<const DataflowGraph> produced_graph;
  std::vector<FlowAnalysis> flows;        // in the order of graph->flows
  std::vector<DatasetAnalysis> datasets;  // in the order of graph->datasets
  std::vector<Error> errors;

  const DatasetAnalysis* dataset(const std::string& key) const;
  //! The states of every dataset, keyed as PipelineRelations expects.
  std::map<std::string, DatasetState> states() const;
  //! The resolved flows, each after the flows that write what it reads.
  std::vector<const FlowAnalysis*> flowOrder() const;
};

//! Resolves and validates `graph`; `errors` holds what registration reported already.
GraphAnalysis analyzeGraph(const DataflowGraph& graph, const BindingEnvironment& environment,
                           std::vector<Error> errors);

//! The states of `graph`'s datasets as far as they resolve, nothing reported: what deferred
//! definitions read while some are not produced yet.
std::map<std::string, DatasetState> resolveSchemasSoFar(const DataflowGraph& graph,
                                                        const BindingEnvironment& environment);

//! Binds `query` of `statement` with the pipeline's names as `relations` resolves them, in the
//! context `reader`; the plan is not optimized.
LogicalOperatorPtr bindWithRelations(const sql::Statement& statement, const sql::Query& query,
                                     const RegistrationContext& reader,
                                     const PipelineRelations& relations,
                                     const BindingEnvironment& environment);

//! Binds the query of `flow` (resolved in `analysis`) for execution, reading datasets and
//! files through `environment`; `relations_out`, when given, receives what it read.
LogicalOperatorPtr bindFlowQuery(const GraphAnalysis& analysis, const PipelineViews& views,
                                 const Flow& flow, const BindingEnvironment& environment,
                                 RelationReads* reads_out = nullptr);

//! A plan's columns as fields (nullable), in order.
std::vector<StructField> outputColumns(const LogicalOperator& plan);

//! The time zone, memory limit (sluice.memoryLimit) and other settings that the spec's
//! configuration and a statement's SET values give its queries.
ExecContext executionContext(const RegistrationContext& context);

}  // namespace sluice
