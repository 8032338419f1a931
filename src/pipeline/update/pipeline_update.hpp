// src/pipeline/update/pipeline_update.hpp
//
// One update of a pipeline (`sluice run`): validate the graph, take the pipeline's lock,
// choose the flows (--refresh, --full-refresh, --full-refresh-all), truncate the tables that
// are fully refreshed and reset their flows' checkpoints, then run the flows in dependency
// order. A flow whose input failed is SKIPPED; flows that do not depend on a failure still
// run. The update ends COMPLETED, or FAILED when a flow failed; a failed flow leaves its
// table at its last committed version.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "pipeline/pipeline_definition.hpp"
#include "pipeline/update/flow_execution.hpp"

namespace sluice {

struct UpdateOptions {
  //! Datasets to update; empty: all of them (unless full_refresh names some).
  std::vector<std::string> refresh;
  //! Datasets to truncate and recompute from all their input.
  std::vector<std::string> full_refresh;
  bool full_refresh_all = false;
};

//! What an update reports as it goes (the terminal display, the event log).
class UpdateObserver {
 public:
  virtual ~UpdateObserver() = default;
  //! The graph was validated and the update starts.
  virtual void updateStarted(const std::string& update_id, const GraphAnalysis& analysis) {}
  //! A flow entered `state`; `result` is set once it has ended.
  virtual void flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) {}
  //! The update ended.
  virtual void updateEnded(const std::string& update_id, bool completed) {}
  //! The graph is invalid: the update ends before it starts.
  virtual void updateRefused(const std::string& update_id, const std::vector<Error>& errors) {}
};

//! Passes every report on to each of several observers, in order.
class ObserverFanOut : public UpdateObserver {
 public:
  explicit ObserverFanOut(std::vector<UpdateObserver*> observers)
      : observers_(std::move(observers)) {}
  // Flows run on several threads: the observers hear of one change at a time.
  void updateStarted(const std::string& update_id, const GraphAnalysis& analysis) override {
    std::lock_guard lock(mutex_);
    for (UpdateObserver* observer : observers_)
      observer->updateStarted(update_id, analysis);
  }
  void flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) override {
    std::lock_guard lock(mutex_);
    for (UpdateObserver* observer : observers_)
      observer->flowChanged(flow, state, result);
  }
  void updateEnded(const std::string& update_id, bool completed) override {
    std::lock_guard lock(mutex_);
    for (UpdateObserver* observer : observers_)
      observer->updateEnded(update_id, completed);
  }
  void updateRefused(const std::string& update_id, const std::vector<Error>& errors) override {
    std::lock_guard lock(mutex_);
    for (UpdateObserver* observer : observers_)
      observer->updateRefused(update_id, errors);
  }

 private:
  std::mutex mutex_;
  std::vector<UpdateObserver*> observers_;
};

struct UpdateResult {
  std::string update_id;
  //! Validation errors (nothing ran) or the errors of failed flows.
  std::vector<Error> errors;
  bool validated = false;
  bool completed = false;
};

//! Runs one update of `definition`.
UpdateResult runPipelineUpdate(const PipelineDefinition& definition, const UpdateOptions& options,
                               UpdateObserver& observer);

//! `name` as one file name: letters, digits, '-', '_' and '.' kept, anything else escaped as
//! %XX.
std::string escapedFileName(std::string_view name);

//! The folder of a pipeline's own files (state, lock, event log) in its storage:
//! <storage>/pipelines/<name>, the name escaped where a file name could not hold it.
std::string pipelineFolder(const std::string& storage, const std::string& pipeline_name);
inline std::string pipelineFolder(const PipelineSpec& spec) {
  return pipelineFolder(spec.storage, spec.name);
}

}  // namespace sluice
