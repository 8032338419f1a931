// src/storage/delta/isolation_level.hpp
//
// Delta's isolation levels, which decide what a concurrent commit may change under a
// transaction. WriteSerializable (Databricks' default, table property delta.isolationLevel)
// serialises writes only: a blind append that committed while a DELETE, UPDATE, MERGE or
// overwrite ran does not conflict with it, the append being ordered after it. Serializable
// also refuses those appends. SnapshotIsolation is used by commits that change no data
// (OPTIMIZE), which no append can invalidate.
#pragma once

#include <string_view>

namespace sluice::delta {

enum class IsolationLevel { kWriteSerializable, kSerializable, kSnapshotIsolation };

//! The name commitInfo.isolationLevel records.
constexpr std::string_view isolationLevelName(IsolationLevel level) {
  switch (level) {
    case IsolationLevel::kWriteSerializable:
      return "WriteSerializable";
    case IsolationLevel::kSerializable:
      return "Serializable";
    case IsolationLevel::kSnapshotIsolation:
      return "SnapshotIsolation";
  }
  return "WriteSerializable";
}

}  // namespace sluice::delta
