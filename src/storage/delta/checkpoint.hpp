// src/storage/delta/checkpoint.hpp
//
// Classic single-file Parquet checkpoints (PROTOCOL.md, "Checkpoints", V1 spec): one row per
// action of the reconciled state, one nullable struct column per action kind (txn, add,
// remove, metaData, protocol, domainMetadata), written with sluice's ParquetWriter and
// installed atomically as NNN.checkpoint.parquet, followed by _last_checkpoint. Reading
// accepts the checkpoints Spark writes (extra columns such as stats_parsed are ignored).
#pragma once

#include <string>
#include <vector>

#include "storage/delta/actions.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

//! The actions a checkpoint file holds, in file order; errors name the file and row.
std::vector<Action> readCheckpoint(const std::string& path);

//! Writes the checkpoint of `snapshot` (tombstones older than the table's
//! deletedFileRetentionDuration before `now_ms` are dropped) and updates _last_checkpoint.
LastCheckpoint writeCheckpoint(const LogStore& store, const Snapshot& snapshot, int64_t now_ms);

}  // namespace sluice::delta
