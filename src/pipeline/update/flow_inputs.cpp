// src/pipeline/update/flow_inputs.cpp
#include "pipeline/update/flow_inputs.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "exec/table_function/delta_table_reader.hpp"
#include "exec/table_function/empty_source.hpp"
#include "exec/table_function/table_changes_function.hpp"
#include "storage/delta/appended_files.hpp"
#include "storage/delta/change_data_reader.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

TableFunctionBinding readWholeDataset(const Dataset& dataset,
                                      const std::vector<StructField>& schema,
                                      const std::string& location) {
  if (!delta::tableExists(location))
    return emptyBinding("Dataset " + dataset.name.toString(), schema);
  return deltaLatestBinding(dataset.name.toString(), location);
}

FlowInputs::FlowInputs(PipelineState& state, std::string flow_key,
                       const DatasetLocations& locations, std::optional<PlannedBatch> recovering)
    : state_(state),
      flow_key_(std::move(flow_key)),
      locations_(locations),
      recovering_(std::move(recovering)) {}

TableFunctionBinding FlowInputs::read(const Dataset& dataset,
                                      const std::vector<StructField>& schema,
                                      const DatasetReadMode& mode) const {
  std::string location = locations_.locationOf(dataset);
  if (!mode.stream)
    return readWholeDataset(dataset, schema, location);
  return streamRead(dataset.name, location, &schema, mode);
}

TableFunctionBinding FlowInputs::streamTable(const QualifiedTableName& name,
                                             const std::string& location,
                                             const DatasetReadMode& mode) const {
  return streamRead(name, location, nullptr, mode);
}

TableFunctionBinding FlowInputs::streamRead(const QualifiedTableName& name,
                                            const std::string& location,
                                            const std::vector<StructField>* schema,
                                            const DatasetReadMode& mode) const {
  std::string source = datasetKey(name);
  std::optional<std::pair<int64_t, int64_t>> range;
  // The table's latest snapshot, read once: for the range's end and the schema of no rows.
  std::shared_ptr<delta::Snapshot> latest_snapshot;
  if (recovering_) {
    auto recorded = recovering_->input.versions.find(source);
    if (recorded != recovering_->input.versions.end())
      range = recorded->second;
  } else if (delta::tableExists(location)) {
    latest_snapshot = std::make_shared<delta::Snapshot>(delta::openSnapshot(location));
    int64_t latest = latest_snapshot->version;
    std::optional<int64_t> processed = state_.processedVersion(flow_key_, source);
    // The first read of a stream takes the table as it stands (its live files at the latest
    // version, as Delta's streaming source starts from a snapshot); later reads take the
    // commits after the last version read.
    // A stream may start at a version instead (startingVersion, startingTimestamp); one
    // that starts after the latest commit reads nothing until a commit reaches its start.
    std::optional<int64_t> start = mode.starting_version;
    if (!processed && mode.starting_timestamp_ms) {
      delta::LogStore store(location);
      start = delta::firstVersionAtOrAfter(store, store.list(), *mode.starting_timestamp_ms)
                  .value_or(latest + 1);
    }
    if (!processed && start) {
      if (*start <= latest)
        range = std::make_pair(*start, latest);
    } else if (!processed) {
      range = std::make_pair(int64_t{-1}, latest);
    } else if (*processed < latest) {
      range = std::make_pair(*processed + 1, latest);
    }
  }
  if (!range) {
    std::vector<StructField> columns =
        schema != nullptr
            ? *schema
            : (latest_snapshot ? latest_snapshot->schema : delta::openSnapshot(location).schema);
    if (mode.read_change_feed)
      columns = withChangeFeedColumns(std::move(columns));
    return emptyBinding("Stream " + name.toString(), columns);
  }
  chosen_.versions[source] = *range;

  if (mode.read_change_feed && range->first >= 0) {
    return changeFeedBinding("Stream " + name.toString(),
                             delta::changesBetween(location, range->first, range->second));
  }
  std::shared_ptr<delta::Snapshot> snapshot =
      latest_snapshot && latest_snapshot->version == range->second
          ? std::move(latest_snapshot)
          : std::make_shared<delta::Snapshot>(delta::openSnapshot(location, {range->second, {}}));
  if (mode.read_change_feed)
    return changeFeedBinding("Stream " + name.toString(), delta::snapshotAsInserts(*snapshot));
  if (range->first < 0)
    return deltaSnapshotBinding("Stream " + name.toString(), std::move(snapshot));
  delta::AppendedFiles appended =
      delta::filesAppendedBetween(location, range->first, range->second, mode.skip_change_commits);
  if (appended.first_change_version && !mode.skip_change_commits) {
    throw Error(ErrorClass::DELTA_SOURCE_TABLE_IGNORE_CHANGES,
                fmt::format("Detected a data update (for example a full refresh, DELETE or "
                            "overwrite) in the source table {} at version {}; a streaming read "
                            "only takes appended rows. A full refresh of the table that reads "
                            "it starts over from the source's current rows; the read option "
                            "skipChangeCommits passes such commits over.",
                            name.quoted(), *appended.first_change_version));
  }
  snapshot->files.clear();
  for (const delta::AddFile& file : appended.files)
    snapshot->files[file.path] = file;
  return deltaSnapshotBinding("Stream " + name.toString(), std::move(snapshot));
}

std::vector<std::string> FlowInputs::selectFiles(const std::string& location,
                                                 const std::vector<std::string>& paths) const {
  std::vector<std::string> selected;
  if (recovering_) {
    auto recorded = recovering_->input.files.find(location);
    if (recorded != recovering_->input.files.end()) {
      for (const std::string& path : recorded->second) {
        if (std::binary_search(paths.begin(), paths.end(), path))
          selected.push_back(path);
      }
    }
  } else {
    std::set<std::string> processed = state_.processedFiles(flow_key_, location);
    for (const std::string& path : paths) {
      if (!processed.count(path))
        selected.push_back(path);
    }
  }
  std::vector<std::string>& chosen = chosen_.files[location];
  chosen.insert(chosen.end(), selected.begin(), selected.end());
  return selected;
}

}  // namespace sluice
