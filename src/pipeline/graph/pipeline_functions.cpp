// src/pipeline/graph/pipeline_functions.cpp
#include "pipeline/graph/pipeline_functions.hpp"

#include <fmt/format.h>

#include "planner/binder/row_filter.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "sql/printer.hpp"

namespace sluice {

namespace {

const PipelineFunction* findTemporary(const DataflowGraph& graph, std::string_view name) {
  for (const PipelineFunction& function : graph.functions) {
    if (function.temporary && sameIdentifier(function.name.table, name))
      return &function;
  }
  return nullptr;
}

const PipelineFunction* findPersistent(const DataflowGraph& graph, const QualifiedTableName& name) {
  std::string key = datasetKey(name);
  for (const PipelineFunction& function : graph.functions) {
    if (!function.temporary && datasetKey(function.name) == key)
      return &function;
  }
  return nullptr;
}

//! The context to check a function's definition or a table's row filter in: the pipeline's
//! functions as `reader` sees them.
BindContext bindContext(const PipelineFunctions& functions, const RegistrationContext& reader,
                        const BindingEnvironment& environment) {
  BindContext context;
  context.catalog = environment.catalog;
  context.functions = &functions;
  context.table_functions = environment.table_functions;
  context.exec = executionContext(reader);
  return context;
}

void validateFunction(const DataflowGraph& graph, const PipelineFunction& function,
                      const BindingEnvironment& environment, std::vector<Error>& errors) {
  const sql::CreateFunctionStatement& create = *function.function.definition;
  for (const PipelineFunction& other : graph.functions) {
    if (&other == &function)
      break;
    if (other.temporary == function.temporary &&
        datasetKey(other.name) == datasetKey(function.name)) {
      errors.push_back(Error(ErrorClass::ROUTINE_ALREADY_EXISTS,
                             fmt::format("Cannot create the {}: the pipeline defines it already "
                                         "at {}:{}:{}.",
                                         function.describe(), other.origin.source_name,
                                         other.origin.line, other.origin.column))
                           .withLocation(function.origin));
      return;
    }
  }
  try {
    if (!function.temporary) {
      auto is_temporary = [&](const std::vector<std::string>& called) {
        return findTemporary(graph, called[0]) != nullptr;
      };
      if (const sql::FunctionCallExpr* call =
              findTemporaryFunctionCall(*create.body, is_temporary)) {
        throw temporaryFunctionReference(function.name.quoted(), call->name[0])
            .withLocation(function.function.statement->locate(call->position));
      }
    }
    PipelineFunctions functions(graph, function.context, environment.catalog);
    checkSqlFunctionDefinition(bindContext(functions, function.context, environment),
                               function.function);
  } catch (Error& error) {
    errors.push_back(std::move(error.withLocation(function.origin)));
  }
}

}  // namespace

PipelineFunctions::PipelineFunctions(const DataflowGraph& graph, RegistrationContext reader,
                                     const Catalog* catalog)
    : graph_(graph), reader_(std::move(reader)), catalog_(catalog) {}

const SqlFunction* PipelineFunctions::findFunction(const std::vector<std::string>& name) const {
  if (name.size() == 1) {
    if (const PipelineFunction* temporary = findTemporary(graph_, name[0]))
      return &temporary->function;
  }
  if (name.size() > 3)
    return nullptr;
  QualifiedTableName qualified = qualifyTableName(name, reader_.catalog, reader_.schema);
  if (const PipelineFunction* persistent = findPersistent(graph_, qualified))
    return &persistent->function;
  if (catalog_ == nullptr)
    return nullptr;
  // The catalog's, in the statement's schema rather than the catalog object's current one.
  std::string key = datasetKey(qualified);
  auto cached = catalog_functions_.find(key);
  if (cached != catalog_functions_.end())
    return &cached->second;
  std::optional<FunctionEntry> entry = catalog_->findFunction(qualified);
  if (!entry)
    return nullptr;
  return &catalog_functions_
              .emplace(key, parseStoredFunction(entry->definition, qualified.toString()))
              .first->second;
}

void validateFunctions(const GraphAnalysis& analysis, const BindingEnvironment& environment,
                       std::vector<Error>& errors) {
  const DataflowGraph& graph = *analysis.graph;
  for (const PipelineFunction& function : graph.functions)
    validateFunction(graph, function, environment, errors);
  for (const DatasetAnalysis& entry : analysis.datasets) {
    const Dataset& dataset = *entry.dataset;
    if (dataset.spec == nullptr || !dataset.spec->row_filter ||
        entry.state.status != DatasetState::Status::kResolved) {
      continue;
    }
    const sql::RowFilter& filter = *dataset.spec->row_filter;
    RowFilterCall call{filter.function, filter.columns};
    std::vector<std::string> names;
    std::vector<DataType> types;
    for (const StructField& column : entry.state.schema) {
      names.push_back(column.name);
      types.push_back(column.type);
    }
    PipelineFunctions functions(graph, dataset.context, environment.catalog);
    try {
      bindRowFilter(call, names, types, bindContext(functions, dataset.context, environment),
                    dataset.name.quoted());
    } catch (Error& error) {
      errors.push_back(std::move(error.withLocation(dataset.statement->locate(filter.position))));
    }
  }
}

void checkFunctionOwnership(const Catalog& catalog, const PipelineFunction& function,
                            const std::string& pipeline_id) {
  if (function.temporary)
    return;
  std::optional<FunctionEntry> existing = catalog.findFunction(function.name);
  if (!existing || existing->pipeline_id == pipeline_id || function.function.definition->or_replace)
    return;
  throw Error(ErrorClass::ROUTINE_ALREADY_EXISTS,
              fmt::format("Cannot create the {}: the catalog already holds it{}. Write CREATE OR "
                          "REPLACE FUNCTION to replace it, or give the function another name.",
                          function.describe(),
                          existing->pipeline_id.empty()
                              ? ""
                              : fmt::format(", made by pipeline {}", existing->pipeline_id)))
      .withLocation(function.origin);
}

void publishFunction(Catalog& catalog, const PipelineFunction& function,
                     const std::string& pipeline_id) {
  if (function.temporary)
    return;
  catalog.createFunction(
      FunctionEntry{function.name, sql::printStatement(*function.function.definition), pipeline_id,
                    0},
      /*replace=*/true);
}

}  // namespace sluice
