// src/pipeline/graph/graph_analysis.cpp
#include "pipeline/graph/graph_analysis.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/clock.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/type_coercion.hpp"
#include "common/types/type_contents.hpp"
#include "exec/spill/memory_limit.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/graph/deferred_production.hpp"
#include "pipeline/graph/graph_validation.hpp"
#include "pipeline/graph/pipeline_functions.hpp"
#include "planner/binder/query_binder.hpp"

namespace sluice {

namespace {

//! Passes a binding's file-stream decisions on, noting on its resolver that it reads a stream.
class NotingFileStream : public FileStreamSelector {
 public:
  NotingFileStream(const FileStreamSelector* inner, const PipelineRelations& relations)
      : inner_(inner), relations_(relations) {}

  std::vector<std::string> selectFiles(const std::string& location,
                                       const std::vector<std::string>& paths) const override {
    relations_.noteStreamRead();
    return inner_ == nullptr ? paths : inner_->selectFiles(location, paths);
  }

 private:
  const FileStreamSelector* inner_;
  const PipelineRelations& relations_;
};

}  // namespace

LogicalOperatorPtr bindWithRelations(const sql::Statement& statement, const sql::Query& query,
                                     const RegistrationContext& reader,
                                     const PipelineRelations& relations,
                                     const BindingEnvironment& environment) {
  NotingFileStream file_stream(environment.file_stream, relations);
  PipelineFunctions functions(relations.graph(), reader, environment.catalog);
  BindContext context;
  context.catalog = environment.catalog;
  context.functions = &functions;
  context.table_functions = environment.table_functions;
  context.relations = &relations;
  context.file_stream = &file_stream;
  context.exec = executionContext(reader);
  context.relative_path_base = environment.relative_path_base;
  QueryBinder binder(context, statement);
  return binder.bindQuery(query);
}

namespace {

//! The statement a flow's query belongs to: its own, or the query AUTO CDC makes.
const sql::Statement& queryStatement(const Flow& flow) {
  return flow.change_query ? *flow.change_query : *flow.statement;
}

//! An error about `element` (a flow or a dataset): the binder's error, located where the
//! binder located it, else at the element's definition.
Error located(Error error, const SourceLocation& origin) {
  error.withLocation(origin);
  return error;
}

class Resolver {
 public:
  Resolver(const DataflowGraph& graph, const BindingEnvironment& environment,
           GraphAnalysis& analysis)
      : graph_(graph), environment_(environment), analysis_(analysis), views_(graph) {}

  //! Resolves what can be; with `report_stuck`, what cannot fails with its reason, else it
  //! stays pending (the schemas deferred definitions read, while some are not produced).
  void run(bool report_stuck = true) {
    for (const Dataset& dataset : graph_.datasets) {
      DatasetAnalysis entry;
      entry.dataset = &dataset;
      entry.key = analysisKey(dataset);
      analysis_.datasets.push_back(std::move(entry));
    }
    for (const Flow& flow : graph_.flows) {
      FlowAnalysis entry;
      entry.flow = &flow;
      analysis_.flows.push_back(std::move(entry));
    }
    // A flow that cannot run (AUTO CDC FROM SNAPSHOT, no query, a target the graph lacks) fails at
    // once; validateStructure reports why.
    for (FlowAnalysis& flow : analysis_.flows) {
      bool has_target =
          target(*flow.flow) != nullptr || graph_.findSink(flow.flow->target) != nullptr;
      if (flow.flow->query == nullptr || !has_target)
        flow.status = DatasetState::Status::kFailed;
    }
    markDuplicatesFailed();
    resolveUntilStuck();
    if (report_stuck)
      reportStuck();
  }

 private:
  DatasetAnalysis* target(const Flow& flow) {
    std::string key = datasetKey(flow.target);
    for (DatasetAnalysis& dataset : analysis_.datasets) {
      if (dataset.key == key && isStored(dataset.dataset->kind))
        return &dataset;
    }
    return nullptr;
  }

  //! A dataset defined twice has no single schema: readers of it fail, and the duplicate is
  //! reported by validateStructure.
  void markDuplicatesFailed() {
    std::map<std::string, int> counts;
    for (const DatasetAnalysis& dataset : analysis_.datasets)
      ++counts[dataset.key];
    for (DatasetAnalysis& dataset : analysis_.datasets) {
      if (counts[dataset.key] > 1)
        dataset.state.status = DatasetState::Status::kFailed;
    }
  }

