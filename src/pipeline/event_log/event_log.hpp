// src/pipeline/event_log/event_log.hpp
//
// A pipeline's event log: a Delta table at <pipeline folder>/event_log that every update
// appends to, in the shape of Databricks' event log so that its queries work on it:
//
//   id STRING, sequence STRUCT<control_plane_seq_no BIGINT>,
//   origin STRUCT<pipeline_id, pipeline_name, update_id, flow_id, flow_name, dataset_name,
//                 source_file STRING, source_line INT>,
//   timestamp TIMESTAMP, level STRING (INFO, WARN, ERROR, METRICS), event_type STRING,
//   message STRING, details STRING (JSON), error STRUCT<error_class STRING, message STRING>
//
// Event types: create_update, dataset_definition, sink_definition ({name, format, options}
// of an external sink), flow_definition, flow_progress (a flow's states; its end carries metrics
// {num_output_rows} and data_quality {dropped_records, expectations [{name, dataset,
// passed_records, failed_records}]}), planning_information (a materialized view's refresh:
// technique_information [{maintenance_type, is_chosen, is_applicable, incrementalization_issues
// [{issue_type, prevent_incrementalization, message}]}], logged as its flow ends) and
// update_progress. Events are buffered and appended as one commit at the end of an update; while it
// runs, the events buffered so far are committed when a flow ends at least a second
// (kFlowEventsInterval) after the last commit or the start, so that a long update shows its
// progress while one shorter than a second makes a single commit, whatever its number of flows.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/update/pipeline_update.hpp"

namespace sluice {

//! The columns of the event log.
std::vector<StructField> eventLogSchema();

//! The event log's folder for the pipeline whose folder is `pipeline_folder`.
std::string eventLogLocation(const std::string& pipeline_folder);

class EventLogWriter : public UpdateObserver {
 public:
  EventLogWriter(std::string location, std::string pipeline_id, std::string pipeline_name);
  ~EventLogWriter() override;

  void updateStarted(const std::string& update_id, const GraphAnalysis& analysis) override;
  void flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) override;
  void updateEnded(const std::string& update_id, bool completed) override;
  void updateRefused(const std::string& update_id, const std::vector<Error>& errors) override;

  //! Appends the buffered events as one commit.
  void flush();

  //! The shortest time between two commits of flow events while an update runs.
  static constexpr std::chrono::milliseconds kFlowEventsInterval{1000};

 private:
  struct Event;
  void add(Event event);
  //! The planning_information event of a materialized view's refresh.
  void addPlanningInformation(const Flow& flow, const RefreshPlan& plan);

  std::string location_;
  std::string pipeline_id_;
  std::string pipeline_name_;
  std::string update_id_;
  int64_t sequence_ = 0;
  std::vector<Event> pending_;
  std::chrono::steady_clock::time_point last_flush_;
};

}  // namespace sluice
