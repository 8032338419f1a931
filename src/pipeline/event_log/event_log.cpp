// src/pipeline/event_log/event_log.cpp
#include "pipeline/event_log/event_log.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/clock.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

namespace {

using nlohmann::json;

DataType originType() {
  return DataType::structOf({
      StructField{"pipeline_id", DataType::string(), true, {}},
      StructField{"pipeline_name", DataType::string(), true, {}},
      StructField{"update_id", DataType::string(), true, {}},
      StructField{"flow_id", DataType::string(), true, {}},
      StructField{"flow_name", DataType::string(), true, {}},
      StructField{"dataset_name", DataType::string(), true, {}},
      StructField{"source_file", DataType::string(), true, {}},
      StructField{"source_line", DataType::intType(), true, {}},
  });
}

DataType sequenceType() {
  return DataType::structOf({StructField{"control_plane_seq_no", DataType::longType(), true, {}}});
}

DataType errorType() {
  return DataType::structOf({
      StructField{"error_class", DataType::string(), true, {}},
      StructField{"message", DataType::string(), true, {}},
  });
}

Value optionalString(const std::string& text) {
  return text.empty() ? Value::null(DataType::string()) : Value::string(text);
}

std::string datasetType(DatasetKind kind) {
  switch (kind) {
    case DatasetKind::kStreamingTable:
      return "STREAMING_TABLE";
    case DatasetKind::kMaterializedView:
      return "MATERIALIZED_VIEW";
    case DatasetKind::kManagedTable:
      return "TABLE";
    case DatasetKind::kView:
      return "VIEW";
    case DatasetKind::kTemporaryView:
      return "TEMPORARY_VIEW";
  }
  return "";
}

std::string flowType(const Flow& flow) {
  switch (flow.kind) {
    case FlowKind::kAppend:
      return flow.once ? "APPEND_ONCE" : "APPEND";
    case FlowKind::kMaterialize:
      return "COMPLETE";
    case FlowKind::kAutoCdc:
      return isSnapshotFlow(flow) ? "SNAPSHOT_CHANGE" : "CHANGE";
  }
  return "";
}

std::string_view actionName(ExpectationAction action) {
  switch (action) {
    case ExpectationAction::kWarn:
      return "WARN";
    case ExpectationAction::kDropRow:
      return "DROP";
    case ExpectationAction::kFailUpdate:
      return "FAIL";
  }
  return "";
}

}  // namespace

struct EventLogWriter::Event {
  std::string level = "INFO";
  std::string event_type;
  std::string message;
  json details;
  std::string flow_id;
  std::string flow_name;
  std::string dataset_name;
  SourceLocation origin;
  std::optional<Error> error;
  //! When it happened (events are appended later, in batches).
  int64_t timestamp_us = 0;
};

std::vector<StructField> eventLogSchema() {
  return {
      StructField{"id", DataType::string(), false, {}},
      StructField{"sequence", sequenceType(), true, {}},
      StructField{"origin", originType(), true, {}},
      StructField{"timestamp", DataType::timestamp(), false, {}},
      StructField{"message", DataType::string(), true, {}},
      StructField{"level", DataType::string(), true, {}},
      StructField{"event_type", DataType::string(), true, {}},
      StructField{"details", DataType::string(), true, {}},
      StructField{"error", errorType(), true, {}},
  };
}

std::string eventLogLocation(const std::string& pipeline_folder) {
  return (std::filesystem::path(pipeline_folder) / "event_log").string();
}

EventLogWriter::EventLogWriter(std::string location, std::string pipeline_id,
                               std::string pipeline_name)
    : location_(std::move(location)),
      pipeline_id_(std::move(pipeline_id)),
      pipeline_name_(std::move(pipeline_name)) {}

EventLogWriter::~EventLogWriter() {
  // An update cut short by an error still logs the flows that ended before it, as it did when
  // each flow's end was committed at once. A destructor must not throw, and the error that
  // ends the update is the one to report.
  try {
    flush();
  } catch (const std::exception&) {
  }
}

void EventLogWriter::add(Event event) {
  event.timestamp_us = epochMicros();
  pending_.push_back(std::move(event));
}

