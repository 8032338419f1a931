// src/pipeline/graph/deferred_production.cpp
#include "pipeline/graph/deferred_production.hpp"

#include <map>
#include <set>
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
  return analysisKey(*definition.dataset, definition.temporary_view);
}

//! How messages name the dataset of `key`: as its definition does, else as the key reads.
std::string nameOfKey(const DataflowGraph& graph, const std::string& key) {
  for (const DeferredDefinition& definition : graph.deferred) {
    if (definedKey(definition) == key)
      return definition.description;
  }
  for (const Dataset& dataset : graph.datasets) {
    if (analysisKey(dataset) == key)
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

//! The key of the dataset a waiting definition holds back: the one it defines, or its flow's
//! target.
std::string heldKey(const DeferredDefinition& definition) {
  if (definition.dataset)
    return definedKey(definition);
  return definition.target ? datasetKey(*definition.target) : std::string();
}

//! The waits among datasets when no round produces more: a waiting definition's dataset waits
//! for what its query function last found unresolved; any other pending dataset for what
//! binding one of its flows (or a view's query) stops at.
class StuckWaits {
 public:
  StuckWaits(const DataflowGraph& graph, const BindingEnvironment& environment,
             const std::vector<std::string>& waits)
      : graph_(graph),
        environment_(environment),
        states_(resolveSchemasSoFar(graph, environment)),
        views_(graph) {
    for (size_t index = 0; index < graph.deferred.size(); ++index) {
      if (graph.deferred[index].status == DeferredDefinition::Status::kWaiting)
        waits_[heldKey(graph.deferred[index])] = waits[index];
    }
  }

  //! The datasets from `start` along the waits back to it, as messages name them; empty when
  //! the waits lead elsewhere.
  std::vector<std::string> cycleFrom(const std::string& start) {
    std::vector<std::string> path{nameOfKey(graph_, start)};
    std::set<std::string> seen{start};
    std::string current = start;
    while (true) {
      current = waitedFor(current);
      if (current.empty())
        return {};
      path.push_back(nameOfKey(graph_, current));
      if (current == start)
        return path;
      if (!seen.insert(current).second)
        return {};
    }
  }

 private:
  std::string waitedFor(const std::string& key) {
    auto known = waits_.find(key);
    if (known != waits_.end())
      return known->second;
    std::string blocking = bindingBlock(key);
    waits_[key] = blocking;
    return blocking;
  }

  //! The dataset a binding of the flows into `key` (or of the view `key`) waits for.
  std::string bindingBlock(const std::string& key) const {
    for (const Flow& flow : graph_.flows) {
      if (flow.query == nullptr || datasetKey(flow.target) != key)
        continue;
      const sql::Statement& statement = flow.change_query ? *flow.change_query : *flow.statement;
      if (std::optional<std::string> blocking = bindingWait(statement, *flow.query, flow.context))
        return *blocking;
    }
    for (const Dataset& view : graph_.datasets) {
      if (isStored(view.kind) || view.view_query == nullptr)
        continue;
      if (analysisKey(view) != key)
        continue;
      if (std::optional<std::string> blocking =
              bindingWait(*view.statement, *view.view_query, view.context))
        return *blocking;
    }
    return {};
  }

  std::optional<std::string> bindingWait(const sql::Statement& statement, const sql::Query& query,
                                         const RegistrationContext& context) const {
    PipelineRelations relations(graph_, views_, states_, *environment_.reads, context, false);
    try {
      bindWithRelations(statement, query, context, relations, environment_);
    } catch (const PendingDependency& pending) {
      return pending.key;
    } catch (const Error&) {
    }
    return std::nullopt;
  }

  const DataflowGraph& graph_;
  const BindingEnvironment& environment_;
  std::map<std::string, DatasetState> states_;
  PipelineViews views_;
  std::map<std::string, std::string> waits_;
};

//! The definitions still waiting when no round produces more: each fails, naming what it
//! waits for.
void reportStuck(DataflowGraph& graph, const BindingEnvironment& environment,
                 const std::vector<std::string>& waits, std::vector<Error>& errors) {
  StuckWaits stuck(graph, environment, waits);
  for (size_t index = 0; index < graph.deferred.size(); ++index) {
    const DeferredDefinition& definition = graph.deferred[index];
    if (definition.status != DeferredDefinition::Status::kWaiting)
      continue;
    std::vector<std::string> cycle = stuck.cycleFrom(heldKey(definition));
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
  reportStuck(graph, environment, waits, errors);
}

}  // namespace sluice
