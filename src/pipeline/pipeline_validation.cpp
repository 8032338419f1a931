// src/pipeline/pipeline_validation.cpp
#include "pipeline/pipeline_validation.hpp"

#include "exec/table_function/builtin_table_functions.hpp"
#include "exec/table_function/empty_source.hpp"
#include "pipeline/graph/pipeline_functions.hpp"
#include "pipeline/update/dataset_tables.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

TableFunctionBinding SchemaOnlyReads::read(const Dataset& dataset,
                                           const std::vector<StructField>& schema,
                                           const DatasetReadMode& mode) const {
  return emptyBinding((mode.stream ? "Stream " : "Dataset ") + dataset.name.toString(), schema);
}

TableFunctionBinding SchemaOnlyReads::streamTable(const QualifiedTableName& name,
                                                  const std::string& location,
                                                  const DatasetReadMode&) const {
  return emptyBinding("Stream " + name.toString(), delta::openSnapshot(location).schema);
}

GraphAnalysis validatePipeline(const PipelineDefinition& definition, const Catalog* catalog) {
  SchemaOnlyReads reads;
  BindingEnvironment environment;
  environment.catalog = catalog;
  environment.table_functions = &builtinTableFunctions();
  environment.reads = &reads;
  environment.relative_path_base = definition.spec.root;
  return analyzeGraph(definition.graph, environment, definition.registration_errors);
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
