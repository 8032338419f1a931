// src/pipeline/pipeline_validation.hpp
//
// Validates a pipeline without reading or writing data (sluice dry-run, and the first step of
// every update): resolves its graph with sources that hold no rows, against the tables its
// storage's catalog already has, and reports every problem.
#pragma once

#include <memory>

#include "catalog/catalog.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/pipeline_definition.hpp"
#include "pipeline/update/view_refresh_planning.hpp"

namespace sluice {

//! Reads every stored dataset as a relation of no rows with its resolved columns.
class SchemaOnlyReads : public DatasetReads {
 public:
  TableFunctionBinding read(const Dataset& dataset, const std::vector<StructField>& schema,
                            const DatasetReadMode& mode) const override;
  //! The table's columns, from its log.
  TableFunctionBinding streamTable(const QualifiedTableName& name, const std::string& location,
                                   const DatasetReadMode& mode) const override;
};

//! The graph of `definition`, resolved and validated; `catalog` (may be null) holds the
//! tables outside the pipeline that its flows may read.
GraphAnalysis validatePipeline(const PipelineDefinition& definition, const Catalog* catalog);

//! The same, against the catalog the pipeline's storage holds, if any (nothing is created),
//! with the tables of the catalog an update would refuse to take over (checkTableOwnership).
GraphAnalysis validatePipeline(const PipelineDefinition& definition);

//! Whether a materialized view can be refreshed incrementally when rows are appended to a
//! pipeline table it reads: the tables for which an incremental technique applies, and the
//! techniques, or why none does.
struct ViewIncrementality {
  const Dataset* view = nullptr;
  std::vector<std::string> sources;  // display names
  std::vector<MaintenanceType> techniques;
  std::optional<IncrementalizationIssue> reason;
};

//! Every materialized view of `analysis` (validated, without errors), in graph order.
std::vector<ViewIncrementality> describeViewIncrementality(const PipelineDefinition& definition,
                                                           const GraphAnalysis& analysis);

}  // namespace sluice
