// src/pipeline/registration/sink_registration.hpp
//
// Registers an external sink (Python's dp.create_sink) into the graph. Spark's pipelines
// take a sink's format and options as they are and fail when the flow starts; sluice checks
// them here, so that a dry run reports a format it cannot write: delta (a `path` or a
// `tableName`) and the file formats parquet, json and csv (a `path` folder). Event streaming
// services (kafka, eventhubs) are NOT_SUPPORTED, any other name DATA_SOURCE_NOT_FOUND.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/sql_registration.hpp"

namespace sluice {

//! A sink as its definition gives it, before it is checked.
struct SinkDefinition {
  std::string name;
  std::string format;
  std::map<std::string, std::string> options;
  //! Where it was defined (the Python file and line).
  SourceLocation origin;
};

//! Adds the sink to `graph`, named in the defaults' catalog and schema; a format or options
//! sluice cannot write append an error to `errors` instead.
void registerSink(const SinkDefinition& definition, const RegistrationDefaults& defaults,
                  DataflowGraph& graph, std::vector<Error>& errors);

}  // namespace sluice
