// src/cli/update_display.hpp
//
// What `sluice run` shows while an update runs. On a terminal: a line per flow (state, rows,
// rows per second, time), redrawn in place as flows move on. Otherwise (a pipe, a log file,
// CI): one plain line per state change. Both end with a summary per dataset: rows written,
// the expectations' passed / failed / dropped rows, and time.
#pragma once

#include <chrono>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "pipeline/update/pipeline_update.hpp"

namespace sluice {

class UpdateDisplay : public UpdateObserver {
 public:
  UpdateDisplay(std::ostream& out, bool live);

  void updateStarted(const std::string& update_id, const GraphAnalysis& analysis) override;
  void flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) override;
  void updateEnded(const std::string& update_id, bool completed) override;

 private:
  struct FlowLine {
    std::string name;
    std::string dataset;
    FlowState state = FlowState::kQueued;
    std::chrono::steady_clock::time_point started;
    bool has_result = false;
    FlowRunResult result;
  };

  void redraw();
  std::string lineText(const FlowLine& line) const;
  void printSummary(const std::string& update_id, bool completed);

  std::ostream& out_;
  bool live_;
  std::vector<FlowLine> lines_;
  std::map<std::string, size_t> index_;  // flow name: its line
  size_t drawn_ = 0;                     // lines on screen from the last redraw
  std::chrono::steady_clock::time_point started_;
};

}  // namespace sluice