void EventLogWriter::updateStarted(const std::string& update_id, const GraphAnalysis& analysis) {
  update_id_ = update_id;
  Event created;
  created.event_type = "create_update";
  created.message = fmt::format("Update {} started.", update_id);
  created.details = {{"create_update", {{"cause", "USER_ACTION"}}}};
  add(std::move(created));
  for (const DatasetAnalysis& entry : analysis.datasets) {
    const Dataset& dataset = *entry.dataset;
    json columns = json::array();
    for (const StructField& column : entry.state.schema)
      columns.push_back({{"name", column.name}, {"data_type", column.type.sql()}});
    Event defined;
    defined.event_type = "dataset_definition";
    defined.dataset_name = dataset.displayName();
    defined.origin = dataset.origin;
    defined.message = fmt::format("Dataset '{}' is defined as a {}.", defined.dataset_name,
                                  datasetKindName(dataset.kind));
    defined.details = {
        {"dataset_definition", {{"dataset_type", datasetType(dataset.kind)}, {"schema", columns}}}};
    add(std::move(defined));
  }
  for (const Sink& sink : analysis.graph->sinks) {
    Event defined;
    defined.event_type = "sink_definition";
    defined.dataset_name = sink.name.table;
    defined.origin = sink.origin;
    defined.message =
        fmt::format("Sink '{}' is defined with the format {}.", sink.name.table, sink.format);
    defined.details = {
        {"sink_definition",
         {{"name", sink.name.table}, {"format", sink.format}, {"options", json(sink.options)}}}};
    add(std::move(defined));
  }
  for (const FlowAnalysis& entry : analysis.flows) {
    const Flow& flow = *entry.flow;
    json inputs = json::array();
    for (const std::string& input : entry.reads.inputs)
      inputs.push_back(input);
    Event defined;
    defined.event_type = "flow_definition";
    defined.flow_id = datasetKey(flow.name);
    defined.flow_name = flow.name.toString();
    defined.dataset_name = flow.target.toString();
    defined.origin = flow.origin;
    defined.message = fmt::format("Flow '{}' is defined as {}.", flow.name.table, flowType(flow));
    defined.details = {{"flow_definition",
                        {{"output_dataset", flow.target.toString()},
                         {"input_datasets", inputs},
                         {"flow_type", flowType(flow)},
                         {"streaming", entry.reads.reads_stream}}}};
    add(std::move(defined));
  }
  Event running;
  running.event_type = "update_progress";
  running.message = fmt::format("Update {} is RUNNING.", update_id);
  running.details = {{"update_progress", {{"state", "RUNNING"}}}};
  add(std::move(running));
  // The start's events go with the first commit of flow events, a second from now at the
  // latest: an update shorter than that makes a single commit.
  last_flush_ = std::chrono::steady_clock::now();
}

void EventLogWriter::flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) {
  if (result != nullptr && result->refresh_plan)
    addPlanningInformation(flow, *result->refresh_plan);
  Event event;
  event.event_type = "flow_progress";
  event.flow_id = datasetKey(flow.name);
  event.flow_name = flow.name.toString();
  event.dataset_name = flow.target.toString();
  event.origin = flow.origin;
  event.message = fmt::format("Flow '{}' has {}.", flow.name.table, flowStateName(state));
  json progress = {{"status", std::string(flowStateName(state))}};
  if (result != nullptr && state == FlowState::kCompleted) {
    event.level = "METRICS";
    progress["metrics"] = {{"num_output_rows", result->num_output_rows}};
    if (result->num_upserted_rows)
      progress["metrics"]["num_upserted_rows"] = *result->num_upserted_rows;
    if (result->num_deleted_rows)
      progress["metrics"]["num_deleted_rows"] = *result->num_deleted_rows;
    json expectations = json::array();
    for (const ExpectationResult& expectation : result->expectations) {
      expectations.push_back({{"name", expectation.name},
                              {"dataset", expectation.dataset},
                              {"action", std::string(actionName(expectation.action))},
                              {"passed_records", expectation.passed_records},
                              {"failed_records", expectation.failed_records}});
    }
    progress["data_quality"] = {{"dropped_records", result->dropped_records},
                                {"expectations", expectations}};
  }
  if (state == FlowState::kFailed) {
    event.level = "ERROR";
    if (result != nullptr && result->error)
      event.error = *result->error;
  }
  if (state == FlowState::kSkipped)
    event.level = "WARN";
  event.details = {{"flow_progress", progress}};
  add(std::move(event));
  // A flow's end is committed with the next commit if the last one is recent: the update's end
  // commits every buffered event, and a killed update loses at most the last second's flow
  // events, which no update reads (the event log only reports; a flow's progress is recorded
  // in the pipeline's state and its table's commits).
  if (result != nullptr && std::chrono::steady_clock::now() - last_flush_ >= kFlowEventsInterval)
    flush();
}