  void resolveUntilStuck() {
    bool progress = true;
    while (progress) {
      progress = false;
      for (DatasetAnalysis& dataset : analysis_.datasets) {
        if (dataset.state.status == DatasetState::Status::kPending &&
            !isStored(dataset.dataset->kind))
          progress |= resolveView(dataset);
      }
      for (FlowAnalysis& flow : analysis_.flows) {
        if (flow.status == DatasetState::Status::kPending)
          progress |= resolveFlow(flow);
      }
      for (DatasetAnalysis& dataset : analysis_.datasets) {
        if (dataset.state.status == DatasetState::Status::kPending &&
            isStored(dataset.dataset->kind))
          progress |= settleStoredDataset(dataset);
      }
    }
  }

  //! Binds a view's query on its own: its columns, and whether it reads a stream.
  bool resolveView(DatasetAnalysis& entry) {
    const Dataset& view = *entry.dataset;
    std::map<std::string, DatasetState> states = analysis_.states();
    PipelineRelations relations(graph_, views_, states, dryReads(), view.context,
                                view.kind == DatasetKind::kView);
    try {
      LogicalOperatorPtr plan = bindWithRelations(*view.statement, *view.view_query, view.context,
                                                  relations, environment_);
      std::vector<StructField> columns = outputColumns(*plan);
      if (!view.view_columns.empty()) {
        if (view.view_columns.size() != columns.size()) {
          throw Error(ErrorClass::CREATE_VIEW_COLUMN_ARITY_MISMATCH,
                      view.view_columns.size() < columns.size() ? "TOO_MANY_DATA_COLUMNS"
                                                                : "NOT_ENOUGH_DATA_COLUMNS",
                      fmt::format("Cannot create the {}: its column list names {} columns but "
                                  "its query returns {}.",
                                  view.describe(), view.view_columns.size(), columns.size()));
        }
        for (size_t index = 0; index < columns.size(); ++index)
          columns[index].name = view.view_columns[index].name;
      }
      if (view.kind == DatasetKind::kView)  // published to the catalog
        requireDeterminateCollations(columns);
      entry.state.schema = std::move(columns);
      entry.state.streaming = relations.reads().reads_stream;
      entry.reads = relations.reads();
      entry.state.status = DatasetState::Status::kResolved;
    } catch (const PendingDependency&) {
      return false;
    } catch (Error& error) {
      entry.state.status = DatasetState::Status::kFailed;
      analysis_.errors.push_back(located(std::move(error), view.origin));
    }
    return true;
  }

  bool resolveFlow(FlowAnalysis& entry) {
    const Flow& flow = *entry.flow;
    std::map<std::string, DatasetState> states = analysis_.states();
    PipelineRelations relations(graph_, views_, states, dryReads(), flow.context, false);
    try {
      LogicalOperatorPtr plan = bindWithRelations(queryStatement(flow), *flow.query, flow.context,
                                                  relations, environment_);
      entry.output = outputColumns(*plan);
      if (flow.kind == FlowKind::kAutoCdc)
        entry.output = resolveChangeCapture(flow, entry.output).target;
      entry.reads = relations.reads();
      entry.status = DatasetState::Status::kResolved;
    } catch (const PendingDependency&) {
      return false;
    } catch (Error& error) {
      entry.status = DatasetState::Status::kFailed;
      analysis_.errors.push_back(located(std::move(error), flow.origin));
    }
    return true;
  }

  //! Once every flow into a stored dataset is settled, so is the dataset: failed with any of
  //! them, else resolved with its schema.
  bool settleStoredDataset(DatasetAnalysis& entry) {
    const Dataset& dataset = *entry.dataset;
    std::vector<const FlowAnalysis*> flows;
    for (const FlowAnalysis& flow : analysis_.flows) {
      if (datasetKey(flow.flow->target) == entry.key)
        flows.push_back(&flow);
    }
    std::optional<std::vector<StructField>> declared = declaredSchema(dataset);
    bool any_failed = false;
    if (const DeferredDefinition* deferred = graph_.findDeferredFlowInto(dataset.name)) {
      if (deferred->status == DeferredDefinition::Status::kWaiting && !declared)
        return false;
      any_failed |= deferred->status == DeferredDefinition::Status::kFailed;
    }
    for (const FlowAnalysis* flow : flows) {
      if (flow->status == DatasetState::Status::kPending && !declared)
        return false;
      any_failed |= flow->status == DatasetState::Status::kFailed;
    }
    // A declared schema is known before the flows are: readers need not wait for them.
    if (declared && !any_failed) {
      entry.state.schema = *declared;
      entry.state.status = DatasetState::Status::kResolved;
      return true;
    }
    if (any_failed || flows.empty()) {
      entry.state.status = flows.empty() && declared ? DatasetState::Status::kResolved
                                                     : DatasetState::Status::kFailed;
      if (declared)
        entry.state.schema = *declared;
      return true;
    }
    try {
      entry.state.schema = mergeFlowOutputs(dataset, flows);
      requireDeterminateCollations(entry.state.schema);
      entry.state.status = DatasetState::Status::kResolved;
    } catch (Error& error) {
      entry.state.status = DatasetState::Status::kFailed;
      analysis_.errors.push_back(located(std::move(error), dataset.origin));
    }
    return true;
  }

