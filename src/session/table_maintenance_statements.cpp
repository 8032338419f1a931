// src/session/table_maintenance_statements.cpp
//
// VACUUM and OPTIMIZE on a Delta table, with Delta's output:
//   VACUUM t [RETAIN n HOURS] -> path: one row, the table's location.
//   VACUUM t ... DRY RUN      -> path: one row per file that would be deleted.
//   OPTIMIZE t                -> path, metrics: one row. The metrics struct carries the subset
//     of Delta's OptimizeMetrics that sluice measures: numFilesAdded, numFilesRemoved, and
//     filesAdded / filesRemoved as struct<totalFiles, totalSize>.
//   RESTORE TABLE t TO VERSION | TIMESTAMP AS OF ... -> one row of Delta's restore metrics:
//     table_size_after_restore, num_of_files_after_restore, num_removed_files,
//     num_restored_files, removed_files_size, restored_files_size.
// VACUUM's retention check follows spark.databricks.delta.retentionDurationCheck.enabled.
#include <fmt/format.h>

#include "planner/binder/query_binder.hpp"
#include "session/catalog_statements.hpp"
#include "session/result_rows_builder.hpp"
#include "storage/delta/optimize.hpp"
#include "storage/delta/restore.hpp"
#include "storage/delta/vacuum.hpp"

namespace sluice {

namespace {

constexpr std::string_view kRetentionCheckKey =
    "spark.databricks.delta.retentionDurationCheck.enabled";

DataType fileSizeMetricsType() {
  return DataType::structOf({{"totalFiles", DataType::longType(), true, {}},
                             {"totalSize", DataType::longType(), true, {}}});
}

}  // namespace

StatementResult runVacuum(const sql::VacuumStatement& vacuum, CatalogSession& session) {
  DeltaTarget target = resolveDeltaTarget(vacuum.target, session, "VACUUM");
  delta::VacuumOptions options;
  options.retain_hours = vacuum.retain_hours;
  options.dry_run = vacuum.dry_run;
  std::optional<std::string> check = session.config(kRetentionCheckKey);
  options.retention_check = !check || *check != "false";
  delta::VacuumResult result = delta::vacuum(target.location, options);
  std::string location = fileUri(target.location);
  ResultRowsBuilder rows({"path"}, {DataType::string()});
  if (!vacuum.dry_run) {
    rows.addRow({Value::string(location)});
    return rows.finish();
  }
  for (const std::string& file : result.files)
    rows.addRow({Value::string(location + "/" + file)});
  return rows.finish();
}

StatementResult runOptimize(const sql::OptimizeStatement& optimize, CatalogSession& session) {
  DeltaTarget target =
      resolveDeltaTarget(optimize.target, session, optimize.purge ? "REORG" : "OPTIMIZE");
  delta::OptimizeOptions options;
  options.purge = optimize.purge;
  delta::OptimizeResult result = delta::optimize(target.location, options);
  DataType sizes = fileSizeMetricsType();
  DataType metrics = DataType::structOf({{"numFilesAdded", DataType::longType(), true, {}},
                                         {"numFilesRemoved", DataType::longType(), true, {}},
                                         {"filesAdded", sizes, true, {}},
                                         {"filesRemoved", sizes, true, {}}});
  auto fileSizes = [&](int64_t files, int64_t bytes) {
    return Value::nested(sizes, {Value::longValue(files), Value::longValue(bytes)});
  };
  ResultRowsBuilder rows({"path", "metrics"}, {DataType::string(), metrics});
  rows.addRow(
      {Value::string(fileUri(target.location)),
       Value::nested(metrics, {Value::longValue(result.num_added_files),
                               Value::longValue(result.num_removed_files),
                               fileSizes(result.num_added_files, result.num_added_bytes),
                               fileSizes(result.num_removed_files, result.num_removed_bytes)})});
  return rows.finish();
}

StatementResult runRestore(const sql::RestoreStatement& restore, CatalogSession& session) {
  sql::TableTarget written;
  written.name = restore.name;
  DeltaTarget target = resolveDeltaTarget(written, session, "RESTORE");
  TableVersion version = bindTimeTravel(restore.to, session.bindContext().exec, restore);
  delta::TimeTravel to;
  to.version = version.version;
  to.timestamp_ms = version.timestamp_ms;
  delta::RestoreResult result = delta::restoreTable(target.location, to);
  std::vector<std::string> names = {"table_size_after_restore", "num_of_files_after_restore",
                                    "num_removed_files",        "num_restored_files",
                                    "removed_files_size",       "restored_files_size"};
  ResultRowsBuilder rows(names, std::vector<DataType>(names.size(), DataType::longType()));
  rows.addRow(
      {Value::longValue(result.table_size_after_restore),
       Value::longValue(result.num_of_files_after_restore),
       Value::longValue(result.num_removed_files), Value::longValue(result.num_restored_files),
       Value::longValue(result.removed_files_size), Value::longValue(result.restored_files_size)});
  return rows.finish();
}

}  // namespace sluice
