// src/pipeline/update/change_state_version.hpp
//
// What an AUTO CDC FROM SNAPSHOT flow's state (change_batch.hpp) says of the snapshots it
// applied, read without applying anything: the version of the last one, and the columns it
// kept. A snapshot function is called with that version (snapshot_function.hpp); the graph
// analysis learns the flow's columns from the state when the function has no new snapshot.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"

namespace sluice {

struct SnapshotStateRecord {
  //! The version of the last snapshot applied; none when the state holds no snapshot yet.
  std::optional<Value> version;
  //! The data columns the state keeps, in order, then the sequence column
  //! (__sluice_cdc_sequence) in the type of the versions.
  std::vector<StructField> columns;
};

//! The record of the state table at `state_location`; nullopt when there is no state (the
//! flow never ran, or a full refresh removed it).
std::optional<SnapshotStateRecord> readSnapshotState(const std::string& state_location);

}  // namespace sluice
