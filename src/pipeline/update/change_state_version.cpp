// src/pipeline/update/change_state_version.cpp
#include "pipeline/update/change_state_version.hpp"

#include "common/text/ascii_case.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/update/change_state_columns.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

std::optional<SnapshotStateRecord> readSnapshotState(const std::string& state_location) {
  if (!delta::tableExists(state_location))
    return std::nullopt;
  delta::Snapshot snapshot = delta::openSnapshot(state_location);
  SnapshotStateRecord record;
  for (const StructField& field : snapshot.schema) {
    record.columns.push_back(field);
    if (sameIdentifier(field.name, kCdcSequenceColumn))
      break;
  }
  delta::DeltaTableScan scan(snapshot, {kCdcKindColumn, kCdcSequenceColumn});
  Batch rows;
  while (scan.next(rows)) {
    const Vector& kinds = rows.columns[0];
    for (idx_t row = 0; row < rows.num_rows; ++row) {
      if (!kinds.isNull(row) && kinds.at<StringView>(row).view() == kCdcSnapshotKind)
        record.version = rows.columns[1].getValue(row);
    }
  }
  return record;
}

}  // namespace sluice
