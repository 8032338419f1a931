// src/pipeline/update/change_batch.hpp
//
// Applies one batch of an AUTO CDC flow. The flow's state (change_state.hpp) lives in a Delta
// table of its own under the pipeline's folder, `cdc/<target>`, whose properties record the
// keys, the SCD type, the sequence's type and the tracked columns. A batch runs the flow's
// query over its input, checks it (no NULL sequence, no NULL key), loads the stored events of
// the keys it touches, applies its events, and then replaces, in the state and in the target,
// the rows of the keys whose events changed (keyed_rows.hpp: deletion vectors where the table
// has them, the state always; rewritten files otherwise). A batch with a TRUNCATE, or whose
// tables changed columns since, loads every key and rewrites both tables whole. Both commits
// carry the batch's txn (the flow's appId, the batch number): when an update stops between
// them, the next one finds the batch in the state's log but not in the target's, and rewrites
// the target whole from the state; a batch is never applied twice nor lost.
//
// A FROM SNAPSHOT batch reads a whole snapshot and compares it with every key's current row
// (ChangeState::diffSnapshot): only the keys it adds, changes or lacks are replaced. The state
// also records the last snapshot's version, which the next must exceed. A batch that upserts
// and deletes nothing (a snapshot equal to the target, events replayed) leaves the target
// without a commit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "function/function.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "planner/logical/logical_operator.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

struct ChangeBatch {
  const Flow* flow = nullptr;
  ChangeCaptureLayout layout;
  std::string state_location;
  std::string target_location;
  //! The target's definition, its columns those the table has now.
  delta::TableDefinition target_definition;
  std::string app_id;
  int64_t batch_id = 0;
  //! pipelines.cdc.tombstoneGCThresholdInSeconds, in microseconds.
  int64_t tombstone_retention = 0;
  //! How many events the batch applies at a time (sluice.cdc.eventsPerSlice): a larger batch is
  //! cut by key hash into slices, each loaded, applied and written before the next, so that
  //! the boxed events and states of all its keys never live in memory at once.
  int64_t events_per_slice = 1 << 20;
  //! FROM SNAPSHOT: the snapshot's version when the source gives one; otherwise the time the
  //! snapshot was read.
  std::optional<Value> snapshot_version;
};

struct ChangeBatchResult {
  int64_t num_upserted_rows = 0;
  int64_t num_deleted_rows = 0;
  int64_t num_output_rows = 0;
  int64_t committed_version = -1;
};

//! Applies the rows of `plan` (the flow's query over the batch's input) to the target.
ChangeBatchResult applyChangeBatch(const ChangeBatch& batch, LogicalOperatorPtr plan,
                                   const ExecContext& exec);

//! Where the AUTO CDC state of the table `target_key` (a dataset key) lives.
std::string changeStateLocation(const std::string& pipeline_folder, const std::string& target_key);

//! The retention of tombstones a target's properties or the flow's settings give, in
//! microseconds (default two days).
int64_t tombstoneRetention(const Dataset& target, const Flow& flow);

//! The flow's sluice.cdc.eventsPerSlice setting, or the default.
int64_t eventsPerSlice(const Flow& flow);

}  // namespace sluice
