// src/pipeline/update/view_distinct_state.cpp
#include "pipeline/update/view_distinct_state.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "common/error/error.hpp"
#include "exec/plan_optimization.hpp"
#include "exec/table_function/delta_table_reader.hpp"
#include "exec/table_sink.hpp"
#include "pipeline/update/incremental_refresh.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/appended_files.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! The key of the `index`-th state in ViewRefreshRecord::state_versions.
std::string stateKey(size_t index) {
  return std::to_string(index);
}

//! How a state is written: uncompressed, since each GROUP_AGGREGATE refresh reads it whole
//! and decompressing it cost more than the bytes saved (it is the view's internal data).
delta::TableWriteOptions stateWriteOptions(delta::WriteMode mode) {
  delta::TableWriteOptions options;
  options.mode = mode;
  options.operation = "MATERIALIZED VIEW STATE";
  options.file_options.parquet.codec = parquet::CompressionCodec::kUncompressed;
  return options;
}

}  // namespace

ViewDistinctStates::ViewDistinctStates(std::string pipeline_folder, std::string view_key,
                                       std::vector<StructField> view_schema,
                                       const LogicalOperator& plan)
    : pipeline_folder_(std::move(pipeline_folder)),
      view_key_(std::move(view_key)),
      view_schema_(std::move(view_schema)),
      schemas_(distinctStateSchemas(plan, view_schema_)) {}

std::string ViewDistinctStates::folder() const {
  return (std::filesystem::path(pipeline_folder_) / "distinct" / escapedFileName(view_key_))
      .string();
}

std::string ViewDistinctStates::location(size_t index) const {
  return (std::filesystem::path(folder()) / std::to_string(index)).string();
}

bool ViewDistinctStates::current(const std::optional<ViewRefreshRecord>& last) const {
  for (size_t index = 0; index < schemas_.size(); ++index) {
    if (!last)
      return false;
    auto recorded = last->state_versions.find(stateKey(index));
    if (recorded == last->state_versions.end() || !delta::tableExists(location(index)))
      return false;
    delta::Snapshot state = delta::openSnapshot(location(index));
    const std::vector<StructField>& expected = schemas_[index];
    if (state.version != recorded->second || state.schema.size() != expected.size())
      return false;
    for (size_t column = 0; column < expected.size(); ++column) {
      if (state.schema[column].name != expected[column].name ||
          state.schema[column].type != expected[column].type)
        return false;
    }
  }
  return true;
}

std::vector<TableFunctionBinding> ViewDistinctStates::addUnseenPairs(
    const ViewQueryBinder& new_rows, const ViewRefreshRecord& last, const ExecContext& exec,
    std::map<std::string, int64_t>& versions) const {
  std::vector<TableFunctionBinding> unseen;
  for (size_t index = 0; index < schemas_.size(); ++index) {
    std::string table = location(index);
    int64_t read_version = last.state_versions.at(stateKey(index));
    auto stored =
        std::make_shared<const delta::Snapshot>(delta::openSnapshot(table, {read_version, {}}));
    LogicalOperatorPtr plan = unseenPairsPlan(distinctPairsPlan(new_rows(), view_schema_, index),
                                              distinctPairsPlan(new_rows(), view_schema_, index),
                                              deltaSnapshotBinding(table, stored));
    delta::TableWriteOptions options = stateWriteOptions(delta::WriteMode::kAppend);
    options.read_version = read_version;
    int64_t version =
        writeToTable(optimizePlan(std::move(plan), exec).get(), exec, table, options).version;
    versions[stateKey(index)] = version;

    // The pairs just written, for the view's merge to count.
    auto added = std::make_shared<delta::Snapshot>(delta::openSnapshot(table, {version, {}}));
    added->files.clear();
    for (const delta::AddFile& file : delta::filesAppendedBetween(table, version, version).files)
      added->files[file.path] = file;
    unseen.push_back(deltaSnapshotBinding(table, std::move(added)));
  }
  return unseen;
}

std::vector<TableFunctionBinding> ViewDistinctStates::gather(
    const ViewQueryBinder& whole, const ExecContext& exec,
    std::map<std::string, int64_t>& versions) const {
  std::vector<TableFunctionBinding> states;
  std::error_code error;
  std::filesystem::remove_all(folder(), error);
  if (error) {
    throw Error(ErrorClass::INTERNAL_ERROR,
                fmt::format("Cannot remove the count(DISTINCT) state of {}: {}", view_key_,
                            error.message()));
  }
  for (size_t index = 0; index < schemas_.size(); ++index) {
    delta::TableWriteOptions options = stateWriteOptions(delta::WriteMode::kOverwrite);
    options.definition = delta::TableDefinition{};
    options.definition->schema = schemas_[index];
    LogicalOperatorPtr pairs = distinctPairsPlan(whole(), view_schema_, index);
    int64_t version =
        writeToTable(optimizePlan(std::move(pairs), exec).get(), exec, location(index), options)
            .version;
    versions[stateKey(index)] = version;
    states.push_back(deltaSnapshotBinding(
        location(index), std::make_shared<const delta::Snapshot>(
                             delta::openSnapshot(location(index), {version, {}}))));
  }
  return states;
}

}  // namespace sluice
