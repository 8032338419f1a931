// src/pipeline/update/pipeline_state.hpp
//
// A pipeline's own state, in SQLite at <storage>/pipelines/<name>/state.db: its id, its
// updates, and each flow's checkpoint, the record that makes every input processed exactly
// once. A streaming batch is planned first (its number and the input it will read: files of a
// read_files path, a range of versions of a Delta table), then its rows are committed to the
// target with a Delta txn (appId = the flow's id, version = the batch number), then it is
// marked committed. After a crash, a planned batch whose txn is in the target's log is
// committed; any other is run again over the input it recorded. Batch numbers only grow, also
// across full refreshes, so that an old txn never hides a new batch.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sluice {

class SqliteDatabase;

//! The input of one batch of a flow, by source: a read_files location's files, or a stream
//! read of a Delta table (by the dataset's key) from one version to another, both included;
//! a range from -1 is the table's whole snapshot at the second version (a stream's first read).
struct BatchInput {
  std::map<std::string, std::vector<std::string>> files;
  std::map<std::string, std::pair<int64_t, int64_t>> versions;

  bool empty() const;
};

struct PlannedBatch {
  int64_t batch_id = 0;
  BatchInput input;
};

//! What a materialized view's last refresh read and wrote: its definition's fingerprint, the
//! content versions of its inputs, the version of the view's table it committed, and the
//! version of each pipeline table it read (by dataset key).
struct ViewRefreshRecord {
  std::string fingerprint;
  std::string inputs;
  int64_t view_version = -1;
  std::map<std::string, int64_t> source_versions;
  //! The version of each state the refresh left (view_distinct_state.hpp), by state key.
  std::map<std::string, int64_t> state_versions;
};

//! Thread-safe: the flows of an update run at the same time and share it.
class PipelineState {
 public:
  //! Opens (creating) the state of the pipeline whose folder is `folder`.
  explicit PipelineState(const std::string& folder);
  ~PipelineState();
  PipelineState(const PipelineState&) = delete;
  PipelineState& operator=(const PipelineState&) = delete;

  //! The pipeline's id, made when its state was first opened.
  const std::string& pipelineId() const { return pipeline_id_; }
  //! The id of the pipeline whose folder is `folder`, without creating anything; nullopt
  //! when it has never run.
  static std::optional<std::string> storedPipelineId(const std::string& folder);

  //! A batch of `flow` that was planned but never marked committed.
  std::optional<PlannedBatch> openBatch(const std::string& flow);
  //! Records batch `batch_id` of `flow` and its input (before its rows are written).
  void planBatch(const std::string& flow, const PlannedBatch& batch);
  //! Marks the batch committed; for a ONCE flow, that it has run.
  void commitBatch(const std::string& flow, int64_t batch_id, bool once);
  //! The number the next batch of `flow` takes.
  int64_t nextBatchId(const std::string& flow);

  //! The files of `location` the committed batches of `flow` read.
  std::set<std::string> processedFiles(const std::string& flow, const std::string& location);
  //! The last version of the Delta table `source` the committed batches of `flow` read.
  std::optional<int64_t> processedVersion(const std::string& flow, const std::string& source);
  //! Whether the ONCE flow has run since its target was last fully refreshed.
  bool onceDone(const std::string& flow);

  //! A full refresh of the table `target` (a dataset key) truncates it and makes its flows
  //! forget what they read and that a ONCE flow ran (and a materialized view its last refresh). It
  //! is recorded before the truncation and finished after it, so that a crash between the two is
  //! completed by the next update.
  void beginFullRefresh(const std::string& target);
  std::vector<std::string> pendingFullRefreshes();
  void finishFullRefresh(const std::string& target, const std::vector<std::string>& flows);

  //! The last refresh of the materialized view `view` (a dataset key) since its last full
  //! refresh; nullopt when there is none.
  std::optional<ViewRefreshRecord> lastViewRefresh(const std::string& view);
  //! Records a refresh of `view` once its commit is in the view's log.
  void recordViewRefresh(const std::string& view, const ViewRefreshRecord& record);

  //! Records the start and the end of an update.
  void startUpdate(const std::string& update_id, int64_t started_ms);
  void finishUpdate(const std::string& update_id, const std::string& state, int64_t ended_ms);

 private:
  std::recursive_mutex mutex_;  // one call at a time on the connection
  std::unique_ptr<SqliteDatabase> db_;
  std::string pipeline_id_;
};

//! A new random id in the 8-4-4-4-12 hex form of a UUID (version 4).
std::string newUuid();

}  // namespace sluice
