// src/pipeline/update/flow_execution.hpp
//
// Runs one flow of an update. A materialized view's flow plans its refresh
// (view_refresh_planning.hpp): NO_OP commits nothing, COMPLETE_RECOMPUTE recomputes its query
// and overwrites the table in one commit; what the refresh read is then recorded. An append flow
// runs one batch: it binds its query, whose streaming reads take only the input the flow has not
// read (FlowInputs), and is IDLE when there is none; otherwise it records the batch, appends the
// rows with the batch's txn, and marks the batch committed (pipeline_state.hpp). A ONCE flow runs
// once in its target's life. The query's columns are matched to the table's by name (INSERT BY
// NAME): a column the query lacks is NULL, each value is cast to its column's type. An AUTO CDC
// flow runs its batches the same way, but applies them by key (change_batch.hpp) instead of
// appending. A flow into a sink runs its batches the same way, written by the sink's
// destination (sink_destinations.hpp) instead of a table's commit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/update/dataset_tables.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "pipeline/update/view_refresh_planning.hpp"

namespace sluice {

class SinkDestinations;

//! A flow's state in an update, as Spark names them.
enum class FlowState : uint8_t {
  kQueued,
  kStarting,
  kPlanning,
  kRunning,
  kCompleted,
  kFailed,
  kSkipped,   // downstream of a flow that failed
  kExcluded,  // not selected for this update
  kIdle,      // no new input
};

//! "QUEUED", "STARTING", ..., "IDLE".
std::string_view flowStateName(FlowState state);

//! What one expectation counted in a flow's run.
struct ExpectationResult {
  std::string name;
  std::string dataset;
  ExpectationAction action = ExpectationAction::kWarn;
  int64_t passed_records = 0;
  int64_t failed_records = 0;
};

struct FlowRunResult {
  FlowState state = FlowState::kCompleted;
  int64_t num_output_rows = 0;
  //! AUTO CDC: the changes the batch applied (upserts, deletes of live rows).
  std::optional<int64_t> num_upserted_rows;
  std::optional<int64_t> num_deleted_rows;
  //! The target's version the flow committed, when it committed one.
  std::optional<int64_t> committed_version;
  std::optional<Error> error;
  double seconds = 0;
  //! The expectations of the target and of the views the flow read, and the rows they dropped.
  std::vector<ExpectationResult> expectations;
  int64_t dropped_records = 0;
  //! A materialized view's flow: how its refresh was planned (planning_information).
  std::optional<RefreshPlan> refresh_plan;
};

//! What every flow of an update shares.
struct FlowRunEnvironment {
  const GraphAnalysis* analysis = nullptr;
  const PipelineViews* views = nullptr;
  PipelineState* state = nullptr;
  DatasetTables* tables = nullptr;
  //! Where flows into sinks write (sink_destinations.hpp).
  SinkDestinations* sinks = nullptr;
  const Catalog* catalog = nullptr;
  //! The pipeline's own folder (pipelineFolder): AUTO CDC keeps its state under it.
  std::string pipeline_folder;
  //! The spec's folder: relative paths of read_files are read from it.
  std::string relative_path_base;
  //! Called as the flow moves through its states.
  std::function<void(FlowState)> on_state;
};

//! Runs `flow` (resolved) once; errors become a FAILED result, nothing of the batch committed.
FlowRunResult runFlow(const FlowAnalysis& flow, const FlowRunEnvironment& environment);

//! The appId of the flow's txn actions in its target's log.
std::string flowAppId(const std::string& pipeline_id, const Flow& flow);

}  // namespace sluice
