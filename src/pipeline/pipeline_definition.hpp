// src/pipeline/pipeline_definition.hpp
//
// A pipeline as its folder defines it: the spec, and the graph its source files register.
// Problems of single statements (a syntax error, a statement a pipeline does not take) are
// kept beside the graph, so that a dry run reports them all at once.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/spec/pipeline_spec.hpp"

namespace sluice {

struct PipelineDefinition {
  PipelineSpec spec;
  //! The source files, absolute, in the order they were registered.
  std::vector<std::string> files;
  DataflowGraph graph;
  std::vector<Error> registration_errors;
  //! The catalog and schema unqualified names resolve in.
  std::string catalog;
  std::string schema;
};

//! Loads the spec at `spec_path` and registers its source files. Spec errors throw; problems
//! in the files are collected.
PipelineDefinition loadPipelineDefinition(const std::string& spec_path);

}  // namespace sluice
