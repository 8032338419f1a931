// src/pipeline/update/pipeline_update.cpp
#include "pipeline/update/pipeline_update.hpp"

#include <filesystem>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "common/clock.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/table_function/builtin_table_functions.hpp"
#include "pipeline/event_log/event_log.hpp"
#include "pipeline/graph/pipeline_functions.hpp"
#include "pipeline/pipeline_validation.hpp"
#include "pipeline/update/change_batch.hpp"
#include "pipeline/update/crash_point.hpp"
#include "pipeline/update/flow_scheduler.hpp"
#include "pipeline/update/sink_destinations.hpp"
#include "pipeline/update/update_lock.hpp"

namespace sluice {

namespace {

[[noreturn]] void conflictingOptions(const std::string& message) {
  throw Error(ErrorClass::CONFLICTING_PIPELINE_REFRESH_OPTIONS, message);
}

void checkRefreshOptions(const UpdateOptions& options) {
  if (options.full_refresh_all && !options.full_refresh.empty()) {
    conflictingOptions(
        "--full-refresh-all refreshes every dataset; it cannot be combined with --full-refresh.");
  }
  if (options.full_refresh_all && !options.refresh.empty()) {
    conflictingOptions(
        "--full-refresh-all refreshes every dataset; it cannot be combined with --refresh.");
  }
  for (const std::string& name : options.refresh) {
    for (const std::string& other : options.full_refresh) {
      if (sameIdentifier(name, other)) {
        conflictingOptions(
            fmt::format("The dataset '{}' is named by both --refresh and "
                        "--full-refresh; name it in one of them.",
                        name));
      }
    }
  }
}

//! The pipeline's reset.allowed table property: false keeps a table's rows through a full
//! refresh of the whole pipeline.
bool resetAllowed(const Dataset& dataset) {
  if (dataset.spec == nullptr)
    return true;
  for (const sql::Property& property : dataset.spec->properties) {
    if (sameIdentifier(property.key, "pipelines.reset.allowed") && property.value)
      return !sameIdentifier(*property.value, "false");
  }
  return true;
}

//! The datasets an update touches and the ones it fully refreshes, by key.
struct Selection {
  std::set<std::string> updated;
  std::set<std::string> full_refresh;
};

class SelectionBuilder {
 public:
  SelectionBuilder(const PipelineDefinition& definition, const GraphAnalysis& analysis)
      : definition_(definition), analysis_(analysis) {}

  Selection build(const UpdateOptions& options) {
    Selection selection;
    std::vector<const Dataset*> refresh = resolve(options.refresh, "--refresh");
    std::vector<const Dataset*> full = resolve(options.full_refresh, "--full-refresh");
    bool everything = refresh.empty() && full.empty();
    for (const DatasetAnalysis& entry : analysis_.datasets) {
      if (isStored(entry.dataset->kind) && everything)
        selection.updated.insert(entry.key);
    }
    for (const Sink& sink : analysis_.graph->sinks) {
      if (everything)
        selection.updated.insert(datasetKey(sink.name));
      // Databricks: a full refresh does not clear a sink; its flows read their input again
      // and append it.
      if (options.full_refresh_all)
        selection.full_refresh.insert(datasetKey(sink.name));
    }
    for (const Dataset* dataset : refresh)
      selection.updated.insert(datasetKey(dataset->name));
    for (const Dataset* dataset : full) {
      if (!resetAllowed(*dataset)) {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    fmt::format("The {} has the table property pipelines.reset.allowed = false: "
                                "a full refresh would delete rows it cannot compute again. "
                                "Remove the property to allow it.",
                                dataset->describe()));
      }
      selection.updated.insert(datasetKey(dataset->name));
      selection.full_refresh.insert(datasetKey(dataset->name));
    }
    if (options.full_refresh_all) {
      for (const DatasetAnalysis& entry : analysis_.datasets) {
        if (isStored(entry.dataset->kind) && resetAllowed(*entry.dataset))
          selection.full_refresh.insert(entry.key);
      }
    }
    return selection;
  }

