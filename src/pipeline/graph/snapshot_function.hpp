// src/pipeline/graph/snapshot_function.hpp
//
// The source of an AUTO CDC FROM SNAPSHOT flow that is a function rather than a table:
// Python's create_auto_cdc_from_snapshot_flow(source=next_snapshot_and_version). The function
// is called with the version of the last snapshot the flow processed (none on its first run and
// after a full refresh) and gives the next snapshot and its version, or nothing when there is no
// new one. The layer that registered it (src/python) implements it; an update calls it again
// after each snapshot it applies, until it gives nothing (flow_execution.cpp).
#pragma once

#include <optional>
#include <string>

#include "common/types/value.hpp"
#include "function/function.hpp"

namespace sluice {

//! One snapshot a snapshot function gives: its rows as a query and its version.
struct FunctionSnapshot {
  //! The Spark SQL text of the snapshot's DataFrame, its version added as the column
  //! __sluice_cdc_sequence (the flow's query, as change_capture.hpp lays it out).
  std::string query;
  //! A BIGINT, STRING, DATE or TIMESTAMP; never NULL.
  Value version;
};

class SnapshotFunction {
 public:
  virtual ~SnapshotFunction() = default;
  //! The snapshot after the one of version `latest` (nullopt before the first), or nullopt
  //! when there is none yet. `exec` gives the session time zone that timestamps are read in.
  //! Throws Error: PYTHON_EXCEPTION when the function raises, APPLY_CHANGES_FROM_SNAPSHOT_ERROR
  //! when what it returns is not a snapshot and a version of a supported type.
  virtual std::optional<FunctionSnapshot> next(const std::optional<Value>& latest,
                                               const ExecContext& exec) const = 0;
  //! "`next_snapshot_and_version`": how messages name the function.
  virtual std::string describe() const = 0;
};

}  // namespace sluice