  //! The columns a dataset declares with their types; nullopt when it declares none, or one
  //! without a type (a materialized view's list that only names and comments columns).
  static std::optional<std::vector<StructField>> declaredSchema(const Dataset& dataset) {
    if (dataset.spec == nullptr || dataset.spec->columns.empty())
      return std::nullopt;
    std::vector<StructField> fields;
    for (const sql::ColumnSpec& column : dataset.spec->columns) {
      if (!column.type)
        return std::nullopt;
      fields.push_back(
          StructField{column.name, *column.type, !column.not_null, column.comment.value_or("")});
    }
    return fields;
  }

  //! The union by name of the flows' columns, in the order they first appear; a column two
  //! flows give different types takes their wider type.
  std::vector<StructField> mergeFlowOutputs(const Dataset& dataset,
                                            const std::vector<const FlowAnalysis*>& flows) {
    std::vector<StructField> merged;
    for (const FlowAnalysis* flow : flows) {
      for (const StructField& column : flow->output) {
        auto existing = std::find_if(merged.begin(), merged.end(), [&](const StructField& f) {
          return sameIdentifier(f.name, column.name);
        });
        if (existing == merged.end()) {
          merged.push_back(column);
          continue;
        }
        std::optional<DataType> wider = findWiderType(existing->type, column.type);
        if (!wider) {
          throw Error(ErrorClass::USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE,
                      fmt::format("The flows into the {} give its column {} the types {} and {}, "
                                  "which have no common type.",
                                  dataset.describe(), quoteName(column.name), existing->type.sql(),
                                  column.type.sql()));
        }
        existing->type = *wider;
      }
    }
    // A materialized view's column list (names and comments only) renames its query's
    // columns in order, as a view's does.
    if (dataset.spec != nullptr && !dataset.spec->columns.empty()) {
      const auto& columns = dataset.spec->columns;
      if (columns.size() != merged.size()) {
        throw Error(ErrorClass::USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE,
                    fmt::format("The {} lists {} columns but its query returns {}.",
                                dataset.describe(), columns.size(), merged.size()));
      }
      for (size_t index = 0; index < merged.size(); ++index) {
        merged[index].name = columns[index].name;
        merged[index].comment = columns[index].comment.value_or("");
        if (columns[index].type) {
          if (!canStoreAssign(merged[index].type, *columns[index].type)) {
            throw Error(ErrorClass::USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE,
                        fmt::format("The column {} of the {} is declared {} but its query gives "
                                    "{}.",
                                    quoteName(columns[index].name), dataset.describe(),
                                    columns[index].type->sql(), merged[index].type.sql()));
          }
          merged[index].type = *columns[index].type;
        }
      }
    }
    return merged;
  }

