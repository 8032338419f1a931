// src/pipeline/update/flow_execution.cpp
#include "pipeline/update/flow_execution.hpp"

#include <chrono>
#include <functional>

#include <fmt/format.h>

#include "exec/plan_optimization.hpp"
#include "exec/table_function/builtin_table_functions.hpp"
#include "exec/table_function/delta_table_reader.hpp"
#include "exec/table_sink.hpp"
#include "pipeline/graph/expectation_binding.hpp"
#include "pipeline/update/change_batch.hpp"
#include "pipeline/update/change_state_version.hpp"
#include "pipeline/update/crash_point.hpp"
#include "pipeline/update/incremental_refresh.hpp"
#include "pipeline/update/insert_by_name.hpp"
#include "pipeline/update/sink_destinations.hpp"
#include "pipeline/update/view_distinct_state.hpp"
#include "planner/optimizer/optimizer_rules.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! "The view ..." as it reads inside a sentence.
std::string lowerFirst(std::string text) {
  if (!text.empty())
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

FlowRunResult endedIn(FlowState state) {
  FlowRunResult result;
  result.state = state;
  return result;
}

class FlowRun {
 public:
  FlowRun(const FlowAnalysis& flow, const FlowRunEnvironment& environment)
      : flow_(flow), environment_(environment) {}

  FlowRunResult run() {
    auto started = std::chrono::steady_clock::now();
    FlowRunResult result;
    try {
      result = runFlowKind();
    } catch (Error& error) {
      error.withLocation(flow_.flow->origin);
      result.state = FlowState::kFailed;
      result.error = std::move(error);
    }
    result.refresh_plan = std::move(refresh_plan_);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
  }

 private:
  void enter(FlowState state) const {
    if (environment_.on_state)
      environment_.on_state(state);
  }

  const Dataset& target() const {
    const Dataset* dataset = environment_.analysis->graph->findDataset(flow_.flow->target);
    SLUICE_CHECK(dataset != nullptr);
    return *dataset;
  }

  //! The dataset's columns as the graph resolved them.
  const std::vector<StructField>& resolvedSchema() const {
    const DatasetAnalysis* entry = environment_.analysis->dataset(datasetKey(flow_.flow->target));
    SLUICE_CHECK(entry != nullptr);
    return entry->state.schema;
  }

  //! The columns the flow writes: the table's, evolved to take the flow's new columns.
  const std::vector<StructField>& targetSchema() const { return table_schema_; }

  BindingEnvironment bindingEnvironment(const DatasetReads& reads,
                                        const FileStreamSelector* file_stream) const {
    BindingEnvironment binding;
    binding.catalog = environment_.catalog;
    binding.table_functions = &builtinTableFunctions();
    binding.reads = &reads;
    binding.file_stream = file_stream;
    binding.relative_path_base = environment_.relative_path_base;
    return binding;
  }

  //! Checks the target's expectations on `plan` (the flow's query, in the table's columns),
  //! optimizes it and writes it; the expectations' counts go to `result`.
  void write(LogicalOperatorPtr plan, const RelationReads& reads, delta::TableWriteOptions options,
             FlowRunResult& result) const {
    ExecContext exec = executionContext(flow_.flow->context);
    const Dataset& dataset = target();
    std::vector<std::shared_ptr<ExpectationTally>> tallies = reads.view_expectations;
    plan = projectByName(std::move(plan), targetSchema());
    if (dataset.expectations != nullptr && !dataset.expectations->empty()) {
      std::shared_ptr<ExpectationCheck> check = bindExpectationCheck(
          *dataset.expectations, *dataset.statement, dataset.name.table, targetSchema(), exec);
      tallies.push_back(check->tally);
      plan = applyExpectationCheck(std::move(plan), std::move(check));
    }
    LogicalOperatorPtr optimized = optimizePlan(std::move(plan), exec);
    delta::TableWriteResult written = writeToTable(
        optimized.get(), exec, environment_.tables->locationOf(dataset), std::move(options));
    countExpectations(tallies, result);
    result.num_output_rows = written.num_rows;
    result.committed_version = written.version;
  }

  //! What the expectations `tallies` counted, into `result`.
  static void countExpectations(const std::vector<std::shared_ptr<ExpectationTally>>& tallies,
                                FlowRunResult& result) {
    for (const std::shared_ptr<ExpectationTally>& tally : tallies) {
      result.dropped_records += tally->dropped.load();
      for (const std::shared_ptr<ExpectationCounts>& counts : tally->expectations) {
        result.expectations.push_back(ExpectationResult{counts->name, counts->dataset,
                                                        counts->action, counts->passed.load(),
                                                        counts->failed.load()});
      }
    }
  }

  FlowRunResult runFlowKind() {
    enter(FlowState::kStarting);
    if (const Sink* sink = environment_.analysis->graph->findSink(flow_.flow->target))
      return appendToSink(environment_.sinks->of(*sink));
    const Dataset& dataset = target();
    environment_.tables->ensureTable(dataset, resolvedSchema());
    // A materialized view replaces its schema with each refresh; an appended table keeps its
    // columns and gains the new ones.
    table_schema_ = flow_.flow->kind == FlowKind::kMaterialize
                        ? resolvedSchema()
                        : environment_.tables->evolveSchema(dataset, resolvedSchema());
    if (flow_.flow->kind == FlowKind::kMaterialize)
      return materialize();
    return append();
  }

  //! Binds the view's query for its refresh's techniques, which judge and rewrite the plan's
  //! shape: without the projections below the root that pass their input on unchanged, so
  //! that a query of nested subqueries (a Python DataFrame's, one a step) is planned as its
  //! SQL form is.
  LogicalOperatorPtr bindView(const DatasetReads& reads, RelationReads* relations) const {
    LogicalOperatorPtr plan =
        bindFlowQuery(*environment_.analysis, *environment_.views, *flow_.flow,
                      bindingEnvironment(reads, nullptr), relations);
    removeIdentityProjections(*plan);
    return plan;
  }

  //! Plans the view's refresh (view_refresh_planning.hpp) and runs the technique chosen.
  FlowRunResult materialize() {
    enter(FlowState::kPlanning);
    const Dataset& dataset = target();
    PipelineState& state = *environment_.state;
    std::string view = datasetKey(dataset.name);
    std::string location = environment_.tables->locationOf(dataset);
    ViewInputReads reads(*environment_.tables);
    RelationReads relations;
    LogicalOperatorPtr plan = bindView(reads, &relations);

    ViewRefreshInputs now;
    now.fingerprint = viewFingerprint(sql::printStatement(*dataset.statement),
                                      flow_.flow->context.settings, targetSchema());
    now.view_version = delta::openSnapshot(location).version;
    now.source_versions = reads.versions();
    describePlanInputs(*plan, reads.scansOf(nullptr), now);
    std::optional<ViewRefreshRecord> last = state.lastViewRefresh(view);
    std::map<std::string, std::vector<delta::AddFile>> appended;
    SourceChanges changes;
    if (last)
      changes = sourceChanges(*last, reads, appended);
    bool has_expectations = dataset.expectations != nullptr && !dataset.expectations->empty();
    sql::RefreshPolicy policy = dataset.spec != nullptr && dataset.spec->refresh_policy
                                    ? *dataset.spec->refresh_policy
                                    : sql::RefreshPolicy::kAuto;
    ViewDistinctStates distinct_states(environment_.pipeline_folder, view, targetSchema(), *plan);
    refresh_plan_ = planViewRefresh(
        last, now, changes,
        incrementalTechniques(*plan, reads.scansOf(&changes.changed), has_expectations,
                              targetSchema(), distinct_states.current(last)),
        policy);
    if (refresh_plan_->refusal) {
      throw Error(ErrorClass::MATERIALIZED_VIEW_NOT_INCREMENTALIZABLE,
                  refresh_plan_->refusal->issue_type,
                  fmt::format("The materialized view {} has REFRESH POLICY {}, but {}",
                              dataset.name.quoted(), sql::refreshPolicyName(policy),
                              lowerFirst(refresh_plan_->refusal->message)));
    }
    MaintenanceType technique = refresh_plan_->chosen;
    if (technique == MaintenanceType::kNoOp)
      return endedIn(FlowState::kCompleted);

    enter(FlowState::kRunning);
    ExecContext exec = executionContext(flow_.flow->context);
    std::map<std::string, int64_t> state_versions;
    // The count(DISTINCT) states from the whole input, at the versions the refresh read.
    auto gatherStates = [&] {
      ViewInputReads whole(*environment_.tables, reads.versions());
      std::vector<TableFunctionBinding> states =
          distinct_states.gather([&] { return bindView(whole, nullptr); }, exec, state_versions);
      crashPoint("view-state-written");
      return states;
    };
    delta::TableWriteOptions options;
    options.mode = delta::WriteMode::kOverwrite;
    options.definition = environment_.tables->definitionOf(dataset, targetSchema());
    options.operation = "MATERIALIZED VIEW REFRESH";
    FlowRunResult result;
    if (technique == MaintenanceType::kAppendOnly) {
      ViewInputReads new_rows(*environment_.tables, reads.versions(), appended);
      RelationReads new_relations;
      LogicalOperatorPtr delta_plan = bindView(new_rows, &new_relations);
      options.mode = delta::WriteMode::kAppend;
      write(std::move(delta_plan), new_relations, std::move(options), result);
    } else if (technique == MaintenanceType::kGroupAggregate) {
      ViewInputReads new_rows(*environment_.tables, reads.versions(), appended);
      std::vector<TableFunctionBinding> unseen_pairs = distinct_states.addUnseenPairs(
          [&] { return bindView(new_rows, nullptr); }, *last, exec, state_versions);
      if (!unseen_pairs.empty())
        crashPoint("view-state-written");
      auto view_snapshot = std::make_shared<const delta::Snapshot>(
          delta::openSnapshot(location, {now.view_version, {}}));
      plan = groupAggregatePlan(bindView(new_rows, nullptr),
                                deltaSnapshotBinding(dataset.name.toString(), view_snapshot),
                                targetSchema(), std::move(unseen_pairs));
      write(std::move(plan), relations, std::move(options), result);
    } else if (technique == MaintenanceType::kGenericAggregate) {
      ViewInputReads new_rows(*environment_.tables, reads.versions(), appended);
      LogicalOperatorPtr keys = bindView(new_rows, nullptr);
      LogicalOperatorPtr keys_again = bindView(new_rows, nullptr);
      auto view_snapshot = std::make_shared<const delta::Snapshot>(
          delta::openSnapshot(location, {now.view_version, {}}));
      plan = genericAggregatePlan(std::move(plan), std::move(keys), std::move(keys_again),
                                  deltaSnapshotBinding(dataset.name.toString(), view_snapshot),
                                  targetSchema());
      write(std::move(plan), relations, std::move(options), result);
      // Chosen over GROUP_AGGREGATE only when the states were not current.
      if (!distinct_states.empty())
        gatherStates();
    } else if (!distinct_states.empty()) {
      // The states first: the recompute takes its count(DISTINCT)s from them rather than
      // count every value again.
      std::vector<TableFunctionBinding> states = gatherStates();
      plan = groupAggregatePlan(std::move(plan), std::nullopt, targetSchema(), std::move(states));
      write(std::move(plan), relations, std::move(options), result);
    } else {
      write(std::move(plan), relations, std::move(options), result);
    }
    ViewRefreshRecord record;
    record.fingerprint = now.fingerprint;
    record.inputs = now.inputs.value_or("");
    record.view_version = result.committed_version.value_or(now.view_version);
    record.source_versions = now.source_versions;
    record.state_versions = std::move(state_versions);
    state.recordViewRefresh(view, record);
    return result;
  }

  //! How a flow's batches reach its target: the last batch of the flow the target holds, and
  //! the write of one batch (the flow's query over the batch's input).
  struct BatchTarget {
    std::function<std::optional<int64_t>(const std::string& app_id)> last_committed;
    std::function<void(LogicalOperatorPtr plan, const RelationReads& relations, int64_t batch_id,
                       const std::string& app_id, FlowRunResult& result)>
        write;
  };

  //! A table's batch: one commit carrying the batch's txn (an AUTO CDC flow applies it).
  FlowRunResult append() {
    std::string location = environment_.tables->locationOf(target());
    if (flow_.flow->snapshot_function != nullptr)
      return applySnapshots(location);
    BatchTarget table;
    table.last_committed = [&](const std::string& app_id) {
      return delta::lastCommittedVersion(location, app_id);
    };
    table.write = [&](LogicalOperatorPtr plan, const RelationReads& relations, int64_t batch_id,
                      const std::string& app_id, FlowRunResult& result) {
      if (flow_.flow->kind == FlowKind::kAutoCdc) {
        applyChanges(std::move(plan), batch_id, app_id, location, result, std::nullopt);
        return;
      }
      delta::TableWriteOptions options;
      options.mode = delta::WriteMode::kAppend;
      // The table exists (ensureTable); its definition tells the sink its clustering without
      // another read of the log.
      options.definition = environment_.tables->definitionOf(target(), targetSchema());
      options.app_id = app_id;
      options.app_version = batch_id;
      options.operation = "STREAMING UPDATE";
      write(std::move(plan), relations, std::move(options), result);
    };
    return runBatch(table);
  }

  //! A sink's batch, written by its destination (sink_destinations.hpp).
  FlowRunResult appendToSink(SinkDestination& sink) {
    BatchTarget destination;
    destination.last_committed = [&](const std::string& app_id) {
      return sink.lastCommittedBatch(app_id);
    };
    destination.write = [&](LogicalOperatorPtr plan, const RelationReads& relations,
                            int64_t batch_id, const std::string& app_id, FlowRunResult& result) {
      ExecContext exec = executionContext(flow_.flow->context);
      result.num_output_rows = sink.write(std::move(plan), exec, SinkBatch{app_id, batch_id});
      crashPoint("sink-written");
      countExpectations(relations.view_expectations, result);
    };
    return runBatch(destination);
  }

  //! Runs the flow's next batch into `destination`: planned (its input recorded), written,
  //! then marked committed; or first finishes a batch an update that stopped had planned.
  FlowRunResult runBatch(const BatchTarget& destination) {
    PipelineState& state = *environment_.state;
    const Flow& flow = *flow_.flow;
    std::string key = datasetKey(flow.name);
    std::string app_id = flowAppId(state.pipelineId(), flow);

    // A batch planned by an update that stopped: committed if it reached the target,
    // otherwise run again over the input it recorded.
    std::optional<PlannedBatch> recovering = state.openBatch(key);
    if (recovering) {
      std::optional<int64_t> committed = destination.last_committed(app_id);
      if (committed && *committed >= recovering->batch_id) {
        state.commitBatch(key, recovering->batch_id, flow.once);
        recovering.reset();
      }
    }
    if (!recovering && flow.once && state.onceDone(key))
      return endedIn(FlowState::kIdle);

    enter(FlowState::kPlanning);
    FlowInputs inputs(state, key, *environment_.tables, recovering);
    RelationReads relations;
    LogicalOperatorPtr plan = bindFlowQuery(*environment_.analysis, *environment_.views, flow,
                                            bindingEnvironment(inputs, &inputs), &relations);
    bool streaming = flow_.reads.reads_stream && !flow.once;
    if (!recovering && streaming && !inputs.hasNewInput())
      return endedIn(FlowState::kIdle);

    PlannedBatch batch;
    batch.batch_id = recovering ? recovering->batch_id : state.nextBatchId(key);
    batch.input = recovering ? recovering->input : inputs.chosen();
    state.planBatch(key, batch);
    crashPoint("batch-planned");

    enter(FlowState::kRunning);
    FlowRunResult result;
    destination.write(std::move(plan), relations, batch.batch_id, app_id, result);
    crashPoint("batch-written");
    state.commitBatch(key, batch.batch_id, flow.once);
    return result;
  }

  //! An AUTO CDC FROM SNAPSHOT flow whose source is a function (snapshot_function.hpp): the
  //! function is called with the version of the last snapshot the state holds, and each
  //! snapshot it gives is one batch, planned, applied and committed like any flow's, until it
  //! gives none. Since the state's version is what the next call receives, a batch an update
  //! stopped in is neither applied twice nor passed over: a batch the state holds but the
  //! target does not only has the target written again.
  FlowRunResult applySnapshots(const std::string& location) {
    PipelineState& state = *environment_.state;
    const Flow& flow = *flow_.flow;
    std::string key = datasetKey(flow.name);
    std::string app_id = flowAppId(state.pipelineId(), flow);
    std::string state_location =
        changeStateLocation(environment_.pipeline_folder, datasetKey(flow.target));
    ExecContext exec = executionContext(flow.context);
    FlowRunResult total;
    bool running = false;
    auto run = [&] {
      if (!running)
        enter(FlowState::kRunning);
      running = true;
    };
    auto add = [&](const FlowRunResult& result) {
      total.num_output_rows = result.num_output_rows;
      total.num_upserted_rows = total.num_upserted_rows.value_or(0) + *result.num_upserted_rows;
      total.num_deleted_rows = total.num_deleted_rows.value_or(0) + *result.num_deleted_rows;
      if (result.committed_version)
        total.committed_version = result.committed_version;
    };

    enter(FlowState::kPlanning);
    std::optional<PlannedBatch> recovering = state.openBatch(key);
    if (recovering) {
      std::optional<int64_t> in_target = delta::lastCommittedVersion(location, app_id);
      std::optional<int64_t> in_state = delta::lastCommittedVersion(state_location, app_id);
      if (in_target && *in_target >= recovering->batch_id) {
        state.commitBatch(key, recovering->batch_id, flow.once);
        recovering.reset();
      } else if (in_state && *in_state >= recovering->batch_id) {
        // The state applied the snapshot: the target is written from it, the query unread.
        FlowRunResult result;
        ViewInputReads reads(*environment_.tables);
        run();
        applyChanges(bindFlowQuery(*environment_.analysis, *environment_.views, flow,
                                   bindingEnvironment(reads, nullptr)),
                     recovering->batch_id, app_id, location, result, std::nullopt);
        crashPoint("batch-written");
        state.commitBatch(key, recovering->batch_id, flow.once);
        add(result);
        recovering.reset();
      }
    }
    // AUTO CDC ONCE applies one snapshot in its target's life.
    while (!(flow.once && state.onceDone(key))) {
      std::optional<SnapshotStateRecord> stored = readSnapshotState(state_location);
      std::optional<Value> latest = stored ? stored->version : std::nullopt;
      std::optional<FunctionSnapshot> next = flow.snapshot_function->next(latest, exec);
      if (!next)
        break;
      Flow snapshot_flow = flow;
      std::vector<sql::StatementPtr> statements =
          sql::parseStatements(next->query, fmt::format("<AUTO CDC {}>", flow.name.toString()));
      SLUICE_CHECK(statements.size() == 1 && statements[0]->kind() == sql::StatementKind::kQuery);
      snapshot_flow.change_query = std::shared_ptr<const sql::Statement>(std::move(statements[0]));
      snapshot_flow.query = snapshot_flow.change_query->as<sql::QueryStatement>().query.get();
      ViewInputReads reads(*environment_.tables);
      LogicalOperatorPtr plan = bindFlowQuery(*environment_.analysis, *environment_.views,
                                              snapshot_flow, bindingEnvironment(reads, nullptr));

      PlannedBatch batch;
      batch.batch_id = recovering ? recovering->batch_id : state.nextBatchId(key);
      recovering.reset();
      state.planBatch(key, batch);
      crashPoint("batch-planned");
      FlowRunResult result;
      run();
      applyChanges(std::move(plan), batch.batch_id, app_id, location, result, next->version);
      crashPoint("batch-written");
      state.commitBatch(key, batch.batch_id, flow.once);
      add(result);
    }
    if (!running)
      return endedIn(FlowState::kIdle);
    return total;
  }

  //! Applies an AUTO CDC batch (`plan`, the flow's query over its input) to the target;
  //! `snapshot_version` is the version of a snapshot a function gave.
  void applyChanges(LogicalOperatorPtr plan, int64_t batch_id, const std::string& app_id,
                    const std::string& location, FlowRunResult& result,
                    std::optional<Value> snapshot_version) const {
    const Flow& flow = *flow_.flow;
    ChangeBatch batch;
    batch.flow = &flow;
    batch.layout = resolveChangeCapture(flow, outputColumns(*plan));
    batch.state_location =
        changeStateLocation(environment_.pipeline_folder, datasetKey(flow.target));
    batch.target_location = location;
    batch.target_definition = environment_.tables->definitionOf(target(), targetSchema());
    batch.app_id = app_id;
    batch.batch_id = batch_id;
    batch.tombstone_retention = tombstoneRetention(target(), flow);
    batch.events_per_slice = eventsPerSlice(flow);
    batch.snapshot_version = std::move(snapshot_version);
    ExecContext exec = executionContext(flow.context);
    ChangeBatchResult applied = applyChangeBatch(batch, std::move(plan), exec);
    result.num_output_rows = applied.num_output_rows;
    result.num_upserted_rows = applied.num_upserted_rows;
    result.num_deleted_rows = applied.num_deleted_rows;
    if (applied.committed_version >= 0)
      result.committed_version = applied.committed_version;
  }

  const FlowAnalysis& flow_;
  const FlowRunEnvironment& environment_;
  std::vector<StructField> table_schema_;
  //! A materialized view's choice of technique, once made.
  std::optional<RefreshPlan> refresh_plan_;
};

}  // namespace

std::string_view flowStateName(FlowState state) {
  switch (state) {
    case FlowState::kQueued:
      return "QUEUED";
    case FlowState::kStarting:
      return "STARTING";
    case FlowState::kPlanning:
      return "PLANNING";
    case FlowState::kRunning:
      return "RUNNING";
    case FlowState::kCompleted:
      return "COMPLETED";
    case FlowState::kFailed:
      return "FAILED";
    case FlowState::kSkipped:
      return "SKIPPED";
    case FlowState::kExcluded:
      return "EXCLUDED";
    case FlowState::kIdle:
      return "IDLE";
  }
  return "";
}

std::string flowAppId(const std::string& pipeline_id, const Flow& flow) {
  return pipeline_id + ":" + datasetKey(flow.name);
}

FlowRunResult runFlow(const FlowAnalysis& flow, const FlowRunEnvironment& environment) {
  return FlowRun(flow, environment).run();
}

}  // namespace sluice
