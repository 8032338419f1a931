// src/pipeline/graph/deferred_production.cpp
#include "pipeline/graph/deferred_production.hpp"

#include <map>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sql/parser/parser.hpp"

namespace sluice {

namespace {

//! Describes queries for one deferred definition: bound in its context against the schemas
//! resolved so far, remembering the dataset it last found unresolved.
class GraphQueryShapes : public QueryShapeLookup {
 public:
  GraphQueryShapes(const DataflowGraph& graph, const PipelineViews& views,
                   const std::map<std::string, DatasetState>& states,
                   const BindingEnvironment& environment, const RegistrationContext& context)
      : graph_(graph),
        views_(views),
        states_(states),
        environment_(environment),
        context_(context) {}

  std::optional<QueryShape> describe(const std::string& query_text) const override {
    std::vector<sql::StatementPtr> statements = sql::parseStatements(query_text);
    if (statements.size() != 1 || statements[0]->kind() != sql::StatementKind::kQuery) {
      throw Error(ErrorClass::INTERNAL_ERROR,
                  fmt::format("A DataFrame's query is not one query: {}", query_text));
    }
    const auto& statement = statements[0]->as<sql::QueryStatement>();
    PipelineRelations relations(graph_, views_, states_, *environment_.reads, context_, false);
    try {
      LogicalOperatorPtr plan =
          bindWithRelations(statement, *statement.query, context_, relations, environment_);
      return QueryShape{outputColumns(*plan), relations.reads().reads_stream};
    } catch (const PendingDependency& pending) {
      waiting_for_ = pending.key;
      return std::nullopt;
    }
  }

  const std::string& waitingFor() const { return waiting_for_; }

 private:
  const DataflowGraph& graph_;
  const PipelineViews& views_;
  const std::map<std::string, DatasetState>& states_;
  const BindingEnvironment& environment_;
  const RegistrationContext& context_;
  mutable std::string waiting_for_;
};

//! The key readers find a deferred definition's dataset by, or "" for a flow.
std::string definedKey(const DeferredDefinition& definition) {
  if (!definition.dataset)
    return {};
  return definition.temporary_view ? temporaryViewKey(definition.dataset->table)
                                   : datasetKey(*definition.dataset);
}

//! How messages name the dataset of `key`: as its definition does, else as the key reads.
std::string nameOfKey(const DataflowGraph& graph, const std::string& key) {
  for (const DeferredDefinition& definition : graph.deferred) {
    if (definedKey(definition) == key)
      return definition.description;
  }
  for (const Dataset& dataset : graph.datasets) {
    std::string dataset_key = dataset.kind == DatasetKind::kTemporaryView
                                  ? temporaryViewKey(dataset.name.table)
                                  : datasetKey(dataset.name);
    if (dataset_key == key)
      return dataset.describe();
  }
  return key;
}

//! Moves what the producers of a round registered into `graph`.
void mergeProduced(DataflowGraph& produced, DataflowGraph& graph) {
  for (Dataset& dataset : produced.datasets)
    graph.datasets.push_back(std::move(dataset));
  for (Flow& flow : produced.flows)
    graph.flows.push_back(std::move(flow));
  for (PipelineFunction& function : produced.functions)
    graph.functions.push_back(std::move(function));
}

//! The definitions a waiting one reaches by what each waits for, back to itself; empty when
//! the waits lead elsewhere.
std::vector<std::string> waitCycle(const DataflowGraph& graph, size_t start,
                                   const std::vector<std::string>& waits) {
  std::vector<std::string> path{graph.deferred[start].description};
  size_t current = start;
  for (size_t step = 0; step < graph.deferred.size(); ++step) {
    size_t next = graph.deferred.size();
    for (size_t index = 0; index < graph.deferred.size(); ++index) {
      if (graph.deferred[index].status == DeferredDefinition::Status::kWaiting &&
          !waits[current].empty() && definedKey(graph.deferred[index]) == waits[current])
        next = index;
    }
    if (next == graph.deferred.size())
      return {};
    path.push_back(graph.deferred[next].description);
    if (next == start)
      return path;
    current = next;
  }
  return {};
}

//! The definitions still waiting when no round produces more: each fails, naming what it
//! waits for.
void reportStuck(DataflowGraph& graph, const std::vector<std::string>& waits,
                 std::vector<Error>& errors) {
  for (size_t index = 0; index < graph.deferred.size(); ++index) {
    const DeferredDefinition& definition = graph.deferred[index];
    if (definition.status != DeferredDefinition::Status::kWaiting)
      continue;
    std::vector<std::string> cycle = waitCycle(graph, index, waits);
    if (!cycle.empty()) {
      errors.push_back(
          Error(ErrorClass::CIRCULAR_DEPENDENCY,
                fmt::format("The query function of the {} reads datasets that read it back: "
                            "{}. A pipeline's datasets form a graph without cycles.",
                            definition.description, fmt::join(cycle, " -> ")))
              .withLocation(definition.origin));
    } else {
      errors.push_back(
          Error(ErrorClass::UPSTREAM_FAILURE,
                fmt::format("The query function of the {} reads the {}, whose schema could not "
                            "be resolved.",
                            definition.description, nameOfKey(graph, waits[index])))
              .withLocation(definition.origin));
    }
  }
  for (DeferredDefinition& definition : graph.deferred)
    definition.status = DeferredDefinition::Status::kFailed;
}

}  // namespace

void produceDeferredDefinitions(DataflowGraph& graph, const BindingEnvironment& environment,
                                std::vector<Error>& errors) {
  // What each waiting definition waited for in its last attempt (dataset keys).
  std::vector<std::string> waits(graph.deferred.size());
  bool progress = true;
  while (progress && !graph.deferred.empty()) {
    progress = false;
    std::map<std::string, DatasetState> states = resolveSchemasSoFar(graph, environment);
    PipelineViews views(graph);
    // The statements of a round register beside the graph, which the lookups keep reading.
    DataflowGraph produced;
    std::vector<bool> settled(graph.deferred.size(), false);
    for (size_t index = 0; index < graph.deferred.size(); ++index) {
      DeferredDefinition& definition = graph.deferred[index];
      if (definition.status != DeferredDefinition::Status::kWaiting)
        continue;
      GraphQueryShapes lookup(graph, views, states, environment, definition.context);
      DeferredOutcome outcome = definition.producer->produce(lookup, produced, errors);
      if (outcome == DeferredOutcome::kWaiting) {
        waits[index] = lookup.waitingFor();
        continue;
      }
      progress = true;
      if (outcome == DeferredOutcome::kFailed)
        definition.status = DeferredDefinition::Status::kFailed;
      else
        settled[index] = true;
    }
    mergeProduced(produced, graph);
    std::vector<DeferredDefinition> left;
    std::vector<std::string> left_waits;
    for (size_t index = 0; index < graph.deferred.size(); ++index) {
      if (settled[index])
        continue;
      left.push_back(std::move(graph.deferred[index]));
      left_waits.push_back(std::move(waits[index]));
    }
    graph.deferred = std::move(left);
    waits = std::move(left_waits);
  }
  reportStuck(graph, waits, errors);
}

}  // namespace sluice