 private:
  std::vector<const Dataset*> resolve(const std::vector<std::string>& names,
                                      const std::string& option) {
    std::vector<const Dataset*> datasets;
    for (const std::string& name : names) {
      std::vector<std::string> parts = splitName(name);
      const Dataset* dataset = nullptr;
      if (!parts.empty() && parts.size() <= 3) {
        dataset = analysis_.graph->findDataset(
            qualifyTableName(parts, definition_.catalog, definition_.schema));
      }
      if (dataset == nullptr || !isStored(dataset->kind)) {
        throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                    fmt::format("{} names '{}', which is not a table or materialized view of the "
                                "pipeline '{}'.",
                                option, name, definition_.spec.name));
      }
      datasets.push_back(dataset);
    }
    return datasets;
  }

  static std::vector<std::string> splitName(const std::string& name) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= name.size()) {
      size_t dot = name.find('.', start);
      std::string part =
          name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (part.size() >= 2 && part.front() == '`' && part.back() == '`')
        part = part.substr(1, part.size() - 2);
      if (part.empty())
        return {};
      parts.push_back(part);
      if (dot == std::string::npos)
        break;
      start = dot + 1;
    }
    return parts;
  }

  const PipelineDefinition& definition_;
  const GraphAnalysis& analysis_;
};

class Update {
 public:
  Update(const PipelineDefinition& definition, UpdateObserver& observer)
      : definition_(definition), user_observer_(observer) {}

  UpdateResult run(const UpdateOptions& options) {
    UpdateResult result;
    result.update_id = newUuid();
    checkRefreshOptions(options);
    std::string folder = pipelineFolder(definition_.spec);
    folder_ = folder;
    UpdateLock lock(folder, definition_.spec.name, result.update_id);
    Catalog catalog(definition_.spec.storage);
    ensureNamespace(catalog);
    PipelineState state(folder);
    EventLogWriter event_log(eventLogLocation(folder), state.pipelineId(), definition_.spec.name);
    ObserverFanOut observers({&event_log, &user_observer_});
    observer_ = &observers;

    SchemaOnlyReads schema_only;
    BindingEnvironment binding;
    binding.catalog = &catalog;
    binding.table_functions = &builtinTableFunctions();
    binding.reads = &schema_only;
    binding.relative_path_base = definition_.spec.root;
    GraphAnalysis analysis =
        analyzeGraph(definition_.graph, binding, definition_.registration_errors);
    if (!analysis.errors.empty()) {
      result.errors = std::move(analysis.errors);
      observer_->updateRefused(result.update_id, result.errors);
      return result;
    }
    DatasetTables tables(catalog, definition_.spec.root, state.pipelineId());
    for (const DatasetAnalysis& entry : analysis.datasets) {
      if (isStored(entry.dataset->kind)) {
        try {
          tables.checkOwnership(*entry.dataset);
        } catch (Error& error) {
          result.errors.push_back(std::move(error));
        }
      }
    }
    for (const PipelineFunction& function : definition_.graph.functions) {
      try {
        checkFunctionOwnership(catalog, function, state.pipelineId());
      } catch (Error& error) {
        result.errors.push_back(std::move(error));
      }
    }
    if (!result.errors.empty()) {
      observer_->updateRefused(result.update_id, result.errors);
      return result;
    }
    Selection selection = SelectionBuilder(definition_, analysis).build(options);
    result.validated = true;

    state.startUpdate(result.update_id, epochMillis());
    observer_->updateStarted(result.update_id, analysis);
    finishPendingRefreshes(analysis, state, tables);
    for (const std::string& key : selection.full_refresh)
      fullRefresh(analysis, key, state, tables);
    // Functions first: the views and row filters published after them call them.
    for (const PipelineFunction& function : definition_.graph.functions)
      publishFunction(catalog, function, state.pipelineId());
    for (const DatasetAnalysis& entry : analysis.datasets) {
      if (entry.dataset->kind == DatasetKind::kView)
        tables.publish(*entry.dataset);
    }

    PipelineViews views(definition_.graph);
    FlowRunEnvironment environment;
    environment.analysis = &analysis;
    environment.views = &views;
    environment.state = &state;
    environment.tables = &tables;
    SinkDestinations sinks(catalog, definition_.spec.root);
    environment.sinks = &sinks;
    environment.catalog = &catalog;
    environment.relative_path_base = definition_.spec.root;
    environment.pipeline_folder = folder;
    std::vector<const FlowAnalysis*> flows;
    for (const FlowAnalysis* flow : analysis.flowOrder()) {
      if (selection.updated.count(datasetKey(flow->flow->target)))
        flows.push_back(flow);
      else
        observer_->flowChanged(*flow->flow, FlowState::kExcluded, nullptr);
    }
    for (const FlowAnalysis* flow : flows)
      observer_->flowChanged(*flow->flow, FlowState::kQueued, nullptr);
    FlowOutcomes outcomes;
    runInDependencyOrder(
        flows.size(), flowDependencies(flows), TaskScheduler::shared().threadCount(),
        [&](size_t index) { runScheduledFlow(*flows[index], environment, outcomes); });
    bool failed = outcomes.failed;
    for (Error& error : outcomes.errors)
      result.errors.push_back(std::move(error));
    result.completed = !failed;
    state.finishUpdate(result.update_id, failed ? "FAILED" : "COMPLETED", epochMillis());
    observer_->updateEnded(result.update_id, result.completed);
    return result;
  }

