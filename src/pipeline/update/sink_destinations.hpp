// src/pipeline/update/sink_destinations.hpp
//
// Where the batches of flows into sinks go (dataflow_graph.hpp's Sink). A delta sink is a
// Delta table at its `path`, or the catalog table of its `tableName` (created where the
// catalog keeps tables when it is missing, with no owning pipeline); each batch is one
// append commit carrying the flow's txn, as a table's batch is, and columns a flow adds
// are added to the table first. A file sink (parquet, json, csv) is a folder: a batch of a
// flow is written as files named after the flow and the batch (sink_files.hpp), then
// recorded in the folder's commit log, so a batch retried after a crash replaces its files
// instead of adding them twice. The pipeline never reads a sink, and a full refresh leaves
// it as it is: what is processed again is appended, as Databricks documents.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "function/function.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! One batch of one flow into a sink.
struct SinkBatch {
  //! The flow's txn appId (flowAppId).
  std::string app_id;
  int64_t batch_id = 0;
};

class SinkDestination {
 public:
  virtual ~SinkDestination() = default;
  //! The last batch of the flow `app_id` the destination holds, if any.
  virtual std::optional<int64_t> lastCommittedBatch(const std::string& app_id) const = 0;
  //! Writes the rows of `plan` (the flow's query) as `batch`; returns the rows written.
  virtual int64_t write(LogicalOperatorPtr plan, const ExecContext& exec,
                        const SinkBatch& batch) = 0;
};

//! The destinations of an update's sinks, opened as their flows first need them; flows on
//! several threads share it.
class SinkDestinations {
 public:
  //! `relative_path_base` resolves relative paths (the spec's folder, as for read_files).
  SinkDestinations(Catalog& catalog, std::string relative_path_base);
  ~SinkDestinations();

  SinkDestination& of(const Sink& sink);

 private:
  std::unique_ptr<SinkDestination> open(const Sink& sink);

  Catalog& catalog_;
  std::string relative_path_base_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<SinkDestination>> opened_;
};

}  // namespace sluice
