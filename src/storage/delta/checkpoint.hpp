// src/storage/delta/checkpoint.hpp
//
// Checkpoints (PROTOCOL.md, "Checkpoints", "Checkpoint Specs", "Checkpoint Naming Scheme").
//
// Reading takes every shape Spark and Databricks write: classic single-file Parquet (v1 spec,
// or v2 spec when it holds a checkpointMetadata action), multi-part Parquet (every part, in
// order), and UUID-named v2 checkpoints in JSON or Parquet. The sidecar actions of a v2 spec
// checkpoint are replaced by the add and remove actions of the Parquet files they name in
// _delta_log/_sidecars; a missing part or sidecar is DELTA_MISSING_PART_FILES naming the file.
// Columns other than the action kinds (stats_parsed, partitionValues_parsed, ...) are ignored.
//
// Writing makes one row per action of the reconciled state, one nullable struct column per
// action kind, with sluice's ParquetWriter, installed atomically, then _last_checkpoint. A
// table without the v2Checkpoint feature gets a classic v1 checkpoint. A table with it gets a
// v2 spec checkpoint: with delta.checkpointPolicy = 'v2' a UUID-named JSON checkpoint whose
// file actions are in one sidecar (the shape Spark writes), otherwise a classic-named one with
// its checkpointMetadata and the file actions inline. Multi-part checkpoints, deprecated by
// the protocol, are never written.
#pragma once

#include <string>
#include <vector>

#include "storage/delta/actions.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

//! The actions one checkpoint file holds (Parquet, or JSON when the name ends in .json), in
//! file order, checkpointMetadata and sidecar actions included; errors name the file and row.
std::vector<Action> readCheckpoint(const std::string& path);

//! The state a whole checkpoint holds: the actions of all its files, then those of its
//! sidecars; checkpointMetadata (checked against the version) and sidecar actions are left
//! out. FAILED_READ_FILE for a malformed file, DELTA_MISSING_PART_FILES for a missing one.
std::vector<Action> readCheckpoint(const LogStore& store, const CheckpointFiles& checkpoint);

//! Writes the checkpoint of `snapshot` (tombstones older than the table's
//! deletedFileRetentionDuration before `now_ms` are dropped) and updates _last_checkpoint.
LastCheckpoint writeCheckpoint(const LogStore& store, const Snapshot& snapshot, int64_t now_ms);

}  // namespace sluice::delta