void EventLogWriter::addPlanningInformation(const Flow& flow, const RefreshPlan& plan) {
  json techniques = json::array();
  for (const TechniqueInformation& technique : plan.techniques) {
    json issues = json::array();
    for (const IncrementalizationIssue& issue : technique.issues) {
      issues.push_back({{"issue_type", issue.issue_type},
                        {"prevent_incrementalization", true},
                        {"message", issue.message}});
    }
    techniques.push_back(
        {{"maintenance_type", std::string(maintenanceTypeName(technique.maintenance_type))},
         {"is_chosen", technique.is_chosen},
         {"is_applicable", technique.is_applicable},
         {"incrementalization_issues", issues}});
  }
  Event event;
  event.event_type = "planning_information";
  event.flow_id = datasetKey(flow.name);
  event.flow_name = flow.name.toString();
  event.dataset_name = flow.target.toString();
  event.origin = flow.origin;
  event.message = fmt::format("Flow '{}' has been planned to be executed as {}.", flow.name.table,
                              maintenanceTypeName(plan.chosen));
  event.details = {{"planning_information", {{"technique_information", techniques}}}};
  add(std::move(event));
}

void EventLogWriter::updateEnded(const std::string& update_id, bool completed) {
  std::string state = completed ? "COMPLETED" : "FAILED";
  Event ended;
  ended.event_type = "update_progress";
  ended.level = completed ? "INFO" : "ERROR";
  ended.message = fmt::format("Update {} is {}.", update_id, state);
  ended.details = {{"update_progress", {{"state", state}}}};
  add(std::move(ended));
  flush();
}

void EventLogWriter::updateRefused(const std::string& update_id, const std::vector<Error>& errors) {
  update_id_ = update_id;
  Event created;
  created.event_type = "create_update";
  created.message = fmt::format("Update {} started.", update_id);
  created.details = {{"create_update", {{"cause", "USER_ACTION"}}}};
  add(std::move(created));
  for (const Error& error : errors) {
    Event invalid;
    invalid.level = "ERROR";
    invalid.event_type = "update_progress";
    invalid.message = error.message();
    if (error.location())
      invalid.origin = *error.location();
    invalid.details = {{"update_progress", {{"state", "FAILED"}}}};
    invalid.error = error;
    add(std::move(invalid));
  }
  Event ended;
  ended.event_type = "update_progress";
  ended.level = "ERROR";
  ended.message =
      fmt::format("Update {} is FAILED: the pipeline has {} error(s).", update_id, errors.size());
  ended.details = {{"update_progress", {{"state", "FAILED"}}}};
  add(std::move(ended));
  flush();
}

void EventLogWriter::flush() {
  if (pending_.empty())
    return;
  std::vector<StructField> schema = eventLogSchema();
  idx_t rows = pending_.size();
  Batch batch;
  batch.num_rows = rows;
  for (const StructField& field : schema)
    batch.columns.emplace_back(field.type, rows);
  for (idx_t row = 0; row < rows; ++row) {
    const Event& event = pending_[row];
    // Strictly increasing within a process, and after every earlier update's events.
    int64_t now = event.timestamp_us;
    sequence_ = std::max(sequence_ + 1, now);
    batch.columns[0].setValue(row, Value::string(newUuid()));
    batch.columns[1].setValue(row, Value::nested(sequenceType(), {Value::longValue(sequence_)}));
    batch.columns[2].setValue(
        row,
        Value::nested(
            originType(),
            {Value::string(pipeline_id_), Value::string(pipeline_name_), optionalString(update_id_),
             optionalString(event.flow_id), optionalString(event.flow_name),
             optionalString(event.dataset_name), optionalString(event.origin.source_name),
             event.origin.line > 0 ? Value::intValue(static_cast<int32_t>(event.origin.line))
                                   : Value::null(DataType::intType())}));
    batch.columns[3].setValue(row, Value::timestamp(now));
    batch.columns[4].setValue(row, Value::string(event.message));
    batch.columns[5].setValue(row, Value::string(event.level));
    batch.columns[6].setValue(row, Value::string(event.event_type));
    batch.columns[7].setValue(row, Value::string(event.details.dump()));
    batch.columns[8].setValue(
        row, event.error ? Value::nested(errorType(), {Value::string(event.error->fullClassName()),
                                                       Value::string(event.error->message())})
                         : Value::null(errorType()));
  }
  delta::TableWriteOptions options;
  options.mode = delta::WriteMode::kAppend;
  delta::TableDefinition definition;
  definition.schema = std::move(schema);
  definition.name = "event_log";
  definition.description = "The event log of the pipeline " + pipeline_name_;
  options.definition = std::move(definition);
  options.operation = "WRITE";
  delta::DeltaTableWriter writer(location_, std::move(options));
  writer.write(batch);
  writer.commit();
  pending_.clear();
  last_flush_ = std::chrono::steady_clock::now();
}

}  // namespace sluice