 private:
  //! What the flows of an update have ended as so far; they run on several threads.
  struct FlowOutcomes {
    std::mutex mutex;
    std::map<std::string, FlowState> ended;  // target key: the worst end of a flow into it
    bool failed = false;
    std::vector<Error> errors;
  };

  //! Each flow waits for the flows into the datasets it reads, and for the flows before it
  //! into its own target (one writer per table at a time).
  static std::vector<std::vector<size_t>> flowDependencies(
      const std::vector<const FlowAnalysis*>& flows) {
    std::vector<std::vector<size_t>> waits_for(flows.size());
    for (size_t index = 0; index < flows.size(); ++index) {
      std::string own_target = datasetKey(flows[index]->flow->target);
      for (size_t before = 0; before < flows.size(); ++before) {
        std::string target = datasetKey(flows[before]->flow->target);
        bool earlier_into_same = before < index && target == own_target;
        if (before != index && (earlier_into_same || flows[index]->reads.inputs.count(target)))
          waits_for[index].push_back(before);
      }
    }
    return waits_for;
  }

  //! Runs one flow once the flows it waits for have ended: SKIPPED when one of its inputs
  //! failed.
  void runScheduledFlow(const FlowAnalysis& flow, const FlowRunEnvironment& environment,
                        FlowOutcomes& outcomes) {
    std::string target = datasetKey(flow.flow->target);
    {
      std::lock_guard lock(outcomes.mutex);
      if (upstreamFailed(flow, outcomes.ended)) {
        FlowRunResult skipped;
        skipped.state = FlowState::kSkipped;
        outcomes.ended[target] = FlowState::kSkipped;
        observer_->flowChanged(*flow.flow, FlowState::kSkipped, &skipped);
        return;
      }
    }
    FlowRunEnvironment flow_environment = environment;
    flow_environment.on_state = [&](FlowState state_now) {
      observer_->flowChanged(*flow.flow, state_now, nullptr);
    };
    FlowRunResult run = runFlow(flow, flow_environment);
    {
      std::lock_guard lock(outcomes.mutex);
      if (run.state == FlowState::kFailed) {
        outcomes.failed = true;
        outcomes.ended[target] = FlowState::kFailed;
        if (run.error)
          outcomes.errors.push_back(*run.error);
      } else if (!outcomes.ended.count(target)) {
        outcomes.ended[target] = run.state;
      }
    }
    observer_->flowChanged(*flow.flow, run.state, &run);
  }

