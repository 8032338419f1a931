// src/pipeline/pipeline_validation.cpp
#include "pipeline/pipeline_validation.hpp"

#include <map>
#include <set>

#include "exec/table_function/builtin_table_functions.hpp"
#include "exec/table_function/empty_source.hpp"
#include "exec/table_function/table_changes_function.hpp"
#include "pipeline/graph/pipeline_functions.hpp"
#include "pipeline/update/dataset_tables.hpp"
#include "pipeline/update/incremental_refresh.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "planner/optimizer/optimizer_rules.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

TableFunctionBinding SchemaOnlyReads::read(const Dataset& dataset,
                                           const std::vector<StructField>& schema,
                                           const DatasetReadMode& mode) const {
  return emptyBinding((mode.stream ? "Stream " : "Dataset ") + dataset.name.toString(),
                      mode.read_change_feed ? withChangeFeedColumns(schema) : schema);
}

TableFunctionBinding SchemaOnlyReads::streamTable(const QualifiedTableName& name,
                                                  const std::string& location,
                                                  const DatasetReadMode& mode) const {
  std::vector<StructField> schema = delta::openSnapshot(location).schema;
  return emptyBinding("Stream " + name.toString(),
                      mode.read_change_feed ? withChangeFeedColumns(schema) : schema);
}

namespace {

//! Reads no rows, remembering the scans of the pipeline's tables it made.
class RecordingSchemaOnlyReads : public SchemaOnlyReads {
 public:
  TableFunctionBinding read(const Dataset& dataset, const std::vector<StructField>& schema,
                            const DatasetReadMode& mode) const override {
    TableFunctionBinding binding = SchemaOnlyReads::read(dataset, schema, mode);
    scans_[dataset.displayName()].insert(binding.source.get());
    all_.insert(binding.source.get());
    return binding;
  }
  //! The scans of each table, by display name.
  const std::map<std::string, std::set<const TableSource*>>& scans() const { return scans_; }
  const std::set<const TableSource*>& allScans() const { return all_; }

 private:
  mutable std::map<std::string, std::set<const TableSource*>> scans_;
  mutable std::set<const TableSource*> all_;
};

BindingEnvironment schemaOnlyEnvironment(const PipelineDefinition& definition,
                                         const Catalog* catalog, const DatasetReads& reads) {
  BindingEnvironment environment;
  environment.catalog = catalog;
  environment.table_functions = &builtinTableFunctions();
  environment.reads = &reads;
  environment.relative_path_base = definition.spec.root;
  return environment;
}

}  // namespace

GraphAnalysis validatePipeline(const PipelineDefinition& definition, const Catalog* catalog) {
  SchemaOnlyReads reads;
  return analyzeGraph(definition.graph, schemaOnlyEnvironment(definition, catalog, reads),
                      definition.registration_errors);
}

std::vector<ViewIncrementality> describeViewIncrementality(const PipelineDefinition& definition,
                                                           const GraphAnalysis& analysis) {
  std::unique_ptr<Catalog> catalog;
  if (Catalog::existsIn(definition.spec.storage))
    catalog = std::make_unique<Catalog>(definition.spec.storage);
  PipelineViews views(*analysis.graph);
  std::vector<ViewIncrementality> described;
  for (const FlowAnalysis& flow : analysis.flows) {
    const Dataset* view = analysis.graph->findDataset(flow.flow->target);
    if (flow.flow->kind != FlowKind::kMaterialize || view == nullptr)
      continue;
    RecordingSchemaOnlyReads reads;
    LogicalOperatorPtr plan = bindFlowQuery(
        analysis, views, *flow.flow, schemaOnlyEnvironment(definition, catalog.get(), reads));
    // Judged as an update judges it (FlowRun::bindView in flow_execution.cpp).
    removeIdentityProjections(*plan);
    ViewRefreshInputs inputs;
    describePlanInputs(*plan, reads.allScans(), inputs);
    bool has_expectations = view->expectations != nullptr && !view->expectations->empty();
    ViewIncrementality entry;
    entry.view = view;
    // Rows appended to one table at a time: a join with a table that did not change is
    // incremental, one of two tables that both changed is not.
    std::set<MaintenanceType> applicable;
    std::vector<TechniqueInformation> first_techniques;
    for (const auto& [source, scans] : reads.scans()) {
      std::vector<TechniqueInformation> techniques =
          incrementalTechniques(*plan, scans, has_expectations, flow.output);
      if (notIncrementalizable(inputs, techniques)) {
        if (first_techniques.empty())
          first_techniques = std::move(techniques);
        continue;
      }
      entry.sources.push_back(source);
      for (const TechniqueInformation& technique : techniques) {
        if (technique.issues.empty())
          applicable.insert(technique.maintenance_type);
      }
    }
    entry.techniques.assign(applicable.begin(), applicable.end());
    if (entry.sources.empty()) {
      entry.reason = notIncrementalizable(inputs, first_techniques);
      if (!entry.reason || reads.scans().empty()) {
        entry.reason = IncrementalizationIssue{
            "INPUT_NOT_IN_PIPELINE",
            "The view reads no table of the pipeline: a change of its input is recomputed."};
      }
    }
    described.push_back(std::move(entry));
  }
  return described;
}

}  // namespace sluice

namespace sluice {

GraphAnalysis validatePipeline(const PipelineDefinition& definition) {
  std::unique_ptr<Catalog> catalog;
  if (Catalog::existsIn(definition.spec.storage))
    catalog = std::make_unique<Catalog>(definition.spec.storage);
  GraphAnalysis analysis = validatePipeline(definition, catalog.get());
  if (catalog == nullptr)
    return analysis;
  // The tables an update would refuse to take over: another pipeline's, or of another kind.
  // A pipeline that never ran owns none.
  std::string pipeline_id =
      PipelineState::storedPipelineId(pipelineFolder(definition.spec)).value_or("(none)");
  for (const DatasetAnalysis& entry : analysis.datasets) {
    if (!isStored(entry.dataset->kind))
      continue;
    try {
      checkTableOwnership(*catalog, *entry.dataset, pipeline_id);
    } catch (Error& error) {
      analysis.errors.push_back(std::move(error));
    }
  }
  for (const PipelineFunction& function : definition.graph.functions) {
    try {
      checkFunctionOwnership(*catalog, function, pipeline_id);
    } catch (Error& error) {
      analysis.errors.push_back(std::move(error));
    }
  }
  return analysis;
}

}  // namespace sluice
