// src/cli/update_display.cpp
#include "cli/update_display.hpp"

#include <ctime>

#include <fmt/format.h>

namespace sluice {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string clockTime() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return fmt::format("{:02}:{:02}:{:02}", local.tm_hour, local.tm_min, local.tm_sec);
}

bool ended(FlowState state) {
  return state == FlowState::kCompleted || state == FlowState::kFailed ||
         state == FlowState::kSkipped || state == FlowState::kExcluded || state == FlowState::kIdle;
}

}  // namespace

UpdateDisplay::UpdateDisplay(std::ostream& out, bool live) : out_(out), live_(live) {}

void UpdateDisplay::updateStarted(const std::string& update_id, const GraphAnalysis& analysis) {
  started_ = std::chrono::steady_clock::now();
  out_ << fmt::format("Update {} of {} flows\n", update_id, analysis.flows.size());
  for (const FlowAnalysis* flow : analysis.flowOrder()) {
    FlowLine line;
    line.name = flow->flow->name.table;
    line.dataset = flow->flow->target.table;
    index_[line.name] = lines_.size();
    lines_.push_back(std::move(line));
  }
  if (live_)
    redraw();
  out_.flush();
}

void UpdateDisplay::flowChanged(const Flow& flow, FlowState state, const FlowRunResult* result) {
  auto found = index_.find(flow.name.table);
  if (found == index_.end())
    return;
  FlowLine& line = lines_[found->second];
  if (state == FlowState::kStarting)
    line.started = std::chrono::steady_clock::now();
  line.state = state;
  if (result != nullptr) {
    line.has_result = true;
    line.result = *result;
  }
  if (live_) {
    redraw();
  } else if (state == FlowState::kRunning || ended(state)) {
    // A plain log keeps the lines that say something: a flow starts its work, or ends.
    out_ << clockTime() << "  " << lineText(line) << "\n";
  }
  out_.flush();
}

std::string UpdateDisplay::lineText(const FlowLine& line) const {
  std::string text = fmt::format("{:<28} {:<10}", line.name, flowStateName(line.state));
  if (line.has_result && line.state == FlowState::kCompleted) {
    double seconds = line.result.seconds;
    double rate = seconds > 0 ? static_cast<double>(line.result.num_output_rows) / seconds : 0;
    text += fmt::format(" {:>12} rows {:>12.0f} rows/s {:>8.2f} s", line.result.num_output_rows,
                        rate, seconds);
  } else if (live_ && !ended(line.state) && line.state != FlowState::kQueued) {
    text += fmt::format(" {:>44.1f} s", secondsSince(line.started));
  }
  return text;
}

void UpdateDisplay::redraw() {
  // Back to the first line drawn last time, then every line again, each cleared first.
  if (drawn_ > 0)
    out_ << fmt::format("\x1b[{}A", drawn_);
  for (const FlowLine& line : lines_)
    out_ << "\r\x1b[2K  " << lineText(line) << "\n";
  drawn_ = lines_.size();
}

void UpdateDisplay::updateEnded(const std::string& update_id, bool completed) {
  printSummary(update_id, completed);
}

void UpdateDisplay::printSummary(const std::string& update_id, bool completed) {
  struct DatasetTotals {
    int64_t rows = 0;
    int64_t passed = 0;
    int64_t failed = 0;
    int64_t dropped = 0;
    double seconds = 0;
    std::string states;
  };
  std::vector<std::string> order;
  std::map<std::string, DatasetTotals> totals;
  for (const FlowLine& line : lines_) {
    if (!totals.count(line.dataset))
      order.push_back(line.dataset);
    DatasetTotals& dataset = totals[line.dataset];
    if (line.has_result) {
      dataset.rows += line.result.num_output_rows;
      dataset.seconds += line.result.seconds;
      dataset.dropped += line.result.dropped_records;
      for (const ExpectationResult& expectation : line.result.expectations) {
        dataset.passed += expectation.passed_records;
        dataset.failed += expectation.failed_records;
      }
    }
    std::string state(flowStateName(line.state));
    if (dataset.states.find(state) == std::string::npos)
      dataset.states += (dataset.states.empty() ? "" : ",") + state;
  }
  out_ << fmt::format("\n{:<28} {:>12} {:>10} {:>10} {:>10} {:>9}  {}\n", "dataset", "rows",
                      "passed", "failed", "dropped", "time", "flows");
  for (const std::string& name : order) {
    const DatasetTotals& dataset = totals[name];
    out_ << fmt::format("{:<28} {:>12} {:>10} {:>10} {:>10} {:>8.2f}s  {}\n", name, dataset.rows,
                        dataset.passed, dataset.failed, dataset.dropped, dataset.seconds,
                        dataset.states);
  }
  out_ << fmt::format("\nUpdate {} {} in {:.2f} s\n", update_id, completed ? "COMPLETED" : "FAILED",
                      secondsSince(started_));
}

}  // namespace sluice