  //! The pipeline's default catalog and schema exist before anything is published in them.
  void ensureNamespace(Catalog& catalog) const {
    if (!catalog.catalogExists(definition_.catalog))
      catalog.createCatalog(definition_.catalog);
    SchemaEntry schema;
    schema.catalog = definition_.catalog;
    schema.name = definition_.schema;
    catalog.createSchema(schema, /*if_not_exists=*/true);
  }

  static bool upstreamFailed(const FlowAnalysis& flow,
                             const std::map<std::string, FlowState>& ended) {
    for (const std::string& input : flow.reads.inputs) {
      auto found = ended.find(input);
      if (found != ended.end() &&
          (found->second == FlowState::kFailed || found->second == FlowState::kSkipped))
        return true;
    }
    return false;
  }

  std::vector<std::string> flowKeysInto(const GraphAnalysis& analysis, const std::string& key) {
    std::vector<std::string> flows;
    for (const FlowAnalysis& flow : analysis.flows) {
      if (datasetKey(flow.flow->target) == key)
        flows.push_back(datasetKey(flow.flow->name));
    }
    return flows;
  }

  void fullRefresh(const GraphAnalysis& analysis, const std::string& key, PipelineState& state,
                   DatasetTables& tables) {
    state.beginFullRefresh(key);
    truncateIfStored(analysis, key, tables);
    crashPoint("table-truncated");
    state.finishFullRefresh(key, flowKeysInto(analysis, key));
  }

  //! A full refresh an earlier update began but did not finish.
  void finishPendingRefreshes(const GraphAnalysis& analysis, PipelineState& state,
                              DatasetTables& tables) {
    for (const std::string& key : state.pendingFullRefreshes()) {
      truncateIfStored(analysis, key, tables);
      state.finishFullRefresh(key, flowKeysInto(analysis, key));
    }
  }

  void truncateIfStored(const GraphAnalysis& analysis, const std::string& key,
                        DatasetTables& tables) {
    const DatasetAnalysis* entry = analysis.dataset(key);
    if (entry == nullptr || !isStored(entry->dataset->kind))
      return;
    std::error_code error;
    // An AUTO CDC target's state goes first: a target left with rows and no state would be
    // truncated by the next update, finishing the refresh.
    std::filesystem::remove_all(changeStateLocation(folder_, key), error);
    if (error)
      throw Error(ErrorClass::INTERNAL_ERROR,
                  fmt::format("Cannot remove the AUTO CDC state of {}: {}", key, error.message()));
    if (std::filesystem::exists(
            std::filesystem::path(tables.locationOf(*entry->dataset)) / "_delta_log", error))
      tables.truncate(*entry->dataset, entry->state.schema);
  }

  const PipelineDefinition& definition_;
  UpdateObserver& user_observer_;
  UpdateObserver* observer_ = nullptr;  // the event log, then the user's observer
  std::string folder_;                  // the pipeline's own folder
};

}  // namespace

std::string escapedFileName(std::string_view name) {
  std::string escaped;
  for (unsigned char c : name) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.')
      escaped += static_cast<char>(c);
    else
      escaped += fmt::format("%{:02X}", c);
  }
  return escaped;
}

std::string pipelineFolder(const std::string& storage, const std::string& pipeline_name) {
  return (std::filesystem::path(storage) / "pipelines" / escapedFileName(pipeline_name)).string();
}

UpdateResult runPipelineUpdate(const PipelineDefinition& definition, const UpdateOptions& options,
                               UpdateObserver& observer) {
  return Update(definition, observer).run(options);
}

}  // namespace sluice
