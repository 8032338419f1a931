// src/pipeline/graph/graph_report.hpp
//
// A resolved graph as people and tools read it: the text of `sluice dry-run` (every dataset
// with its columns and flows, then every error with its location), JSON for orchestrators
// (datasets, flows, edges, schemas, errors), and the graph alone as Graphviz dot or Mermaid.
#pragma once

#include <string>

#include "pipeline/graph/graph_analysis.hpp"

namespace sluice {

//! The dry-run report, for a terminal.
std::string graphReportText(const GraphAnalysis& analysis, const std::string& pipeline_name);

//! The dry-run report as one JSON document.
std::string graphReportJson(const GraphAnalysis& analysis, const std::string& pipeline_name);

enum class GraphFormat : uint8_t { kDot, kMermaid, kJson };

//! The datasets as nodes and the flows' reads as edges.
std::string graphDiagram(const GraphAnalysis& analysis, const std::string& pipeline_name,
                         GraphFormat format);

}  // namespace sluice