  //! Flows still pending have an input that never resolved: one failed upstream, or they
  //! wait on each other in a cycle.
  void reportStuck() {
    // What each stuck flow waits for, found by binding it once more.
    std::map<std::string, std::set<std::string>> waits;  // target key: the inputs it waits on
    std::vector<FlowAnalysis*> stuck;
    for (FlowAnalysis& flow : analysis_.flows) {
      if (flow.status != DatasetState::Status::kPending)
        continue;
      stuck.push_back(&flow);
      if (std::optional<std::string> blocker = blockingInput(flow))
        waits[datasetKey(flow.flow->target)].insert(*blocker);
    }
    for (const DatasetAnalysis& view : analysis_.datasets) {
      if (view.state.status != DatasetState::Status::kPending || isStored(view.dataset->kind))
        continue;
      std::map<std::string, DatasetState> states = analysis_.states();
      PipelineRelations relations(graph_, views_, states, dryReads(), view.dataset->context,
                                  view.dataset->kind == DatasetKind::kView);
      try {
        bindWithRelations(*view.dataset->statement, *view.dataset->view_query,
                          view.dataset->context, relations, environment_);
      } catch (const PendingDependency& pending) {
        waits[view.key].insert(pending.key);
      } catch (const Error&) {
      }
    }
    for (FlowAnalysis* flow : stuck) {
      flow->status = DatasetState::Status::kFailed;
      std::vector<std::string> cycle = findCycle(datasetKey(flow->flow->target), waits);
      if (!cycle.empty()) {
        analysis_.errors.push_back(
            Error(ErrorClass::CIRCULAR_DEPENDENCY,
                  fmt::format("The flow {} is part of a cycle of datasets that read each other: "
                              "{}. A pipeline's datasets form a graph without cycles.",
                              flow->flow->name.quoted(), fmt::join(cycle, " -> ")))
                .withLocation(flow->flow->origin));
      } else {
        analysis_.errors.push_back(
            Error(ErrorClass::UPSTREAM_FAILURE,
                  fmt::format("The flow {} failed due to upstream errors: an input it reads "
                              "could not be resolved.",
                              flow->flow->name.quoted()))
                .withLocation(flow->flow->origin));
      }
    }
    for (DatasetAnalysis& dataset : analysis_.datasets) {
      if (dataset.state.status == DatasetState::Status::kPending) {
        dataset.state.status = DatasetState::Status::kFailed;
        if (!isStored(dataset.dataset->kind)) {
          analysis_.errors.push_back(
              Error(ErrorClass::UPSTREAM_FAILURE,
                    fmt::format("The {} failed due to upstream errors: an input it reads could "
                                "not be resolved.",
                                dataset.dataset->describe()))
                  .withLocation(dataset.dataset->origin));
        }
      }
    }
  }

  //! The input a pending flow waits for, found by binding it once more.
  std::optional<std::string> blockingInput(const FlowAnalysis& entry) {
    std::map<std::string, DatasetState> states = analysis_.states();
    PipelineRelations relations(graph_, views_, states, dryReads(), entry.flow->context, false);
    try {
      bindWithRelations(queryStatement(*entry.flow), *entry.flow->query, entry.flow->context,
                        relations, environment_);
    } catch (const PendingDependency& pending) {
      return pending.key;
    } catch (const Error&) {
    }
    return std::nullopt;
  }

  //! The datasets on a path of waits from `start` back to itself, each named as written;
  //! empty when there is none.
  std::vector<std::string> findCycle(const std::string& start,
                                     const std::map<std::string, std::set<std::string>>& waits) {
    std::vector<std::string> path;
    std::set<std::string> seen;
    std::function<bool(const std::string&)> walk = [&](const std::string& key) {
      path.push_back(key);
      if (path.size() > 1 && key == start)
        return true;
      if (!seen.insert(key).second) {
        path.pop_back();
        return false;
      }
      auto next = waits.find(key);
      if (next != waits.end()) {
        for (const std::string& input : next->second) {
          if (walk(input))
            return true;
        }
      }
      path.pop_back();
      return false;
    };
    if (!walk(start))
      return {};
    std::vector<std::string> names;
    for (const std::string& key : path)
      names.push_back(nameOf(key));
    return names;
  }

  std::string nameOf(const std::string& key) const {
    const DatasetAnalysis* dataset = analysis_.dataset(key);
    return dataset != nullptr ? dataset->dataset->displayName() : key;
  }

  const DatasetReads& dryReads() const { return *environment_.reads; }

