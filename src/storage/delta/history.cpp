// src/storage/delta/history.cpp
//
// Table history and details.

#include "storage/delta/history.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/commit_timestamps.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

namespace {

std::map<std::string, std::string> stringMap(const Json& commit_info, const char* key) {
  std::map<std::string, std::string> map;
  auto it = commit_info.find(key);
  if (it == commit_info.end() || !it->is_object())
    return map;
  for (auto entry = it->begin(); entry != it->end(); ++entry) {
    map[entry.key()] = entry->is_string() ? entry->get<std::string>() : dumpJson(*entry);
  }
  return map;
}

std::optional<std::string> optionalString(const Json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end() || !it->is_string())
    return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

std::vector<HistoryEntry> readHistory(const std::string& table_path, std::optional<int64_t> limit) {
  LogStore store(table_path);
  LogListing listing = store.list();
  if (listing.empty()) {
    throw Error(ErrorClass::DELTA_MISSING_DELTA_TABLE,
                fmt::format("`{}` is not a Delta table.", table_path));
  }
  std::vector<CommitTimestamp> timestamps = commitTimestamps(store, listing, 0);
  std::vector<HistoryEntry> history;
  for (auto it = timestamps.rbegin(); it != timestamps.rend(); ++it) {
    if (limit && static_cast<int64_t>(history.size()) >= *limit)
      break;
    HistoryEntry entry;
    entry.version = it->version;
    entry.timestamp = it->timestamp;
    for (const Action& action : store.readCommit(it->version)) {
      const auto* info = std::get_if<CommitInfo>(&action);
      if (!info)
        continue;
      const Json& fields = info->fields;
      entry.commit_info = fields;
      entry.operation = info->operation();
      entry.operation_parameters = stringMap(fields, "operationParameters");
      entry.operation_metrics = stringMap(fields, "operationMetrics");
      auto read_version = fields.find("readVersion");
      if (read_version != fields.end() && read_version->is_number_integer()) {
        entry.read_version = read_version->get<int64_t>();
      }
      entry.isolation_level = optionalString(fields, "isolationLevel");
      auto blind = fields.find("isBlindAppend");
      if (blind != fields.end() && blind->is_boolean())
        entry.is_blind_append = blind->get<bool>();
      entry.user_metadata = optionalString(fields, "userMetadata");
      entry.engine_info = optionalString(fields, "engineInfo");
      break;
    }
    history.push_back(std::move(entry));
  }
  return history;
}

TableDetail describeDetail(const std::string& table_path) {
  LogStore store(table_path);
  LogListing listing = store.list();
  Snapshot snapshot = loadSnapshot(store, listing, std::nullopt);
  TableDetail detail;
  detail.id = snapshot.metadata.id;
  detail.name = snapshot.metadata.name;
  detail.description = snapshot.metadata.description;
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(store.tablePath(), error);
  detail.location = "file:" + (error ? store.tablePath() : absolute.lexically_normal().string());
  detail.created_at = snapshot.metadata.created_time;
  detail.last_modified = snapshot.timestamp;
  detail.partition_columns = snapshot.metadata.partition_columns;
  detail.clustering_columns = snapshot.clusteringColumns();
  detail.num_files = static_cast<int64_t>(snapshot.files.size());
  detail.size_in_bytes = snapshot.sizeInBytes();
  detail.properties = snapshot.metadata.configuration;
  detail.min_reader_version = snapshot.protocol.min_reader_version;
  detail.min_writer_version = snapshot.protocol.min_writer_version;
  std::set<std::string> features;
  for (const auto& list : {snapshot.protocol.reader_features, snapshot.protocol.writer_features}) {
    if (list)
      features.insert(list->begin(), list->end());
  }
  detail.table_features.assign(features.begin(), features.end());
  return detail;
}

}  // namespace sluice::delta
