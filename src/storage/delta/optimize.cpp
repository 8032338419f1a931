// src/storage/delta/optimize.cpp
//
// Bin-packing compaction and clustering of a Delta table's files.

#include "storage/delta/optimize.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "storage/delta/data_file_writer.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"
#include "storage/delta/transaction.hpp"
#include "storage/delta/value_order.hpp"

namespace sluice::delta {

namespace {

constexpr const char* kLiquidProvider = "liquid";
//! Delta's spark.databricks.delta.optimize.maxDeletedRowsRatio: a file whose deletion vector
//! deletes more of its rows than this is rewritten whatever its size.
constexpr double kMaxDeletedRowsRatio = 0.05;

//! Whether `file`'s deletion vector deletes more than kMaxDeletedRowsRatio of its rows.
bool mostlyDeleted(const AddFile& file) {
  if (!file.deletion_vector || !file.stats)
    return false;
  std::optional<int64_t> records = parseFileStats(*file.stats, {}).num_records;
  if (!records || *records <= 0)
    return false;
  int64_t deleted = parseDeletionVectorDescriptor(*file.deletion_vector, file.path).cardinality;
  return static_cast<double>(deleted) > kMaxDeletedRowsRatio * static_cast<double>(*records);
}

//! Groups of files to rewrite together, per partition, in path order.
std::vector<std::vector<AddFile>> planBins(const std::vector<AddFile>& files, bool clustered,
                                           const OptimizeOptions& options) {
  std::map<std::string, std::vector<AddFile>> by_partition;
  for (const AddFile& file : files) {
    bool small = file.size < options.min_file_size;
    bool unclustered = clustered && file.clustering_provider != kLiquidProvider;
    bool chosen = options.purge ? file.deletion_vector.has_value()
                                : small || unclustered || mostlyDeleted(file);
    if (chosen)
      by_partition[partitionDirectory(file.partition_values)].push_back(file);
  }
  std::vector<std::vector<AddFile>> bins;
  for (auto& [partition, candidates] : by_partition) {
    std::vector<AddFile> bin;
    int64_t bin_size = 0;
    auto close_bin = [&] {
      // One file alone is rewritten only to cluster it or to drop its deleted rows.
      bool worth_it =
          bin.size() > 1 ||
          (bin.size() == 1 &&
           ((clustered && !options.purge && bin[0].clustering_provider != kLiquidProvider) ||
            bin[0].deletion_vector.has_value()));
      if (worth_it)
        bins.push_back(std::move(bin));
      bin.clear();
      bin_size = 0;
    };
    for (AddFile& file : candidates) {
      if (!bin.empty() && bin_size + file.size > options.max_file_size)
        close_bin();
      bin_size += file.size;
      bin.push_back(std::move(file));
    }
    close_bin();
  }
  return bins;
}

Batch flattened(Batch batch) {
  for (Vector& column : batch.columns)
    column.flatten(batch.num_rows);
  return batch;
}

//! Reads the data columns of `files` (which share one partition).
template <typename Consumer>
void readBin(const Snapshot& snapshot, const std::vector<AddFile>& files,
             const std::vector<std::string>& columns, Consumer consume) {
  Snapshot subset = snapshot;
  subset.files.clear();
  for (const AddFile& file : files)
    subset.files[decodeUriPath(file.path)] = file;
  DeltaTableScan scan(subset, columns);
  Batch batch;
  while (scan.next(batch))
    consume(flattened(std::move(batch)));
}

//! Writes the rows sorted by the clustering columns (NULLs first), in vector-sized batches.
void writeSorted(const std::vector<StructField>& fields, std::vector<std::vector<Value>> rows,
                 const std::vector<size_t>& sort_columns, DataFileWriter& writer) {
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& left, const auto& right) {
    for (size_t column : sort_columns) {
      int order = compareNullsFirst(left[column], right[column]);
      if (order != 0)
        return order < 0;
    }
    return false;
  });
  for (size_t start = 0; start < rows.size(); start += kVectorSize) {
    size_t end = std::min(rows.size(), start + kVectorSize);
    Batch batch;
    batch.num_rows = end - start;
    for (size_t column = 0; column < fields.size(); ++column) {
      Vector vector(fields[column].type, batch.num_rows);
      for (size_t row = start; row < end; ++row)
        vector.setValue(row - start, rows[row][column]);
      batch.columns.push_back(std::move(vector));
    }
    writer.write(batch);
  }
}

}  // namespace