  const DataflowGraph& graph_;
  const BindingEnvironment& environment_;
  GraphAnalysis& analysis_;
  PipelineViews views_;
};

}  // namespace

std::vector<StructField> outputColumns(const LogicalOperator& plan) {
  std::vector<StructField> columns;
  for (size_t index = 0; index < plan.column_names.size(); ++index)
    columns.push_back(StructField{plan.column_names[index], plan.column_types[index], true, {}});
  return columns;
}

ExecContext executionContext(const RegistrationContext& context) {
  ExecContext exec;
  exec.time_zone = &TimeZone::utc();
  auto zone = context.settings.find("spark.sql.session.timeZone");
  if (zone != context.settings.end()) {
    std::shared_ptr<const TimeZone> found = TimeZone::find(zone->second);
    if (!found) {
      throw Error(ErrorClass::INVALID_CONF_VALUE, "TIME_ZONE",
                  fmt::format("The value '{}' in the config \"spark.sql.session.timeZone\" is "
                              "invalid. Cannot resolve the given timezone.",
                              zone->second));
    }
    // Zones are cached for the life of the process, so the pointer stays valid.
    exec.time_zone = found.get();
  }
  auto memory_limit = context.settings.find(std::string(kMemoryLimitKey));
  if (memory_limit != context.settings.end())
    exec.memory_limit = memoryLimitOrThrow(memory_limit->second);
  exec.statement_start_micros = epochMicros();
  return exec;
}

const DatasetAnalysis* GraphAnalysis::dataset(const std::string& key) const {
  for (const DatasetAnalysis& entry : datasets) {
    if (entry.key == key)
      return &entry;
  }
  return nullptr;
}

std::map<std::string, DatasetState> GraphAnalysis::states() const {
  std::map<std::string, DatasetState> states;
  for (const DatasetAnalysis& entry : datasets) {
    auto [it, inserted] = states.emplace(entry.key, entry.state);
    // Two definitions of one name: neither can be read.
    if (!inserted)
      it->second.status = DatasetState::Status::kFailed;
  }
  return states;
}

std::vector<const FlowAnalysis*> GraphAnalysis::flowOrder() const {
  // Depth first over the datasets each flow reads: every flow into an input comes first.
  std::vector<const FlowAnalysis*> order;
  std::set<const FlowAnalysis*> placed;
  std::set<const FlowAnalysis*> visiting;
  std::function<void(const FlowAnalysis&)> place = [&](const FlowAnalysis& flow) {
    if (placed.count(&flow) || visiting.count(&flow))
      return;
    visiting.insert(&flow);
    for (const std::string& input : flow.reads.inputs) {
      for (const FlowAnalysis& writer : flows) {
        if (writer.status == DatasetState::Status::kResolved &&
            datasetKey(writer.flow->target) == input)
          place(writer);
      }
    }
    visiting.erase(&flow);
    placed.insert(&flow);
    order.push_back(&flow);
  };
  for (const FlowAnalysis& flow : flows) {
    if (flow.status == DatasetState::Status::kResolved)
      place(flow);
  }
  return order;
}

std::map<std::string, DatasetState> resolveSchemasSoFar(const DataflowGraph& graph,
                                                        const BindingEnvironment& environment) {
  GraphAnalysis analysis;
  analysis.graph = &graph;
  Resolver(graph, environment, analysis).run(/*report_stuck=*/false);
  return analysis.states();
}

GraphAnalysis analyzeGraph(const DataflowGraph& graph, const BindingEnvironment& environment,
                           std::vector<Error> errors) {
  GraphAnalysis analysis;
  analysis.graph = &graph;
  analysis.errors = std::move(errors);
  if (!graph.deferred.empty()) {
    // The deferred definitions become datasets and flows of a graph of the analysis' own.
    auto produced = std::make_shared<DataflowGraph>(graph);
    produceDeferredDefinitions(*produced, environment, analysis.errors);
    analysis.produced_graph = produced;
    analysis.graph = produced.get();
  }
  const DataflowGraph& resolved = *analysis.graph;
  validateStructure(resolved, analysis.errors);
  Resolver(resolved, environment, analysis).run();
  validateResolvedFlows(analysis, analysis.errors);
  validateFunctions(analysis, environment, analysis.errors);
  return analysis;
}

LogicalOperatorPtr bindFlowQuery(const GraphAnalysis& analysis, const PipelineViews& views,
                                 const Flow& flow, const BindingEnvironment& environment,
                                 RelationReads* reads_out) {
  std::map<std::string, DatasetState> states = analysis.states();
  PipelineRelations relations(*analysis.graph, views, states, *environment.reads, flow.context,
                              false);
  try {
    LogicalOperatorPtr plan =
        bindWithRelations(queryStatement(flow), *flow.query, flow.context, relations, environment);
    if (reads_out != nullptr)
      *reads_out = relations.reads();
    return plan;
  } catch (const PendingDependency& pending) {
    throw Error(ErrorClass::INTERNAL_ERROR,
                fmt::format("The flow {} reads {}, which was not resolved.", flow.name.quoted(),
                            pending.key));
  }
}

}  // namespace sluice
