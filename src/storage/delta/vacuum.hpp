// src/storage/delta/vacuum.hpp
//
// VACUUM: deletes the files in a table's folder that no version inside the retention window
// still names. A file is kept when the latest snapshot has it, when a tombstone removed it
// less than the retention ago (an older version within the window names it), or when it was
// modified less than the retention ago (a writer may be about to commit it). _delta_log and
// other hidden entries ('_' or '.' first, except partition folders) are never touched. The
// retention is RETAIN n HOURS, else delta.deletedFileRetentionDuration (default 168 hours);
// asking for less than the table's retention is refused unless the check is turned off, as
// spark.databricks.delta.retentionDurationCheck.enabled does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sluice::delta {

struct VacuumOptions {
  std::optional<double> retain_hours;
  bool dry_run = false;
  bool retention_check = true;
  //! The current time in milliseconds; the clock's when absent.
  std::optional<int64_t> now_ms;
};

struct VacuumResult {
  //! Paths relative to the table folder, sorted; deleted, or in a dry run to be deleted.
  std::vector<std::string> files;
  int64_t retention_ms = 0;
};

VacuumResult vacuum(const std::string& table_path, const VacuumOptions& options = {});

}  // namespace sluice::delta