OptimizeResult optimize(const std::string& table_path, const OptimizeOptions& options) {
  LogStore store(table_path);
  Snapshot snapshot = loadSnapshot(store);
  checkWriteSupported(snapshot.protocol, snapshot.metadata, store.tablePath());
  std::vector<std::string> clustering = snapshot.clusteringColumns();
  bool clustered = !clustering.empty();

  std::vector<StructField> data_fields = snapshot.dataSchema();
  std::vector<std::string> data_columns;
  for (const StructField& field : data_fields)
    data_columns.push_back(field.name);
  std::vector<size_t> sort_columns;
  for (const std::string& name : clustering) {
    for (size_t index = 0; index < data_fields.size(); ++index) {
      if (data_fields[index].name == name)
        sort_columns.push_back(index);
    }
  }

  std::vector<std::vector<AddFile>> bins =
      planBins(liveFiles(snapshot, options.where), clustered, options);
  OptimizeResult result;
  if (bins.empty())
    return result;

  DataFileOptions file_options;
  file_options.stats.num_indexed_cols = dataSkippingNumIndexedCols(snapshot.metadata);
  file_options.stats.string_prefix_length = dataSkippingStringPrefixLength(snapshot.metadata);
  if (clustered)
    file_options.clustering_provider = kLiquidProvider;
  // Files store the columns under their physical names (column mapping).
  std::vector<StructField> stored_fields = snapshot.column_mapping.physicalFields(data_fields);
  file_options.parquet.field_ids = snapshot.column_mapping.fieldIds(data_fields);

  int64_t now = epochMillis();
  CommitPlan plan;
  plan.read_version = snapshot.version;
  plan.checkpoint_interval = checkpointInterval(snapshot.metadata);
  int file_index = 0;
  for (const std::vector<AddFile>& bin : bins) {
    DataFileWriter writer(store.tablePath(), bin.front().partition_values, stored_fields,
                          file_options, file_index++);
    if (clustered) {
      std::vector<std::vector<Value>> rows;
      readBin(snapshot, bin, data_columns, [&](const Batch& batch) {
        for (idx_t row = 0; row < batch.num_rows; ++row) {
          std::vector<Value> values;
          for (const Vector& column : batch.columns)
            values.push_back(column.getValue(row));
          rows.push_back(std::move(values));
        }
      });
      writeSorted(data_fields, std::move(rows), sort_columns, writer);
    } else {
      readBin(snapshot, bin, data_columns, [&](const Batch& batch) { writer.write(batch); });
    }
    AddFile add = writer.finish(/*data_change=*/false);
    result.num_added_files += 1;
    result.num_added_bytes += add.size;
    plan.actions.emplace_back(std::move(add));
    for (const AddFile& file : bin) {
      plan.actions.emplace_back(removeOf(file, now, /*data_change=*/false));
      plan.read_files.insert(decodeUriPath(file.path));
      result.num_removed_files += 1;
      result.num_removed_bytes += file.size;
      result.num_deletion_vectors_removed += file.deletion_vector ? 1 : 0;
    }
  }

  // Delta records each parameter as its JSON text, so booleans too are strings.
  Json parameters = Json::object();
  parameters["predicate"] = "[]";
  if (options.purge) {
    parameters["applyPurge"] = "true";
  } else {
    parameters["clusterBy"] = jsonList(clustering);
    parameters["zOrderBy"] = "[]";
    parameters["auto"] = "false";
  }
  Json metrics = Json::object();
  metrics["numRemovedFiles"] = std::to_string(result.num_removed_files);
  metrics["numRemovedBytes"] = std::to_string(result.num_removed_bytes);
  metrics["numAddedFiles"] = std::to_string(result.num_added_files);
  metrics["numAddedBytes"] = std::to_string(result.num_added_bytes);
  metrics["numDeletionVectorsRemoved"] = std::to_string(result.num_deletion_vectors_removed);
  describeOperation(plan, options.purge ? "REORG" : "OPTIMIZE", parameters,
                    IsolationLevel::kSnapshotIsolation, false, metrics);
  plan.commit_info.fields["txnId"] = randomUuid();
  result.version = commitTransaction(store, std::move(plan)).version;
  return result;
}

}  // namespace sluice::delta
